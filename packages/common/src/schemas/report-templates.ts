/**
 * The merge fields a company's test report template may use (issue 25 part 4, decision 40.32): the tags the built-in
 * report fills (apps/server test-report-document.ts). Flat keys with dots, read by docxtemplater's default parser;
 * every value is a ready string. `{#points}` repeats a sampled point (its paragraphs and table) and, inside it,
 * `{#params}` repeats a table row per parameter.
 */
export const REPORT_PLACEHOLDER_GROUPS = ['report', 'customer', 'company', 'points', 'params', 'signing'] as const;
export type ReportPlaceholderGroup = (typeof REPORT_PLACEHOLDER_GROUPS)[number];
export const REPORT_PLACEHOLDER_GROUP_LABELS: Record<ReportPlaceholderGroup, string> = {
  report: 'Phiếu kết quả',
  customer: 'Khách hàng và chuyến lấy mẫu',
  company: 'Công ty (phòng thử nghiệm)',
  points: 'Điểm lấy mẫu (trong vòng lặp {#points}…{/points})',
  params: 'Thông số (trong vòng lặp {#params}…{/params}, bên trong {#points})',
  signing: 'Ký phát hành và xác thực',
};

export interface ReportPlaceholder {
  group: ReportPlaceholderGroup;
  label: string;
  sample: string;
}

export const REPORT_PLACEHOLDERS = {
  'report.number': { group: 'report', label: 'Số phiếu', sample: '012/2026/PKQ' },
  'report.version': { group: 'report', label: 'Lần ban hành', sample: '1' },
  'report.correction': {
    group: 'report',
    label: 'Ghi chú sửa đổi (trống ở lần ban hành đầu)',
    sample: 'Thay thế phiếu lần 1. Lý do sửa đổi: Sai tên điểm lấy mẫu',
  },
  'report.sampling_dates': { group: 'report', label: 'Ngày lấy mẫu', sample: '12/03/2026, 13/03/2026' },
  'report.analysis_dates': { group: 'report', label: 'Ngày phân tích', sample: '14/03/2026 – 20/03/2026' },
  'report.regulations': { group: 'report', label: 'Quy chuẩn so sánh', sample: 'QCVN 40:2025/BTNMT, cột B' },
  'report.qc_statement': {
    group: 'report',
    label: 'Kiểm soát chất lượng',
    sample: 'Mẫu trắng, mẫu lặp và mẫu thêm chuẩn của đợt đều đạt tiêu chí chấp nhận.',
  },
  'report.note': { group: 'report', label: 'Ghi chú', sample: 'Mẫu do phòng thử nghiệm lấy.' },
  'customer.name': { group: 'customer', label: 'Tên khách hàng', sample: 'Công ty TNHH Bia Hà Nội - Mê Linh' },
  'trip.code': {
    group: 'customer',
    label: 'Chuyến lấy mẫu (và đợt quan trắc, nếu phiếu của một đợt)',
    sample: 'CLM-2026-0031 — Đợt: Quý I/2026 (CT-001)',
  },
  'company.name': {
    group: 'company',
    label: 'Tên công ty',
    sample: 'Công ty Cổ phần Quan trắc và Kỹ thuật Môi trường Xanh',
  },
  'company.address': { group: 'company', label: 'Địa chỉ công ty', sample: 'Số 18 Hoàng Quốc Việt, phường Nghĩa Đô, Hà Nội' },
  'company.contact': {
    group: 'company',
    label: 'Điện thoại và email công ty',
    sample: 'ĐT: 0243 7566 999 · Email: lienhe@moitruongxanh.vn',
  },
  'point.code': { group: 'points', label: 'Mã điểm', sample: 'NT-01' },
  'point.name': { group: 'points', label: 'Tên điểm', sample: 'Cửa xả nước thải sau xử lý' },
  'point.sample': { group: 'points', label: 'Mã mẫu', sample: 'NT-2603-001' },
  'point.taken_at': { group: 'points', label: 'Thời điểm lấy mẫu', sample: '12/03/2026 09:30' },
  'param.no': { group: 'params', label: 'Số thứ tự', sample: '1' },
  'param.name': { group: 'params', label: 'Thông số', sample: 'pH' },
  'param.result': { group: 'params', label: 'Kết quả', sample: '7,2' },
  'param.unit': { group: 'params', label: 'Đơn vị', sample: '-' },
  'param.method': { group: 'params', label: 'Phương pháp', sample: 'TCVN 6492:2011' },
  'param.limit': { group: 'params', label: 'Giới hạn', sample: '5,5 – 9' },
  'param.column': { group: 'params', label: 'Cột quy chuẩn', sample: 'B' },
  'param.verdict': { group: 'params', label: 'Đánh giá ("Vượt" khi vượt giới hạn)', sample: '' },
  'signer.name': { group: 'signing', label: 'Người ký phát hành', sample: 'Lê Văn Thành' },
  'signer.signed_at': { group: 'signing', label: 'Thời điểm ký', sample: '21/03/2026 15:10' },
  'verify.code': { group: 'signing', label: 'Mã xác thực', sample: 'K7P2-9QXM' },
  'verify.url': {
    group: 'signing',
    label: 'Địa chỉ trang kiểm tra phiếu',
    sample: 'https://qlcv.moitruongxanh.vn/kiem-tra-phieu/K7P2-9QXM',
  },
} as const satisfies Record<string, ReportPlaceholder>;
export type ReportPlaceholderKey = keyof typeof REPORT_PLACEHOLDERS;

const paramSamples = [
  {
    'param.no': '1',
    'param.name': 'pH',
    'param.result': '7,2',
    'param.unit': '-',
    'param.method': 'TCVN 6492:2011',
    'param.limit': '5,5 – 9',
    'param.column': 'B',
    'param.verdict': '',
  },
  {
    'param.no': '2',
    'param.name': 'COD',
    'param.result': '168',
    'param.unit': 'mg/L',
    'param.method': 'SMEWW 5220C:2023',
    'param.limit': '150',
    'param.column': 'B',
    'param.verdict': 'Vượt',
  },
];

/** Loops; `within` is the loop a loop must sit inside (its rows are the outer row's). */
export const REPORT_LOOPS = {
  points: {
    label: 'Các điểm lấy mẫu của phiếu',
    usage: 'Đặt {#points} và {/points} ở hai đoạn riêng quanh phần của một điểm (tiêu đề và bảng): lặp lại cho mỗi mẫu.',
    keys: ['point.code', 'point.name', 'point.sample', 'point.taken_at'],
    within: null,
    samples: [
      {
        'point.code': 'NT-01',
        'point.name': 'Cửa xả nước thải sau xử lý',
        'point.sample': 'NT-2603-001',
        'point.taken_at': '12/03/2026 09:30',
        params: paramSamples,
      },
    ],
  },
  params: {
    label: 'Các thông số của một điểm',
    usage: 'Bên trong {#points}: đặt {#params} ở ô đầu và {/params} ở ô cuối của một dòng bảng: lặp lại cho mỗi thông số.',
    keys: [
      'param.no',
      'param.name',
      'param.result',
      'param.unit',
      'param.method',
      'param.limit',
      'param.column',
      'param.verdict',
    ],
    within: 'points',
    samples: paramSamples,
  },
} as const;
export type ReportLoop = keyof typeof REPORT_LOOPS;

/** The help panel's catalogue (`GET /api/contract-templates/placeholders?kind=test_report`), shaped as the contracts'. */
export function reportPlaceholderCatalogue() {
  const loopOf = (group: ReportPlaceholderGroup): ReportLoop | null => (group === 'points' || group === 'params' ? group : null);
  return {
    groups: REPORT_PLACEHOLDER_GROUPS.map((group) => {
      const loop = loopOf(group);
      return {
        group,
        label: REPORT_PLACEHOLDER_GROUP_LABELS[group],
        loop,
        usage: loop ? REPORT_LOOPS[loop].usage : null,
        placeholders: Object.entries(REPORT_PLACEHOLDERS as Record<string, ReportPlaceholder>)
          .filter(([, p]) => p.group === group)
          .map(([key, p]) => ({ key, tag: `{${key}}`, label: p.label, sample: p.sample })),
      };
    }),
  };
}
