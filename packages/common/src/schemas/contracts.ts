import { z } from 'zod';
import {
  csvOf,
  dateSchema,
  idOf,
  idQuery,
  listQuery,
  moneySchema,
  optionalDate,
  optionalText,
  requiredText,
  versionSchema,
} from './common';
import { attachmentIds, documentSchema } from './documents';

// Issue 11, contracts (PRODUCT.md §3): line items priced from the service catalogue, VAT by the signing date,
// a status flow with one route per change.

export const CONTRACT_STATUSES = [
  'draft',
  'pending_approval',
  'signed',
  'in_progress',
  'completed',
  'liquidated',
  'cancelled',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const contractStatusSchema = z.enum(CONTRACT_STATUSES, { error: 'Trạng thái hợp đồng không hợp lệ' });
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Nháp',
  pending_approval: 'Chờ duyệt',
  signed: 'Đã ký',
  in_progress: 'Đang thực hiện',
  completed: 'Hoàn thành',
  liquidated: 'Đã thanh lý',
  cancelled: 'Đã hủy',
};

/** Statuses in which the contract's content (fields, items) may still be edited. */
export const CONTRACT_EDITABLE_STATUSES: readonly ContractStatus[] = ['draft', 'pending_approval'];
/** Statuses the "expiring soon" filter and the expiry reminder look at. */
export const CONTRACT_RUNNING_STATUSES: readonly ContractStatus[] = ['signed', 'in_progress'];
/** Days before end_date a running contract counts as expiring. */
export const CONTRACT_EXPIRING_DAYS = 30;

export const CONTRACT_VERBS = ['submit', 'return', 'sign', 'start', 'complete', 'liquidate', 'cancel'] as const;
export type ContractVerb = (typeof CONTRACT_VERBS)[number];

/** `POST /api/contracts/{id}/<verb>`: which statuses each verb leaves, where it goes, whether a note is required. */
export const CONTRACT_TRANSITIONS: Record<
  ContractVerb,
  { from: readonly ContractStatus[]; to: ContractStatus; label: string; noteRequired: boolean }
> = {
  submit: { from: ['draft'], to: 'pending_approval', label: 'Gửi duyệt', noteRequired: false },
  return: { from: ['pending_approval'], to: 'draft', label: 'Trả lại', noteRequired: true },
  sign: { from: ['pending_approval'], to: 'signed', label: 'Ký hợp đồng', noteRequired: false },
  start: { from: ['signed'], to: 'in_progress', label: 'Bắt đầu thực hiện', noteRequired: false },
  complete: { from: ['in_progress'], to: 'completed', label: 'Hoàn thành', noteRequired: false },
  liquidate: { from: ['completed'], to: 'liquidated', label: 'Thanh lý', noteRequired: false },
  cancel: {
    from: ['draft', 'pending_approval', 'signed', 'in_progress'],
    to: 'cancelled',
    label: 'Hủy hợp đồng',
    noteRequired: true,
  },
};

/**
 * The verbs that decide a contract waiting for approval: they need `contracts.approve`, and never by whoever submitted
 * it (QUALITY.md, separation of duties).
 */
export const CONTRACT_APPROVAL_VERBS: readonly ContractVerb[] = ['return', 'sign'];

/** The verbs allowed from a status, in the order the screen shows them. */
export const contractVerbsFrom = (status: ContractStatus): ContractVerb[] =>
  CONTRACT_VERBS.filter((v) => CONTRACT_TRANSITIONS[v].from.includes(status));

// VAT.

/** A service's VAT rate: not subject, 0, 5 or 10 %; the reduced 8 % comes from a dated rule, never stored here. */
export const CONTRACT_VAT_RATES = ['none', '0', '5', '10'] as const;
export type ContractVatRate = (typeof CONTRACT_VAT_RATES)[number];
export const VAT_RATE_LABELS: Record<ContractVatRate, string> = {
  none: 'Không chịu thuế',
  '0': '0 %',
  '5': '5 %',
  '10': '10 %',
};
export const vatRateSchema = z.enum(CONTRACT_VAT_RATES, { error: 'Thuế suất không hợp lệ (không chịu thuế, 0, 5 hoặc 10 %)' });

/** A dated reduction (`vat_rules`): from_rate becomes to_rate between valid_from and valid_to (inclusive). */
export const vatRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  from_rate: z.number(),
  to_rate: z.number(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
export type VatRule = z.infer<typeof vatRuleSchema>;

export const vatLineSchema = z.object({ rate: z.number(), base: z.number(), amount: z.number() });

// Bodies.

export const CONTRACT_MAX_ITEMS = 200;
/** How many approvers a contract's page names at most. */
export const CONTRACT_APPROVERS_SHOWN = 10;
export const CONTRACT_MAX_QUANTITY = 1_000_000;
export const CONTRACT_MAX_UNIT_PRICE = 100_000_000_000;
/**
 * Most one line may come to (VND): its quantity in thousandths × unit price then stays exact (below 2⁵³), and the
 * totals of 200 lines with their VAT far inside the `bigint` columns and a safe integer.
 */
export const CONTRACT_MAX_LINE_AMOUNT = 1_000_000_000_000;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** Multipart fields arrive as text: "true"/"1" and "false"/"0" are booleans too. */
const boolish = (v: unknown) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v);

const QUANTITY_MESSAGE = `Số lượng phải lớn hơn 0, tối đa ${CONTRACT_MAX_QUANTITY.toLocaleString('vi-VN')} và tối đa 3 chữ số thập phân`;

export const contractItemInput = z
  .object({
    service_id: z.preprocess(emptyToNull, idOf('Dịch vụ không hợp lệ').nullable().optional()),
    service_code: optionalText('mã dịch vụ', 50),
    name: requiredText('tên dịch vụ', 255),
    description: optionalText('mô tả', 2000),
    unit_name: requiredText('đơn vị tính', 50),
    // A decimal kept in thousandths (`quantity_milli`): bounded here, never coerced (a form's digits are made a
    // number by the multipart reader).
    quantity: z
      .number({ error: QUANTITY_MESSAGE })
      .positive(QUANTITY_MESSAGE)
      .max(CONTRACT_MAX_QUANTITY, QUANTITY_MESSAGE)
      .refine((q) => Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, QUANTITY_MESSAGE),
    unit_price: moneySchema(CONTRACT_MAX_UNIT_PRICE, {
      invalid: 'Đơn giá là số nguyên (đồng)',
      min: 'Đơn giá không được âm',
      max: 'Đơn giá quá lớn',
    }),
    vat_rate: vatRateSchema,
    vat_reducible: z.preprocess(boolish, z.boolean({ error: 'Giá trị “được giảm thuế” không hợp lệ' })).default(true),
  })
  .refine((i) => Math.round(i.quantity * 1000) * i.unit_price <= CONTRACT_MAX_LINE_AMOUNT * 1000, {
    message: `Thành tiền một dòng tối đa ${CONTRACT_MAX_LINE_AMOUNT.toLocaleString('vi-VN')} đ`,
    path: ['unit_price'],
  });
export type ContractItemInput = z.infer<typeof contractItemInput>;
export type ContractItemFormValues = z.input<typeof contractItemInput>;

const CUSTOMER_MESSAGE = 'Vui lòng chọn khách hàng';

const contractFields = {
  /** Left out or empty: generated from the company's pattern (`contract_number_pattern`). */
  number: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(50, 'Số hợp đồng tối đa 50 ký tự')
      .regex(/^[^\\?#%*:|"<>]+$/, 'Số hợp đồng không được chứa các ký tự \\ ? # % * : | " < >')
      .nullable()
      .optional(),
  ),
  customer_id: idOf(CUSTOMER_MESSAGE),
  template_id: z.preprocess(emptyToNull, idOf('Mẫu hợp đồng không hợp lệ').nullable().optional()),
  request_id: z.preprocess(emptyToNull, idOf('Yêu cầu không hợp lệ').nullable().optional()),
  title: requiredText('tên hợp đồng', 500),
  start_date: dateSchema,
  end_date: dateSchema,
  payment_terms: optionalText('điều khoản thanh toán', 5000),
  notes: optionalText('ghi chú', 5000),
  items: z
    .array(contractItemInput, { error: 'Vui lòng thêm ít nhất một dịch vụ' })
    .min(1, 'Vui lòng thêm ít nhất một dịch vụ')
    .max(CONTRACT_MAX_ITEMS, `Tối đa ${CONTRACT_MAX_ITEMS} dòng dịch vụ`),
  /** Documents uploaded beforehand (`POST /api/documents`) to attach. */
  attachment_ids: attachmentIds,
};

const datesInOrder = (b: { start_date?: string; end_date?: string }) =>
  !b.start_date || !b.end_date || b.end_date >= b.start_date;
const datesRule = { message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi', path: ['end_date'] };

export const contractCreateBody = z.object(contractFields).refine(datesInOrder, datesRule);
export type ContractCreateBody = z.infer<typeof contractCreateBody>;
export type ContractFormValues = z.input<typeof contractCreateBody>;

export const contractUpdateBody = z
  .object({
    ...contractFields,
    version: versionSchema,
  })
  .refine(datesInOrder, datesRule);
export type ContractUpdateBody = z.infer<typeof contractUpdateBody>;

/** Body of submit, start, complete, liquidate. */
export const contractVerbBody = z
  .object({ note: optionalText('ghi chú', 2000), version: versionSchema.optional() })
  .default({ note: null });
export type ContractVerbBody = z.infer<typeof contractVerbBody>;

/** Body of return and cancel: the reason is required. */
export const contractNoteRequiredBody = z.object({
  note: requiredText('lý do', 2000),
  version: versionSchema.optional(),
});
export type ContractNoteRequiredBody = z.infer<typeof contractNoteRequiredBody>;

/** Body of sign: the signing date decides the VAT rule. */
export const contractSignBody = z.object({
  signed_date: z.string({ error: 'Vui lòng nhập ngày ký' }).pipe(dateSchema),
  note: optionalText('ghi chú', 2000),
  version: versionSchema.optional(),
});
export type ContractSignBody = z.infer<typeof contractSignBody>;

// Lists.

export const CONTRACT_SORTS = [
  'number',
  'title',
  'signed_date',
  'start_date',
  'end_date',
  'total',
  'status',
  'created_at',
] as const;

export const contractListQuery = listQuery.extend({
  status: csvOf(contractStatusSchema).optional(),
  customer_id: idQuery.optional(),
  request_id: idQuery.optional(),
  /** `1`: signed / in progress and ending within 30 days (today included). */
  expiring: z.enum(['0', '1'], { error: 'Giá trị lọc sắp hết hạn không hợp lệ' }).optional(),
  /** Signed date between from and to (inclusive). */
  from: optionalDate,
  to: optionalDate,
});
export type ContractListQuery = z.infer<typeof contractListQuery>;

const ref = z.object({ id: z.number(), name: z.string() });
const customerRef = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const contractSchema = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  status: contractStatusSchema,
  customer: customerRef,
  signed_date: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  subtotal: z.number(),
  vat_amount: z.number(),
  total: z.number(),
  created_by: ref.nullable(),
  created_at: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

/**
 * What the list's "Tổng giá trị" adds up (issue 21): contracts signed and onward — signed, in progress, completed,
 * liquidated. Drafts and those waiting for approval are not worth anything yet, cancelled ones never will be: each is
 * summed apart.
 */
export const CONTRACT_VALUE_STATUSES: readonly ContractStatus[] = ['signed', 'in_progress', 'completed', 'liquidated'];
export const CONTRACT_UNSIGNED_STATUSES: readonly ContractStatus[] = ['draft', 'pending_approval'];

const contractSum = z.object({ count: z.number(), total: z.number() });
export type ContractSum = z.infer<typeof contractSum>;

export const contractListMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
  /**
   * Count and Σ total of every row the filters match (not only this page), by group: `signed` (CONTRACT_VALUE_STATUSES,
   * the value a reader means), `unsigned` (draft, pending approval), `cancelled`.
   */
  sums: z.object({ signed: contractSum, unsigned: contractSum, cancelled: contractSum }),
});
export const contractListSchema = z.object({ data: z.array(contractSchema), meta: contractListMeta });
export type ContractList = z.infer<typeof contractListSchema>;

export const contractItemSchema = z.object({
  id: z.number(),
  service_id: z.number().nullable(),
  service_code: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  unit_name: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  vat_rate: vatRateSchema,
  vat_reducible: z.boolean(),
  amount: z.number(),
  /** The rate charged on this line (8 while a reduction applies to a 10 % line); null when not subject. */
  applied_rate: z.number().nullable(),
});
export type ContractItem = z.infer<typeof contractItemSchema>;

export const contractDetailSchema = contractSchema.extend({
  template: ref.nullable(),
  request: z.object({ id: z.number(), code: z.string() }).nullable(),
  payment_terms: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(contractItemSchema),
  vat_lines: z.array(vatLineSchema),
  /** The dated rule that lowered a rate, and the sentence that says why (null when none did). */
  applied_rule: vatRuleSchema.nullable(),
  vat_note: z.string().nullable(),
  total_in_words: z.string(),
  attachments: z.array(documentSchema),
  /** The verbs the caller may use now: those of the status, but sign and return only to whoever may approve it. */
  actions: z.array(z.enum(CONTRACT_VERBS)),
  /** While it waits for approval: who submitted it and when, whether the caller may decide it, and who may. */
  approval: z
    .object({
      submitted_by: ref.nullable(),
      submitted_at: z.string().nullable(),
      can_approve: z.boolean(),
      /** Active users holding `contracts.approve`, the submitter left out (the first CONTRACT_APPROVERS_SHOWN by name). */
      approvers: z.array(ref),
    })
    .nullable(),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), document: z.boolean() }),
  version: z.number(),
  updated_at: z.string(),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

/** `GET /api/contracts/prefill?request_id=`: a new contract's values from a request. */
export const contractPrefillQuery = z.object({ request_id: idQuery });

export const contractPrefillSchema = z.object({
  customer_id: z.number(),
  customer: customerRef,
  request_id: z.number(),
  request: z.object({ id: z.number(), code: z.string() }),
  title: z.string(),
  items: z.array(
    z.object({
      service_id: z.number(),
      service_code: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      unit_name: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
      vat_rate: vatRateSchema,
      vat_reducible: z.boolean(),
    }),
  ),
});
export type ContractPrefill = z.infer<typeof contractPrefillSchema>;

// Number pattern (company setting `contract_number_pattern`).

export const DEFAULT_CONTRACT_NUMBER_PATTERN = '{seq:3}/{yyyy}/HĐ-QT';
export const CONTRACT_PATTERN_MESSAGE =
  'Mẫu số hợp đồng phải chứa {seq} hoặc {seq:N} (N từ 1 đến 9); có thể dùng {yyyy}, {yy}, {mm}';

/** Tokens: `{seq}` / `{seq:N}` (sequence of the year, zero-padded to N), `{yyyy}`, `{yy}`, `{mm}`. */
export function isContractNumberPattern(pattern: string): boolean {
  const tokens = pattern.match(/\{[^}]*\}/g) ?? [];
  const seqs = tokens.filter((t) => /^\{seq(:[1-9])?\}$/.test(t));
  return seqs.length === 1 && tokens.every((t) => /^\{(seq(:[1-9])?|yyyy|yy|mm)\}$/.test(t));
}

/** The number a pattern gives: formatContractNumber('{seq:3}/{yyyy}/HĐ-QT', 15, '2026-03-02') → '015/2026/HĐ-QT'. */
export function formatContractNumber(pattern: string, seq: number, date: string): string {
  const [yyyy = '', mm = ''] = date.split('-');
  return pattern.replace(/\{(seq(?::([1-9]))?|yyyy|yy|mm)\}/g, (_m, token: string, width?: string) => {
    if (token.startsWith('seq')) return String(seq).padStart(width ? Number(width) : 1, '0');
    if (token === 'yyyy') return yyyy;
    if (token === 'yy') return yyyy.slice(2);
    return mm;
  });
}

export const contractNumberPatternSchema = z
  .string({ error: CONTRACT_PATTERN_MESSAGE })
  .trim()
  .min(1, CONTRACT_PATTERN_MESSAGE)
  .max(100, 'Mẫu số hợp đồng tối đa 100 ký tự')
  .refine(isContractNumberPattern, CONTRACT_PATTERN_MESSAGE);
