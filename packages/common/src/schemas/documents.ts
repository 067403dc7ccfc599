import { z } from 'zod';
import { idSchema } from './common';

/** The types an upload may have, decided from its content (magic bytes), never from its name. */
export const DOCUMENT_TYPES = {
  'application/pdf': { ext: ['pdf'], label: 'PDF' },
  'image/png': { ext: ['png'], label: 'Ảnh PNG' },
  'image/jpeg': { ext: ['jpg', 'jpeg'], label: 'Ảnh JPEG' },
  'image/gif': { ext: ['gif'], label: 'Ảnh GIF' },
  'image/webp': { ext: ['webp'], label: 'Ảnh WebP' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: ['docx'], label: 'Word' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: ['xlsx'], label: 'Excel' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: ['pptx'], label: 'PowerPoint' },
  'application/msword': { ext: ['doc'], label: 'Word 97–2003' },
  'application/vnd.ms-excel': { ext: ['xls'], label: 'Excel 97–2003' },
  'text/plain': { ext: ['txt'], label: 'Văn bản' },
  'text/csv': { ext: ['csv'], label: 'CSV' },
} as const satisfies Record<string, { ext: readonly string[]; label: string }>;
export type DocumentMime = keyof typeof DOCUMENT_TYPES;

/** What the file picker may offer (`accept`); the server still decides by content. */
export const DOCUMENT_ACCEPT = Object.values(DOCUMENT_TYPES)
  .flatMap((t) => t.ext.map((e) => `.${e}`))
  .join(',');

export const documentSchema = z.object({
  id: z.number(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number(),
  checksum: z.string(),
  is_public: z.boolean(),
  created_at: z.string(),
  /** Where the file downloads from (`GET`, with the bearer token). */
  url: z.string(),
});
export type DocumentRecord = z.infer<typeof documentSchema>;

/** The form fields sent beside the files of `POST /api/documents`. */
export const documentUploadFields = z
  .object({
    is_public: z
      .enum(['0', '1', 'true', 'false'], { error: 'Giá trị công khai không hợp lệ' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
  })
  .default({});

export const documentUploadResponse = z.object({ data: z.array(documentSchema) });

/** Ids of documents uploaded beforehand and sent with a record's form. */
export const attachmentIds = z
  .array(idSchema, { error: 'Danh sách tệp đính kèm không hợp lệ' })
  .max(20, 'Tối đa 20 tệp đính kèm mỗi lần')
  .optional();
