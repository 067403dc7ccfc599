import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertState, hideAlert } from '../notify/alert-state';
import { registerToastApi } from '../notify/notify';
import type { ToastArgs } from '../notify/toast';
import { ApiError } from './api-error';
import { DEFAULT_HEADERS, HttpError, handleRequestError, REQUEST_TIMEOUT_MS, send, setUnauthorizedHandler } from './client';
import { clearErrorState, errorState } from './error-state';

function httpError(status: number | null, data: unknown, withToken = false): HttpError {
  const headers = withToken ? { ...DEFAULT_HEADERS, Authorization: 'Bearer t' } : { ...DEFAULT_HEADERS };
  return new HttpError('Request failed', status === null ? undefined : { status, data }, headers);
}

let toasts: ToastArgs[] = [];
beforeEach(() => {
  toasts = [];
  registerToastApi({ open: (args) => toasts.push(args) });
  clearErrorState();
  hideAlert();
});
afterEach(() => {
  registerToastApi(null);
  setUnauthorizedHandler(null);
});

// A real HTTP server on loopback: what the requester sends, and answers chosen per path.
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let base = '';
const seen: Seen[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/slow') return; // never answers
      if (path === '/empty') return res.writeHead(204).end();
      if (path === '/invalid') {
        res.writeHead(422, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            message: 'Dữ liệu không hợp lệ',
            errors: [{ field: 'name', message: 'Vui lòng nhập họ tên' }],
            error_code: 'VALIDATION_FAILED',
          }),
        );
      }
      if (path === '/file') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end('PK-xlsx');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('requester (seed §7), on fetch', () => {
  it('sends JSON with the default headers, the query from params, and unwraps the body', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    const res = await send<{ ok: boolean }>({
      method: 'POST',
      url: `${base}/api/things`,
      params: { search: 'nước thải', status: ['new', 'received'], empty: '', none: null },
      data: { name: 'Trạm 1' },
    });
    expect(res).toEqual({ status: 200, data: { ok: true } });
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/things?search=n%C6%B0%E1%BB%9Bc+th%E1%BA%A3i&status=new%2Creceived');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['x-language']).toBe('vi');
    expect(req.headers['x-device']).toBe('web');
    expect(req.headers.authorization).toBeUndefined(); // no token stored
    expect(JSON.parse(req.body)).toEqual({ name: 'Trạm 1' });
  });

  it('a GET carries no Content-Type; 204 gives undefined', async () => {
    expect(await send({ method: 'GET', url: `${base}/empty` })).toEqual({ status: 204, data: undefined });
    expect(seen.at(-1)!.headers['content-type']).toBeUndefined();
  });

  it('a FormData body is multipart with its boundary, whatever Content-Type the caller named', async () => {
    const form = new FormData();
    form.append('name', 'Mẫu hợp đồng');
    form.append('file', new Blob(['abc']), 'mau.docx');
    await send({ method: 'POST', url: `${base}/upload`, data: form, headers: { 'Content-Type': 'multipart/form-data' } });
    const req = seen.at(-1)!;
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toContain('Mẫu hợp đồng');
    expect(req.body).toContain('filename="mau.docx"');
  });

  it('a blob answer for downloads', async () => {
    const res = await send<Blob>({ method: 'GET', url: `${base}/file`, responseType: 'blob' });
    expect(res.data).toBeInstanceOf(Blob);
    expect(await res.data.text()).toBe('PK-xlsx');
  });

  it('a status ≥ 400 rejects with the status and the body, turned into the ApiError of seed §8', async () => {
    const error = await send({ method: 'POST', url: `${base}/invalid`, data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response?.status).toBe(422);
    const apiError = await handleRequestError(error, 'ignore');
    expect(apiError).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Dữ liệu không hợp lệ' });
    expect(apiError.fieldErrors()).toEqual({ name: ['Vui lòng nhập họ tên'] });
  });

  it('a timeout has no answer: status 400 and the default message', async () => {
    const error = await send({ method: 'GET', url: `${base}/slow`, timeout: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).canceled).toBe(false);
    expect(await handleRequestError(error, 'ignore')).toMatchObject({
      status: 400,
      message: 'Đã xảy ra sự cố.',
      canceled: false,
    });
  });

  it("the caller's cancel is a cancelled ApiError", async () => {
    const controller = new AbortController();
    const pending = send({ method: 'GET', url: `${base}/slow`, signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect((error as HttpError).canceled).toBe(true);
    expect(await handleRequestError(error, 'notification')).toMatchObject({ canceled: true, code: 'CANCELED' });
    expect(toasts).toHaveLength(0);
  });
});

describe('handleRequestError (seed §8)', () => {
  const body = {
    message: 'Dữ liệu không hợp lệ',
    errors: [{ field: 'name', message: 'Vui lòng nhập họ tên' }],
    error_code: 'VALIDATION_FAILED',
  };

  it('notification: a negative toast and the error state', async () => {
    const error = await handleRequestError(httpError(422, body), 'notification');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Dữ liệu không hợp lệ' });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ type: 'error', title: 'Dữ liệu không hợp lệ', placement: 'topRight' });
    expect(alertState.get().visible).toBe(false);
    expect(errorState.get()).toEqual({ status: 422, code: 'VALIDATION_FAILED', message: 'Dữ liệu không hợp lệ' });
  });

  it('alert: the alert with the message and the errors list, no toast', async () => {
    await handleRequestError(httpError(422, body), 'alert');
    expect(toasts).toHaveLength(0);
    expect(alertState.get()).toEqual({
      type: 'error',
      message: 'Dữ liệu không hợp lệ',
      errors: ['Vui lòng nhập họ tên'],
      visible: true,
    });
  });

  it('alert_notification: both', async () => {
    await handleRequestError(
      httpError(409, { message: 'Bản ghi đã bị người khác sửa', errors: [], error_code: 'CONFLICT' }),
      'alert_notification',
    );
    expect(toasts).toHaveLength(1);
    expect(alertState.get().visible).toBe(true);
    expect(errorState.get().status).toBe(409);
  });

  it('ignore: nothing shown, the error state untouched, the rejection still carries the error', async () => {
    const error = await handleRequestError(httpError(500, { message: 'Lỗi máy chủ' }), 'ignore');
    expect(error.message).toBe('Lỗi máy chủ');
    expect(toasts).toHaveLength(0);
    expect(alertState.get().visible).toBe(false);
    expect(errorState.get()).toEqual({ status: null, code: null, message: null });
  });

  it('no response: status 400 and the default message', async () => {
    const error = await handleRequestError(httpError(null, undefined), 'notification');
    expect(error).toMatchObject({ status: 400, code: null, message: 'Đã xảy ra sự cố.' });
    expect(errorState.get()).toEqual({ status: 400, code: null, message: 'Đã xảy ra sự cố.' });
  });

  it('reads a JSON error from a blob (downloads)', async () => {
    const blob = new Blob([JSON.stringify({ message: 'Không có quyền xuất dữ liệu', errors: [], error_code: 'FORBIDDEN' })]);
    const error = await handleRequestError(httpError(403, blob), 'notification');
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Không có quyền xuất dữ liệu' });
  });

  it('401 on a signed-in call: session-expired text and the session handler; the login page says it, no toast', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const error = await handleRequestError(
      httpError(401, { message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' }, true),
      'alert_notification',
    );
    expect(error.message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.');
    expect(errorState.get()).toMatchObject({
      status: 401,
      message: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.',
    });
    expect(toasts).toHaveLength(0);
    expect(alertState.get().visible).toBe(false);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('401 without a token (e.g. a guest call) does not end a session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await handleRequestError(httpError(401, { message: 'Unauthenticated.' }), 'ignore');
    expect(handler).not.toHaveBeenCalled();
  });
});
