import { type DisplayMode, type HttpRequest, handleRequestError, send } from './client';
import { toFormData } from './form-data';

export interface RequestOptions extends Omit<HttpRequest, 'url' | 'method' | 'data'> {
  /** How a failure is shown (seed §8); a toast unless told otherwise. */
  display?: DisplayMode;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(method: Method, url: string, data: unknown, options: RequestOptions = {}): Promise<T> {
  const { display = 'notification', ...config } = options;
  try {
    const response = await send<T>({ ...config, method, url, data });
    // Bodies are unwrapped; 204 gives undefined.
    return (response.status === 204 ? undefined : response.data) as T;
  } catch (error) {
    throw await handleRequestError(error, display);
  }
}

function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The generic requester of seed §7. */
export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('POST', url, data, options),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', url, data, options),
  patch: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PATCH', url, data, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),

  /** GET with `X-Export: xlsx`, as a blob, saved under `fileName`. */
  async download(url: string, params: Record<string, unknown> | undefined, fileName: string, options: RequestOptions = {}) {
    const blob = await request<Blob>('GET', url, undefined, {
      ...options,
      params,
      responseType: 'blob',
      headers: { ...options.headers, 'X-Export': 'xlsx' },
    });
    saveBlob(blob, fileName);
  },

  /** POST as multipart/form-data; nested objects and arrays become bracketed names. */
  upload: <T>(url: string, data: Record<string, unknown>, options: RequestOptions = {}) =>
    request<T>('POST', url, toFormData(data), options),
};
