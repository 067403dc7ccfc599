import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const STATUS_MESSAGES: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'Yêu cầu không hợp lệ.'],
  404: ['NOT_FOUND', 'Không tìm thấy đường dẫn.'],
  405: ['METHOD_NOT_ALLOWED', 'Phương thức không được hỗ trợ.'],
  406: ['NOT_ACCEPTABLE', 'Định dạng yêu cầu không được hỗ trợ.'],
  413: ['PAYLOAD_TOO_LARGE', 'Dữ liệu gửi lên quá lớn.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Kiểu dữ liệu gửi lên không được hỗ trợ.'],
  429: ['RATE_LIMITED', 'Bạn thao tác quá nhiều lần. Vui lòng thử lại sau.'],
  503: ['UNAVAILABLE', 'Hệ thống đang tạm dừng, vui lòng thử lại sau.'],
};

/** Constraint errors that slipped past a service's checks (a race between two writes) become a 409, not a 500. */
function constraintError(err: unknown): AppError | null {
  const code = (err as { code?: string })?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') {
    return new AppError(409, 'CONFLICT', 'Dữ liệu bị trùng với một bản ghi khác.');
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new AppError(409, 'CONFLICT', 'Dữ liệu đang được sử dụng hoặc tham chiếu tới bản ghi không tồn tại.');
  }
  return null;
}

/** Every error leaves as `{ message, errors, error_code }`; a 5xx never carries a stack or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ message: error.message, errors: error.errors, error_code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined,
        message: v.message ?? 'Giá trị không hợp lệ',
      }));
      return reply.status(422).send({
        message: errors[0]?.message ?? 'Dữ liệu không hợp lệ.',
        errors,
        error_code: 'VALIDATION_FAILED',
      });
    }
    const constraint = constraintError(error);
    if (constraint) {
      return reply.status(409).send({ message: constraint.message, errors: [], error_code: constraint.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const [code, message] = STATUS_MESSAGES[status] ?? ['BAD_REQUEST', 'Yêu cầu không hợp lệ.'];
      const jsonError = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
      return reply.status(status).send({
        message: jsonError ? 'Dữ liệu gửi lên không phải JSON hợp lệ.' : message,
        errors: [],
        error_code: code,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(Math.max(status, 500)).send({
      message: 'Đã xảy ra lỗi máy chủ. Vui lòng thử lại sau.',
      errors: [],
      error_code: 'SERVER_ERROR',
    });
  });
});
