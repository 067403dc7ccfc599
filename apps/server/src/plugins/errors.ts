import { hasControlChars, stripControlChars } from '@qlcv/common/schemas/common';
import type { FastifyError, FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { constraintAnswer } from '../lib/constraint-answers';
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

/**
 * Constraint errors that slipped past a service's checks (a race between two writes) and that no check's answer
 * covers (lib/constraint-answers.ts) become a 409, not a 500.
 */
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads control characters in its input itself (the public lookup, where they make a miss like any
     * other); every other route refuses them before validation.
     */
    rawText?: boolean;
    /**
     * The body field a unique or foreign-key violation names on this route, when the body does not call the column by
     * its name (the profile's one-column form `{ column, value }`).
     */
    constraintField?: string;
  }
}

/** A query parameter of this name is a search box: control characters are dropped from it, not refused. */
const SEARCH_PARAM = 'search';
/** Past this many, further fields with control characters are not listed. */
const MAX_LISTED = 20;

type FieldError = { field?: string; message: string };

const controlCharError = (field: string): FieldError =>
  field
    ? { field, message: `Trường "${field}" chứa ký tự không hợp lệ.` }
    : { message: 'Dữ liệu gửi lên chứa ký tự không hợp lệ.' };

/**
 * Every string of `value`, its keys included, checked for control characters; the offending fields come back as
 * dotted paths (`items.0.name`) like the validation errors'. Walked with a stack, so no nesting depth overflows it.
 */
function controlCharFields(value: unknown, root: string, out: FieldError[]) {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0 && out.length < MAX_LISTED) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (hasControlChars(v)) out.push(controlCharError(path));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlChars(key)) out.push(controlCharError(path ? `${path}.${stripControlChars(key)}` : stripControlChars(key)));
        else stack.push([child, childPath]);
      }
    }
  }
}

/**
 * Control characters (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F; tab and line breaks are text) in any
 * string of the body, the query or the path are refused with 422 before validation, for every route at once: PostgreSQL
 * refuses U+0000 in text, and none of them belongs in what people type. A `search` parameter has them dropped instead,
 * so a pasted search still searches. It runs after the multipart reader, so form fields are checked the same way.
 */
const refuseControlChars: preValidationHookHandler = (request: FastifyRequest, _reply, done) => {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') {
    const search = query[SEARCH_PARAM];
    if (typeof search === 'string') query[SEARCH_PARAM] = stripControlChars(search);
    else if (Array.isArray(search)) query[SEARCH_PARAM] = search.map((s) => (typeof s === 'string' ? stripControlChars(s) : s));
  }
  const errors: FieldError[] = [];
  controlCharFields(request.params, '', errors);
  controlCharFields(query, '', errors);
  controlCharFields(request.body, '', errors);
  if (errors.length === 0) return done();
  done(new AppError(422, 'VALIDATION_FAILED', errors[0]?.message ?? 'Dữ liệu không hợp lệ.', errors));
};

/** Every error leaves as `{ message, errors, error_code }`; a 5xx never carries a stack or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { db: Kysely<DB> }) => {
  // A route-level hook, so it runs after every app-level preValidation hook (the multipart reader among them).
  app.addHook('onRoute', (route) => {
    if ((route.config as { rawText?: boolean } | undefined)?.rawText) return;
    const own = route.preValidation;
    route.preValidation = [...(own ? [own].flat() : []), refuseControlChars];
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
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
    const answer = await constraintAnswer(
      error,
      {
        body: request.body,
        method: request.method,
        field: (request.routeOptions.config as { constraintField?: string } | undefined)?.constraintField,
      },
      opts.db,
    );
    if (answer) {
      return reply.status(answer.status).send({ message: answer.message, errors: answer.errors, error_code: answer.code });
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
