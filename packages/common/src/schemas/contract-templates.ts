import { z } from 'zod';
import { codeSchema, idParams, listQuery, optionalText, requiredText, versionSchema } from './common';
import { documentSchema } from './documents';

/**
 * The merge fields a contract template may use. docxtemplater's default parser reads a tag as a plain key, so the
 * keys are flat strings with dots (`{customer.name}`); nothing in a template is evaluated. Every value handed to the
 * renderer is already a formatted string (dates DD/MM/YYYY, money `1.234.567`).
 */
export const TEMPLATE_PLACEHOLDER_GROUPS = ['contract', 'customer', 'company', 'items', 'vat_lines', 'general'] as const;
export type TemplatePlaceholderGroup = (typeof TEMPLATE_PLACEHOLDER_GROUPS)[number];
export const TEMPLATE_PLACEHOLDER_GROUP_LABELS: Record<TemplatePlaceholderGroup, string> = {
  contract: 'Hợp đồng',
  customer: 'Khách hàng (Bên A)',
  company: 'Công ty (Bên B)',
  items: 'Dòng dịch vụ (trong vòng lặp {#items}…{/items})',
  vat_lines: 'Dòng thuế GTGT (trong vòng lặp {#vat_lines}…{/vat_lines})',
  general: 'Chung',
};

export interface TemplatePlaceholder {
  group: TemplatePlaceholderGroup;
  label: string;
  sample: string;
}

export const TEMPLATE_PLACEHOLDERS = {
  'contract.number': { group: 'contract', label: 'Số hợp đồng', sample: '015/2026/HĐ-QT' },
  'contract.title': {
    group: 'contract',
    label: 'Tên hợp đồng',
    sample: 'Quan trắc môi trường định kỳ năm 2026 tại Nhà máy Bia Hà Nội - Mê Linh',
  },
  'contract.signed_date': { group: 'contract', label: 'Ngày ký', sample: '15/01/2026' },
  'contract.start_date': { group: 'contract', label: 'Ngày bắt đầu thực hiện', sample: '20/01/2026' },
  'contract.end_date': { group: 'contract', label: 'Ngày kết thúc', sample: '31/12/2026' },
  'contract.payment_terms': {
    group: 'contract',
    label: 'Điều khoản thanh toán',
    sample:
      'Bên A tạm ứng 30% giá trị hợp đồng trong vòng 07 ngày kể từ ngày ký; thanh toán 70% còn lại trong vòng 15 ngày kể từ ngày nhận báo cáo kết quả và hóa đơn GTGT.',
  },
  'contract.subtotal': { group: 'contract', label: 'Cộng tiền dịch vụ (chưa thuế)', sample: '17.600.000' },
  'contract.vat_amount': { group: 'contract', label: 'Tiền thuế GTGT', sample: '1.408.000' },
  'contract.total': { group: 'contract', label: 'Tổng cộng (đã gồm thuế)', sample: '19.008.000' },
  'contract.total_in_words': {
    group: 'contract',
    label: 'Tổng cộng bằng chữ',
    sample: 'Mười chín triệu không trăm linh tám nghìn đồng',
  },
  'contract.vat_note': {
    group: 'contract',
    label: 'Ghi chú thuế suất áp dụng',
    sample: 'Thuế suất GTGT 8% áp dụng theo Nghị định 174/2025/NĐ-CP',
  },
  'customer.name': { group: 'customer', label: 'Tên khách hàng', sample: 'Công ty TNHH Bia Hà Nội - Mê Linh' },
  'customer.code': { group: 'customer', label: 'Mã khách hàng', sample: 'KH-0001' },
  'customer.tax_code': { group: 'customer', label: 'Mã số thuế khách hàng', sample: '2500123456' },
  'customer.address': {
    group: 'customer',
    label: 'Địa chỉ khách hàng',
    sample: 'Khu công nghiệp Quang Minh, thị trấn Chi Đông, huyện Mê Linh, Hà Nội',
  },
  'customer.representative': { group: 'customer', label: 'Người đại diện (Bên A)', sample: 'Nguyễn Văn Hùng' },
  'customer.representative_title': { group: 'customer', label: 'Chức vụ người đại diện (Bên A)', sample: 'Giám đốc' },
  'customer.phone': { group: 'customer', label: 'Điện thoại khách hàng', sample: '0243 8181 888' },
  'customer.email': { group: 'customer', label: 'Email khách hàng', sample: 'hanhchinh@biamelinh.vn' },
  'company.name': {
    group: 'company',
    label: 'Tên công ty',
    sample: 'Công ty Cổ phần Quan trắc và Kỹ thuật Môi trường Xanh',
  },
  'company.short_name': { group: 'company', label: 'Tên viết tắt', sample: 'MT Xanh' },
  'company.tax_code': { group: 'company', label: 'Mã số thuế công ty', sample: '0108765432' },
  'company.address': { group: 'company', label: 'Địa chỉ công ty', sample: 'Số 18 Hoàng Quốc Việt, phường Nghĩa Đô, Hà Nội' },
  'company.phone': { group: 'company', label: 'Điện thoại công ty', sample: '0243 7566 999' },
  'company.email': { group: 'company', label: 'Email công ty', sample: 'lienhe@moitruongxanh.vn' },
  'company.website': { group: 'company', label: 'Website công ty', sample: 'https://moitruongxanh.vn' },
  'company.representative': { group: 'company', label: 'Người đại diện (Bên B)', sample: 'Trần Thị Mai' },
  'company.representative_title': { group: 'company', label: 'Chức vụ người đại diện (Bên B)', sample: 'Giám đốc' },
  'company.bank_account': { group: 'company', label: 'Số tài khoản ngân hàng', sample: '0011004123456' },
  'company.bank_name': {
    group: 'company',
    label: 'Ngân hàng',
    sample: 'Ngân hàng TMCP Ngoại thương Việt Nam (Vietcombank) - Chi nhánh Thăng Long',
  },
  'item.no': { group: 'items', label: 'Số thứ tự', sample: '1' },
  'item.service_code': { group: 'items', label: 'Mã dịch vụ', sample: 'KK-01' },
  'item.name': { group: 'items', label: 'Tên dịch vụ', sample: 'Lấy mẫu và phân tích không khí xung quanh' },
  'item.description': { group: 'items', label: 'Mô tả dịch vụ', sample: '4 vị trí, 6 thông số' },
  'item.unit': { group: 'items', label: 'Đơn vị tính', sample: 'Mẫu' },
  'item.quantity': { group: 'items', label: 'Số lượng', sample: '4' },
  'item.unit_price': { group: 'items', label: 'Đơn giá', sample: '1.500.000' },
  'item.vat_rate': { group: 'items', label: 'Thuế suất GTGT', sample: '8%' },
  'item.amount': { group: 'items', label: 'Thành tiền', sample: '6.000.000' },
  'vat.rate': { group: 'vat_lines', label: 'Thuế suất', sample: '8%' },
  'vat.base': { group: 'vat_lines', label: 'Tiền chịu thuế', sample: '17.600.000' },
  'vat.amount': { group: 'vat_lines', label: 'Tiền thuế', sample: '1.408.000' },
  today: { group: 'general', label: 'Ngày hôm nay', sample: '15/01/2026' },
} as const satisfies Record<string, TemplatePlaceholder>;
export type TemplatePlaceholderKey = keyof typeof TEMPLATE_PLACEHOLDERS;

/** Loops: `{#items}…{/items}` repeats what is between them once per row; its keys are valid only inside it. */
export const TEMPLATE_LOOPS = {
  items: {
    label: 'Các dòng dịch vụ của hợp đồng',
    usage: 'Đặt {#items} ở ô đầu và {/items} ở ô cuối của một dòng bảng: dòng đó được lặp lại cho mỗi dịch vụ.',
    keys: [
      'item.no',
      'item.service_code',
      'item.name',
      'item.description',
      'item.unit',
      'item.quantity',
      'item.unit_price',
      'item.vat_rate',
      'item.amount',
    ],
    samples: [
      {
        'item.no': '1',
        'item.service_code': 'KK-01',
        'item.name': 'Lấy mẫu và phân tích không khí xung quanh',
        'item.description': '4 vị trí, 6 thông số',
        'item.unit': 'Mẫu',
        'item.quantity': '4',
        'item.unit_price': '1.500.000',
        'item.vat_rate': '8%',
        'item.amount': '6.000.000',
      },
      {
        'item.no': '2',
        'item.service_code': 'NT-02',
        'item.name': 'Lấy mẫu và phân tích nước thải công nghiệp',
        'item.description': '3 điểm xả, 12 thông số',
        'item.unit': 'Mẫu',
        'item.quantity': '3',
        'item.unit_price': '2.200.000',
        'item.vat_rate': '8%',
        'item.amount': '6.600.000',
      },
      {
        'item.no': '3',
        'item.service_code': 'BC-01',
        'item.name': 'Lập báo cáo quan trắc môi trường định kỳ',
        'item.description': '',
        'item.unit': 'Báo cáo',
        'item.quantity': '1',
        'item.unit_price': '5.000.000',
        'item.vat_rate': '8%',
        'item.amount': '5.000.000',
      },
    ],
  },
  vat_lines: {
    label: 'Các dòng thuế GTGT theo thuế suất',
    usage: 'Đặt {#vat_lines} … {/vat_lines} quanh một đoạn hoặc một dòng bảng: lặp lại cho mỗi thuế suất.',
    keys: ['vat.rate', 'vat.base', 'vat.amount'],
    samples: [{ 'vat.rate': '8%', 'vat.base': '17.600.000', 'vat.amount': '1.408.000' }],
  },
} as const satisfies Record<
  string,
  { label: string; usage: string; keys: readonly TemplatePlaceholderKey[]; samples: readonly Record<string, string>[] }
>;
export type TemplateLoop = keyof typeof TEMPLATE_LOOPS;

/** `GET /api/contract-templates/placeholders`: the catalogue for the help panel. */
export const templatePlaceholderCatalogueSchema = z.object({
  groups: z.array(
    z.object({
      /** A contract group, or a report group for `kind=test_report` (report-templates.ts). */
      group: z.string(),
      label: z.string(),
      loop: z.string().nullable(),
      usage: z.string().nullable(),
      placeholders: z.array(z.object({ key: z.string(), tag: z.string(), label: z.string(), sample: z.string() })),
    }),
  ),
});
export type TemplatePlaceholderCatalogue = z.infer<typeof templatePlaceholderCatalogueSchema>;

export function placeholderCatalogue(): TemplatePlaceholderCatalogue {
  const loopOf = (group: TemplatePlaceholderGroup) => (group === 'items' || group === 'vat_lines' ? group : null);
  return {
    groups: TEMPLATE_PLACEHOLDER_GROUPS.map((group) => {
      const loop = loopOf(group);
      return {
        group,
        label: TEMPLATE_PLACEHOLDER_GROUP_LABELS[group],
        loop,
        usage: loop ? TEMPLATE_LOOPS[loop].usage : null,
        placeholders: Object.entries(TEMPLATE_PLACEHOLDERS as Record<string, TemplatePlaceholder>)
          .filter(([, p]) => p.group === group)
          .map(([key, p]) => ({ key, tag: `{${key}}`, label: p.label, sample: p.sample })),
      };
    }),
  };
}

// --- API ---

/**
 * What a template prints (decision 40.32): a contract, or the company's test report (the report catalogue of
 * report-templates.ts). Chosen when the template is created; contracts pick only `contract` templates.
 */
export const TEMPLATE_KINDS = ['contract', 'test_report'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_KIND_LABELS: Record<TemplateKind, string> = {
  contract: 'Hợp đồng',
  test_report: 'Phiếu kết quả thử nghiệm',
};
const templateKind = z.enum(TEMPLATE_KINDS, { error: 'Loại mẫu không hợp lệ' });

/** `GET /api/contract-templates/placeholders?kind=`: which catalogue the help panel shows. */
export const templatePlaceholdersQuery = z.object({ kind: templateKind.optional().default('contract') });

const booleanish = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return v;
  },
  z.boolean({ error: 'Giá trị không hợp lệ' }),
);

/** Fields of a create/update (multipart form fields or JSON); the .docx comes as the `file` part. */
export const contractTemplateCreateBody = z.object({
  code: codeSchema('mã mẫu'),
  name: requiredText('tên mẫu hợp đồng', 200),
  description: optionalText('mô tả', 2000),
  active: booleanish.optional().default(true),
  /** Read on create only: a template's kind never changes (its file was checked against that kind's catalogue). */
  kind: templateKind.optional().default('contract'),
});
export type ContractTemplateCreateBody = z.infer<typeof contractTemplateCreateBody>;

export const contractTemplateUpdateBody = contractTemplateCreateBody.extend({
  /** From a form, its digits are made a number by the multipart reader, like any form's. */
  version: versionSchema,
});
export type ContractTemplateUpdateBody = z.infer<typeof contractTemplateUpdateBody>;

export const contractTemplateSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  kind: templateKind,
  placeholders: z.array(z.string()),
  file: documentSchema.nullable(),
  contracts_count: z.number(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

export const CONTRACT_TEMPLATE_SORTS = ['code', 'name', 'created_at', 'updated_at'] as const;
export const contractTemplateListQuery = listQuery.extend({
  active: z.enum(['0', '1']).optional(),
  kind: templateKind.optional(),
});
export type ContractTemplateListQuery = z.infer<typeof contractTemplateListQuery>;

export const contractTemplateOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type ContractTemplateOption = z.infer<typeof contractTemplateOptionSchema>;

export const contractTemplateIdParams = idParams;
