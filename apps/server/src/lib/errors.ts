import type { ErrorBody } from '@qlcv/common/schemas/common';

type FieldError = ErrorBody['errors'][number];

/** An error the client is meant to see: status, Vietnamese message, field errors and a stable code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Không tìm thấy dữ liệu.') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này.') => new AppError(403, 'FORBIDDEN', message);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Unauthenticated.');
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const staleVersion = () =>
  conflict('Bản ghi đã được người khác cập nhật. Vui lòng tải lại trang để xem thay đổi mới nhất trước khi lưu.');
export const invalid = (field: string, message: string, code = 'VALIDATION_FAILED') =>
  new AppError(422, code, message, [{ field, message }]);
export const rateLimited = (retryAfterSec: number) =>
  new AppError(429, 'RATE_LIMITED', `Bạn thao tác quá nhiều lần. Vui lòng thử lại sau ${retryAfterSec} giây.`, [], {
    'retry-after': String(retryAfterSec),
  });
