import axios, { type AxiosError } from 'axios';
import { getToken } from '../auth/token';
import { showAlert } from '../notify/alert-state';
import { notifyError } from '../notify/notify';
import { ApiError, DEFAULT_ERROR_STATUS, errorMessage, type FieldError } from './api-error';
import { errorState } from './error-state';
import { serializeParams } from './form-data';

/** Seed §8: how a failed call is shown. */
export type DisplayMode = 'ignore' | 'notification' | 'alert' | 'alert_notification';

export const REQUEST_TIMEOUT_MS = 30_000;

/** Seed §7: same-origin base, 30 s timeout, JSON, X-Language vi, X-Device web. */
export const http = axios.create({
  baseURL: '/',
  timeout: REQUEST_TIMEOUT_MS,
  headers: {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Language': 'vi',
    'X-Device': 'web',
  },
  paramsSerializer: { serialize: (params) => serializeParams(params) },
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

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
  if (axios.isCancel(error)) return new ApiError('Đã hủy yêu cầu.', 0, 'CANCELED', [], true, { cause: error });
  const ax = error as AxiosError;
  const status = ax.response?.status ?? DEFAULT_ERROR_STATUS;
  const body = await readBody(ax.response?.data);
  const message = errorMessage(body?.message);
  const code = typeof body?.error_code === 'string' ? body.error_code : null;
  const errors = fieldErrors(body?.errors);
  const apiError = new ApiError(message, status, code, errors, false, { cause: error });

  if (mode !== 'ignore') {
    errorState.set({ status, code, message });
    if (mode === 'notification' || mode === 'alert_notification') notifyError(message);
    if (mode === 'alert' || mode === 'alert_notification') {
      showAlert(message, { type: 'error', errors: errors.map((e) => e.message).filter((m) => m !== message) });
    }
  }

  // A 401 on a call made with a token: the session is over.
  if (ax.response?.status === 401 && ax.config?.headers?.Authorization && onUnauthorized) onUnauthorized();
  return apiError;
}
