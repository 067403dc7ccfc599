// The error every failed call rejects with (seed §8).
export const DEFAULT_ERROR_MESSAGE = 'Đã xảy ra sự cố.';
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const SESSION_EXPIRED_MESSAGE = 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.';
export const DEFAULT_ERROR_STATUS = 400;

export interface FieldError {
  field?: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 400 when the server gave none (network error, timeout). */
    readonly status: number,
    /** The server's `error_code`, e.g. VALIDATION_FAILED. */
    readonly code: string | null,
    readonly errors: FieldError[],
    /** True when the call was cancelled (no message shown). */
    readonly canceled = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Field errors keyed by field name, for forms. */
  fieldErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const e of this.errors) {
      if (!e.field) continue;
      const list = out[e.field] ?? [];
      list.push(e.message);
      out[e.field] = list;
    }
    return out;
  }
}

/** The message of seed §8: the server's message, else the default; "Unauthenticated." becomes the session-expired text. */
export function errorMessage(serverMessage: unknown): string {
  if (typeof serverMessage !== 'string' || serverMessage.trim() === '') return DEFAULT_ERROR_MESSAGE;
  return serverMessage === UNAUTHENTICATED_MESSAGE ? SESSION_EXPIRED_MESSAGE : serverMessage;
}
