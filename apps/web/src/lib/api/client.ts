import { getToken } from '../auth/token';
import { showAlert } from '../notify/alert-state';
import { notifyError } from '../notify/notify';
import { ApiError, DEFAULT_ERROR_STATUS, errorMessage, type FieldError } from './api-error';
import { errorState } from './error-state';
import { serializeParams } from './form-data';

/** Seed §8: how a failed call is shown. */
export type DisplayMode = 'ignore' | 'notification' | 'alert' | 'alert_notification';

export const REQUEST_TIMEOUT_MS = 30_000;

/** Seed §7: JSON, X-Language vi, X-Device web (and the token, added per call). */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  'Content-Type': 'application/json',
  'X-Language': 'vi',
  'X-Device': 'web',
};

export interface HttpRequest {
  method: string;
  /** Same origin: a path such as `/api/users`. */
  url: string;
  /** The query string's values (a list query object); empty ones are left out. */
  params?: object;
  /** JSON, or a FormData sent as multipart (the browser writes its Content-Type and boundary). */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  timeout?: number;
}

/** A failed call: the server's answer when there was one; none for a network error or a timeout. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly response: { status: number; data: unknown } | undefined,
    /** The headers sent (whether the call carried a token). */
    readonly sentHeaders: Readonly<Record<string, string>>,
    /** The caller cancelled it (its AbortSignal). */
    readonly canceled = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

async function readData(res: Response, type: 'json' | 'blob'): Promise<unknown> {
  if (res.status === 204) return undefined;
  if (type === 'blob' && res.ok) return res.blob();
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Seed §7's requester on the browser's fetch: same-origin, 30 s timeout, the default headers and the Bearer token.
 * Resolves with the status and the parsed body; rejects with an HttpError on a status ≥ 400, a network error, a
 * timeout or a cancel.
 */
export async function send<T>(req: HttpRequest): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { ...DEFAULT_HEADERS, ...req.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (typeof FormData !== 'undefined' && req.data instanceof FormData) {
    body = req.data;
    delete headers['Content-Type'];
  } else if (req.data !== undefined) body = JSON.stringify(req.data);
  else delete headers['Content-Type'];
  const query = serializeParams(req.params as Record<string, unknown> | undefined);
  const url = query ? `${req.url}${req.url.includes('?') ? '&' : '?'}${query}` : req.url;
  const timeout = AbortSignal.timeout(req.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;

  let res: Response;
  let data: unknown;
  try {
    res = await fetch(url, { method: req.method, headers, body, signal, credentials: 'same-origin' });
    data = await readData(res, req.responseType ?? 'json');
  } catch (error) {
    // No answer, or its body cut off: a network error, a timeout or a cancel.
    throw new HttpError('Network error', undefined, headers, req.signal?.aborted === true, { cause: error });
  }
  if (!res.ok) throw new HttpError(`Request failed with status ${res.status}`, { status: res.status, data }, headers);
  return { status: res.status, data: data as T };
}

/** Whether a failed call got no answer at all (no network, or the server out of reach), as opposed to a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  const cause = error instanceof HttpError ? error : error instanceof Error ? error.cause : undefined;
  return cause instanceof HttpError && cause.response === undefined && !cause.canceled;
}

let onUnauthorized: (() => void) | null = null;

/** The auth module registers what a 401 on a signed-in call does (clear the session, go to login). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

interface ServerErrorBody {
  message?: unknown;
  errors?: unknown;
  error_code?: unknown;
}

async function readBody(data: unknown): Promise<ServerErrorBody | null> {
  // Downloads ask for a blob: an error body then arrives as a Blob of JSON.
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text()) as ServerErrorBody;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as ServerErrorBody) : null;
}

function fieldErrors(errors: unknown): FieldError[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is { field?: unknown; message: string } => !!e && typeof e === 'object' && typeof e.message === 'string')
    .map((e) => (typeof e.field === 'string' ? { field: e.field, message: e.message } : { message: e.message }));
}

/** Seed §8: builds the message, shows it by mode, stores the error state (except `ignore`), and returns the error to reject with. */
export async function handleRequestError(error: unknown, mode: DisplayMode): Promise<ApiError> {
  const failed = error instanceof HttpError ? error : undefined;
  if (failed?.canceled) return new ApiError('Đã hủy yêu cầu.', 0, 'CANCELED', [], true, { cause: error });
  const status = failed?.response?.status ?? DEFAULT_ERROR_STATUS;
  const body = await readBody(failed?.response?.data);
  const message = errorMessage(body?.message);
  const code = typeof body?.error_code === 'string' ? body.error_code : null;
  const errors = fieldErrors(body?.errors);
  const apiError = new ApiError(message, status, code, errors, false, { cause: error });
  // A 401 on a call made with a token: the session is over. The login page it goes to says so, once: no toast or
  // alert over it (which would also bring Ant Design onto the plain sign-in page).
  const sessionOver = failed?.response?.status === 401 && !!failed.sentHeaders.Authorization && !!onUnauthorized;

  if (mode !== 'ignore') {
    errorState.set({ status, code, message });
    if (!sessionOver && (mode === 'notification' || mode === 'alert_notification')) notifyError(message);
    if (!sessionOver && (mode === 'alert' || mode === 'alert_notification')) {
      showAlert(message, { type: 'error', errors: errors.map((e) => e.message).filter((m) => m !== message) });
    }
  }

  if (sessionOver) onUnauthorized?.();
  return apiError;
}
