import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertState, hideAlert } from '../notify/alert-state';
import { registerToastApi } from '../notify/notify';
import type { ToastArgs } from '../notify/toast';
import { ApiError } from './api-error';
import { handleRequestError, http, REQUEST_TIMEOUT_MS, setUnauthorizedHandler } from './client';
import { clearErrorState, errorState } from './error-state';

function axiosError(status: number | null, data: unknown, withToken = false): AxiosError {
  const headers = new AxiosHeaders(withToken ? { Authorization: 'Bearer t' } : {});
  const config = { headers } as InternalAxiosRequestConfig;
  const response = status === null ? undefined : ({ status, data, headers: {}, config, statusText: '' } as AxiosResponse);
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
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

describe('requester defaults (seed §7)', () => {
  it('has the 30 s timeout and the default headers', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(http.defaults.timeout).toBe(30_000);
    const h = http.defaults.headers as unknown as Record<string, unknown>;
    expect(h.Accept).toBe('application/json');
    expect(h['Content-Type']).toBe('application/json');
    expect(h['X-Language']).toBe('vi');
    expect(h['X-Device']).toBe('web');
  });
});

describe('handleRequestError (seed §8)', () => {
  const body = {
    message: 'Dữ liệu không hợp lệ',
    errors: [{ field: 'name', message: 'Vui lòng nhập họ tên' }],
    error_code: 'VALIDATION_FAILED',
  };

  it('notification: a negative toast and the error state', async () => {
    const error = await handleRequestError(axiosError(422, body), 'notification');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Dữ liệu không hợp lệ' });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ type: 'error', title: 'Dữ liệu không hợp lệ', placement: 'topRight' });
    expect(alertState.get().visible).toBe(false);
    expect(errorState.get()).toEqual({ status: 422, code: 'VALIDATION_FAILED', message: 'Dữ liệu không hợp lệ' });
  });

  it('alert: the alert with the message and the errors list, no toast', async () => {
    await handleRequestError(axiosError(422, body), 'alert');
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
      axiosError(409, { message: 'Bản ghi đã bị người khác sửa', errors: [], error_code: 'CONFLICT' }),
      'alert_notification',
    );
    expect(toasts).toHaveLength(1);
    expect(alertState.get().visible).toBe(true);
    expect(errorState.get().status).toBe(409);
  });

  it('ignore: nothing shown, the error state untouched, the rejection still carries the error', async () => {
    const error = await handleRequestError(axiosError(500, { message: 'Lỗi máy chủ' }), 'ignore');
    expect(error.message).toBe('Lỗi máy chủ');
    expect(toasts).toHaveLength(0);
    expect(alertState.get().visible).toBe(false);
    expect(errorState.get()).toEqual({ status: null, code: null, message: null });
  });

  it('no response: status 400 and the default message', async () => {
    const error = await handleRequestError(axiosError(null, undefined), 'notification');
    expect(error).toMatchObject({ status: 400, code: null, message: 'Đã xảy ra sự cố.' });
    expect(errorState.get()).toEqual({ status: 400, code: null, message: 'Đã xảy ra sự cố.' });
  });

  it('reads a JSON error from a blob (downloads)', async () => {
    const blob = new Blob([JSON.stringify({ message: 'Không có quyền xuất dữ liệu', errors: [], error_code: 'FORBIDDEN' })]);
    const error = await handleRequestError(axiosError(403, blob), 'notification');
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Không có quyền xuất dữ liệu' });
  });

  it('401 on a signed-in call: session-expired text and the session handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const error = await handleRequestError(
      axiosError(401, { message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' }, true),
      'notification',
    );
    expect(error.message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.');
    expect(toasts[0]?.title).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('401 without a token (e.g. a guest call) does not end a session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await handleRequestError(axiosError(401, { message: 'Unauthenticated.' }), 'ignore');
    expect(handler).not.toHaveBeenCalled();
  });
});
