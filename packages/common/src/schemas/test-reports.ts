import { z } from 'zod';
import { idOf, idQuery, optionalText, requiredText, versionSchema } from './common';

/** Issue 25 part 4: test reports (phiếu kết quả thử nghiệm), one row per version. */
export const TEST_REPORT_STATES = ['draft', 'signed'] as const;
export const TEST_REPORT_STATE_LABELS: Record<(typeof TEST_REPORT_STATES)[number], string> = {
  draft: 'Nháp',
  signed: 'Đã ký phát hành',
};

export const testReportListQuery = z.object({
  customer_id: idQuery.optional(),
  trip_id: idQuery.optional(),
  state: z.enum(TEST_REPORT_STATES).optional(),
});
export type TestReportListQuery = z.infer<typeof testReportListQuery>;

export const testReportCreateBody = z.object({
  trip_id: idOf('Chuyến lấy mẫu không hợp lệ'),
  customer_id: idOf('Khách hàng không hợp lệ'),
  /** One round of the trip at that customer's sites; left out or null: every round of the trip for the customer. */
  round_id: idOf('Đợt quan trắc không hợp lệ').nullable().optional(),
  note: optionalText('Ghi chú', 2000),
});

/** `GET /api/test-reports/rounds`: the rounds a report of a trip and customer may be limited to. */
export const testReportRoundsQuery = z.object({ trip_id: idQuery, customer_id: idQuery });
export const testReportRoundSchema = z.object({
  id: z.number(),
  name: z.string(),
  program: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  site: z.object({ id: z.number(), code: z.string(), name: z.string() }),
});
export type TestReportRound = z.infer<typeof testReportRoundSchema>;
/** A round as a report names it: "Tháng 3/2026 (CT-001)" (the sample page's habit). */
export const testReportRoundLabel = (r: { name: string; program_code: string }) => `${r.name} (${r.program_code})`;
export const testReportUpdateBody = z.object({
  version: versionSchema,
  note: optionalText('Ghi chú', 2000),
  qc_statement: optionalText('Nhận xét kiểm soát chất lượng', 2000),
});
export const testReportSignBody = z.object({ version: versionSchema });
export const testReportCorrectBody = z.object({
  version: versionSchema,
  reason: requiredText('Lý do sửa đổi', 1000),
});

export const testReportRowSchema = z.object({
  point_code: z.string(),
  point_name: z.string(),
  sample_code: z.string(),
  taken_at: z.string(),
  parameter: z.string(),
  result: z.string(),
  unit: z.string(),
  method: z.string(),
  limit: z.string().nullable(),
  column: z.string().nullable(),
  regulation: z.string().nullable(),
  exceeded: z.boolean(),
  analyst_id: z.number().nullable(),
  analysed_on: z.string().nullable(),
});

export const testReportSchema = z.object({
  id: z.number(),
  number: z.string(),
  report_version: z.number(),
  trip: z.object({ id: z.number(), code: z.string() }),
  customer: z.object({ id: z.number(), name: z.string() }),
  /** The one round the report holds; null: every round of the trip for the customer. */
  round: z.object({ id: z.number(), name: z.string(), program_code: z.string() }).nullable(),
  state: z.enum(TEST_REPORT_STATES),
  note: z.string().nullable(),
  qc_statement: z.string().nullable(),
  correction_reason: z.string().nullable(),
  signed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  signed_at: z.string().nullable(),
  verify_code: z.string().nullable(),
  file_sha256: z.string().nullable(),
  replaced_by: z.number().nullable(),
  replaced_at: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
});
export type TestReport = z.infer<typeof testReportSchema>;

export const testReportDetailSchema = testReportSchema.extend({ rows: z.array(testReportRowSchema) });
export type TestReportDetail = z.infer<typeof testReportDetailSchema>;

export const testReportCodeParams = z.object({ code: z.string().regex(/^[A-Z2-9]{16}$/, 'Mã xác thực không hợp lệ') });
export const testReportVerification = z.object({
  number: z.string(),
  report_version: z.number(),
  customer_name: z.string(),
  sampling_dates: z.array(z.string()),
  issued_at: z.string(),
  replaced: z.boolean(),
  replaced_by: z.object({ number: z.string(), report_version: z.number() }).nullable(),
  file_sha256: z.string().nullable(),
});

/** A customer's signed report on their request's public result page: what is printed on it, and its code. */
export const customerTestReportSchema = z.object({
  number: z.string(),
  report_version: z.number(),
  trip_code: z.string(),
  issued_at: z.string(),
  verify_code: z.string(),
});
export type CustomerTestReport = z.infer<typeof customerTestReportSchema>;

/** `001/2026/PKQ` lần 2 → `phieu-ket-qua-001-2026-PKQ-v2.docx` (the server's Content-Disposition and the browser's). */
export const testReportFileName = (number: string, version: number, ext: 'docx' | 'pdf' = 'docx') =>
  `phieu-ket-qua-${number.replace(/[/\\\s]+/g, '-')}-v${version}.${ext}`;

/** `GET /api/test-reports/:id/document`: the signed version's stored .docx, or its PDF where a converter ran. */
export const TEST_REPORT_DOCUMENT_FORMATS = ['docx', 'pdf'] as const;
export const testReportDocumentQuery = z.object({
  format: z.enum(TEST_REPORT_DOCUMENT_FORMATS, { error: 'Định dạng tệp phải là docx hoặc pdf' }).default('docx'),
});
