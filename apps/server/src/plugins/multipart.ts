import fastifyMultipart from '@fastify/multipart';
import type { DocumentMime } from '@qlcv/common/schemas/documents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, invalid } from '../lib/errors';
import { detectType, Sniffer, safeFileName } from '../lib/file-type';
import { numbersFromForm, parseBracketed, parseFieldName } from '../lib/multipart';
import type { Storage, TempFile } from '../lib/storage';

/** A file of the current request, received into the temporary area and typed by its content. */
export interface Upload extends TempFile {
  /** The form field it came in (`attachments[]`, `file`). */
  field: string;
  /** The field's name before its brackets (`attachments`). */
  base: string;
  /** The name it will be shown and downloaded under (cleaned, extension matching the type). */
  originalName: string;
  mime: DocumentMime;
  /** The key a document row reserved for it; the file moves there once that row has committed. */
  storageKey: string | null;
  /** Set when the file has moved to its storage key; until then it is deleted when the request ends. */
  committed: boolean;
}

/** Routes that take files say so: `config: { multipart: true }` or `{ multipart: { maxFiles: 5 } }`. */
export interface MultipartRouteConfig {
  maxFiles?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: boolean | MultipartRouteConfig;
  }
  interface FastifyRequest {
    /** The files of a multipart request, once its body has been read; null for other requests. */
    uploads: Upload[] | null;
  }
}

export interface MultipartOptions {
  storage: Storage;
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
}

const tooLarge = (message: string, field?: string) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ ...(field ? { field } : {}), message }]);

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Registers @fastify/multipart once with the upload limits, and reads a multipart body before validation:
 * fields become a nested object through their bracketed names (`request.body`), files are streamed to the temporary
 * area, hashed and typed by content (`request.uploads`). A file not committed by the route is deleted when the
 * request ends, whatever its outcome, so a failed request leaves no file behind.
 */
export const multipartPlugin = fp(async (app: FastifyInstance, opts: MultipartOptions) => {
  const { storage, maxFileBytes, maxFiles, maxFields } = opts;
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: maxFileBytes,
      files: maxFiles,
      fields: maxFields,
      parts: maxFiles + maxFields,
      fieldSize: 1024 * 1024,
      fieldNameSize: 200,
      headerPairs: 100,
    },
  });
  app.decorateRequest('uploads', null);

  const discardAll = async (request: FastifyRequest) => {
    for (const u of request.uploads ?? []) if (!u.committed) await storage.discard(u.tempPath);
  };

  function translate(err: unknown, routeMaxFiles: number, field: string | undefined): unknown {
    if (err instanceof AppError) return err;
    const code = (err as { code?: string }).code;
    switch (code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        return tooLarge(`Tệp vượt quá dung lượng cho phép (tối đa ${mb(maxFileBytes)} mỗi tệp).`, field);
      case 'FST_FILES_LIMIT':
        return tooLarge(`Chỉ được gửi tối đa ${routeMaxFiles} tệp mỗi lần.`);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        return tooLarge(`Biểu mẫu có quá nhiều trường (tối đa ${maxFields}).`);
      case 'FST_PROTO_VIOLATION':
        return new AppError(422, 'VALIDATION_FAILED', 'Tên trường không được phép.', [
          { message: 'Tên trường không được phép.' },
        ]);
      case 'FST_INVALID_JSON_FIELD_ERROR':
        return new AppError(422, 'VALIDATION_FAILED', 'Giá trị trường không hợp lệ.', [
          { message: 'Giá trị trường không hợp lệ.' },
        ]);
    }
    // Malformed multipart (no boundary, a part cut short, the client gone): the body cannot be read.
    const message = err instanceof Error ? err.message : '';
    if (code?.startsWith('FST_') || /multipart|unexpected end|malformed|boundary/i.test(message)) {
      return new AppError(400, 'BAD_REQUEST', 'Dữ liệu biểu mẫu gửi lên không hợp lệ.');
    }
    return err;
  }

  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const spec = request.routeOptions.config.multipart;
    if (!spec) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Đường dẫn này không nhận tệp hoặc biểu mẫu multipart.');
    }
    const routeMaxFiles = Math.min(typeof spec === 'object' && spec.maxFiles ? spec.maxFiles : maxFiles, maxFiles);
    const uploads: Upload[] = [];
    request.uploads = uploads;
    const fields: [string, string][] = [];
    let current: string | undefined;
    try {
      for await (const part of request.parts({ limits: { files: routeMaxFiles, parts: routeMaxFiles + maxFields } })) {
        current = part.fieldname;
        const segments = parseFieldName(part.fieldname);
        if (part.type === 'field') {
          if (part.fieldnameTruncated) throw invalid(part.fieldname, 'Tên trường quá dài.');
          if (part.valueTruncated) throw tooLarge('Giá trị của trường quá dài.', part.fieldname);
          if (typeof part.value !== 'string') throw invalid(part.fieldname, 'Giá trị trường phải là văn bản.');
          fields.push([part.fieldname, part.value]);
          continue;
        }
        // Browsers escape a file name's quote and line breaks as %22, %0D, %0A (HTML multipart encoding).
        const filename = part.filename?.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n') ?? '';
        const sniffer = new Sniffer();
        const temp = await storage.receive(part.file, sniffer.feed);
        const upload: Upload = {
          ...temp,
          field: part.fieldname,
          base: String(segments[0]),
          originalName: filename,
          mime: 'text/plain',
          storageKey: null,
          committed: false,
        };
        uploads.push(upload);
        if (part.file.truncated) throw translate({ code: 'FST_REQ_FILE_TOO_LARGE' }, routeMaxFiles, part.fieldname);
        const head = sniffer.finish();
        if (temp.size === 0) {
          // A file input left empty sends a nameless, empty part: it is no file at all.
          if (!filename) {
            uploads.pop();
            await storage.discard(temp.tempPath);
            continue;
          }
          throw invalid(part.fieldname, `Tệp "${safeFileName(filename, 'text/plain')}" rỗng.`);
        }
        const mime = await detectType(temp.tempPath, temp.size, head, sniffer.textOk, filename);
        if (!mime) {
          throw invalid(
            part.fieldname,
            'Loại tệp không được hỗ trợ. Chỉ nhận PDF, ảnh (PNG, JPEG, GIF, WebP), Word, Excel, PowerPoint, văn bản (TXT, CSV).',
          );
        }
        upload.mime = mime;
        upload.originalName = safeFileName(filename, mime);
      }
      request.body = numbersFromForm(request.routeOptions.schema?.body, parseBracketed(fields));
    } catch (err) {
      await discardAll(request);
      request.uploads = [];
      throw translate(err, routeMaxFiles, current);
    }
  });

  // The safety net: whatever the route did not commit is deleted once the answer has gone.
  app.addHook('onResponse', async (request) => {
    if (request.uploads?.length) await discardAll(request);
  });
});
