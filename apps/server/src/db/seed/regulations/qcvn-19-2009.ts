import { limitsOf, type TableRow } from './table';
import type { RegulationSeed } from './types';

/*
 * QCVN 19:2009/BTNMT — khí thải công nghiệp đối với bụi và các chất vô cơ (Thông tư 25/2009/TT-BTNMT ngày 16/11/2009).
 *
 * Where each value comes from (pages read through the search tool's stored copies):
 * - Issued with Thông tư 25/2009/TT-BTNMT dated 2009-11-16; Nm³ at 25 °C and 760 mmHg; Kp a factor of the emission
 *   flow: https://fr.scribd.com/document/381756688/QCVN-19-2009-BTNMT (English text; its stored copy ends in §1.3.4).
 * - In force from 2010-01-01 (Thông tư 25/2009, Điều 2): memory only — no stored page shows the article.
 * - Replaced by QCVN 19:2024/BTNMT (Thông tư 45/2024/TT-BTNMT, in force 2025-07-01); facilities operating, or with an
 *   approved EIA / permit / registration, before then keep the old emission regulations until 2031-12-31:
 *   https://enviapac.com.vn/en/node/106, https://m.thuvienphapluat.vn/TCVN/Tai-nguyen-Moi-truong/QCVN-19-2024-BTNMT-Khi-thai-cong-nghiep-921381.aspx.
 * - Columns A / B (§2.1.2) and Cmax = C × Kp × Kv for every parameter: memory only.
 *
 * Bảng 1 — nồng độ C (mg/Nm³), columns A and B: memory only. The stored copies of the text (scribd, thuvienphapluat)
 * end before the table; only column B of bụi tổng 200, SO2 500 and NOx 850 is echoed by a public calculator's data
 * (github.com/thuan-cell/qcvn19-khi-thai, src/data.ts), which is weak corroboration, not a source.
 */
const KP_KV = ['Kp', 'Kv'];
const u = 'mg/Nm³';
const ROWS: TableRow[] = [
  { analyte: 'DUST', name: 'Bụi tổng', unit: u, cells: { A: '400', B: '200' } },
  { analyte: 'DUST_SI', name: 'Bụi chứa silic', unit: u, cells: { A: '50', B: '50' } },
  { analyte: 'NH3', name: 'Amoniac và các hợp chất amoni', unit: u, cells: { A: '76', B: '50' } },
  { analyte: 'SB', name: 'Antimon và hợp chất, tính theo Sb', unit: u, cells: { A: '20', B: '10' } },
  { analyte: 'AS', name: 'Asen và các hợp chất, tính theo As', unit: u, cells: { A: '20', B: '10' } },
  { analyte: 'CD', name: 'Cadmi và hợp chất, tính theo Cd', unit: u, cells: { A: '20', B: '5' } },
  { analyte: 'PB', name: 'Chì và hợp chất, tính theo Pb', unit: u, cells: { A: '10', B: '5' } },
  { analyte: 'CO', name: 'CO', unit: u, cells: { A: '1000', B: '1000' } },
  { analyte: 'CL2', name: 'Clo', unit: u, cells: { A: '32', B: '10' } },
  { analyte: 'CU', name: 'Đồng và hợp chất, tính theo Cu', unit: u, cells: { A: '20', B: '10' } },
  { analyte: 'ZN', name: 'Kẽm và hợp chất, tính theo Zn', unit: u, cells: { A: '30', B: '30' } },
  { analyte: 'HCL', name: 'HCl', unit: u, cells: { A: '200', B: '50' } },
  {
    analyte: 'HF',
    name: 'Flo, HF, hoặc các hợp chất vô cơ của Flo, tính theo HF',
    unit: u,
    cells: { A: '50', B: '20' },
  },
  { analyte: 'H2S', name: 'H2S', unit: u, cells: { A: '7.5', B: '7.5' } },
  { analyte: 'SO2', name: 'SO2', unit: u, cells: { A: '1500', B: '500' } },
  { analyte: 'NOX', name: 'NOx (tính theo NO2)', unit: u, cells: { A: '1000', B: '850' } },
  { analyte: 'NOX_CHEM', name: 'NOx (cơ sở sản xuất hóa chất), tính theo NO2', unit: u, cells: { A: '2000', B: '1000' } },
  { analyte: 'SO3', name: 'Hơi H2SO4 hoặc SO3, tính theo SO3', unit: u, cells: { A: '100', B: '50' } },
  { analyte: 'HNO3', name: 'Hơi HNO3 (các nguồn khác), tính theo NO2', unit: u, cells: { A: '1000', B: '500' } },
].map((row) => ({ ...row, factors: KP_KV }));

export const QCVN_19_2009: RegulationSeed = {
  code: 'QCVN 19:2009/BTNMT',
  title: 'Quy chuẩn kỹ thuật quốc gia về khí thải công nghiệp đối với bụi và các chất vô cơ',
  medium: 'emission',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Thông tư 25/2009/TT-BTNMT',
  valid_from: '2010-01-01',
  valid_to: '2031-12-31',
  source:
    'Thông tư 25/2009/TT-BTNMT ngày 16/11/2009: https://fr.scribd.com/document/381756688/QCVN-19-2009-BTNMT; ' +
    'chuyển tiếp sang QCVN 19:2024/BTNMT (Thông tư 45/2024/TT-BTNMT, hiệu lực 01/07/2025, cơ sở hiện hữu áp dụng quy chuẩn cũ đến 31/12/2031): ' +
    'https://enviapac.com.vn/en/node/106. Bảng 1, bảng Kp, Kv và ngày hiệu lực 01/01/2010: theo văn bản quy chuẩn ' +
    '(chưa đối chiếu được trang trích dẫn — xem chú thích trong tệp dữ liệu).',
  note:
    'Cmax = C × Kp × Kv (mg/Nm³, Nm³ ở 25 °C và 760 mmHg). QCVN 19:2024/BTNMT (Thông tư 45/2024/TT-BTNMT) có hiệu lực từ 01/07/2025 ' +
    'và thay thế quy chuẩn này; cơ sở đã hoạt động hoặc đã được phê duyệt ĐTM, cấp giấy phép môi trường, đăng ký môi trường trước ' +
    'ngày đó được tiếp tục áp dụng đến hết 31/12/2031 — vì vậy ngày hết hiệu lực ở đây là 31/12/2031.',
  columns: [
    {
      code: 'A',
      meaning:
        'Nồng độ C làm cơ sở tính nồng độ tối đa cho phép đối với cơ sở sản xuất, chế biến, kinh doanh, dịch vụ công nghiệp hoạt động trước ngày 16/01/2007, áp dụng đến ngày 31/12/2014',
    },
    {
      code: 'B',
      meaning:
        'Nồng độ C làm cơ sở tính nồng độ tối đa cho phép đối với cơ sở hoạt động kể từ ngày 16/01/2007 và với tất cả các cơ sở kể từ ngày 01/01/2015',
    },
  ],
  // Bảng 2 (Kp by emission flow P) and Bảng 3 (Kv by area type 1–5): memory only (no stored page reaches §2.3–2.4).
  factors: [
    {
      code: 'Kp',
      name: 'Hệ số lưu lượng nguồn thải',
      basis: 'Tổng lưu lượng khí thải P (m³/h) của các ống khói, ống thải của cơ sở',
      values: [
        { label: 'P ≤ 20.000 m³/h', value: '1' },
        { label: '20.000 < P ≤ 100.000 m³/h', value: '0.9' },
        { label: 'P > 100.000 m³/h', value: '0.8' },
      ],
    },
    {
      code: 'Kv',
      name: 'Hệ số vùng, khu vực',
      basis: 'Vị trí của cơ sở sản xuất, chế biến, kinh doanh, dịch vụ công nghiệp (phân vùng, khu vực loại 1 đến loại 5)',
      values: [
        {
          label:
            'Loại 1: nội thành đô thị loại đặc biệt, đô thị loại I; rừng đặc dụng; di sản thiên nhiên, di tích lịch sử, văn hóa được xếp hạng; cơ sở cách ranh giới các khu vực này dưới 02 km',
          value: '0.6',
        },
        {
          label:
            'Loại 2: nội thành, nội thị đô thị loại II, III, IV; ngoại thành đô thị loại đặc biệt, loại I cách ranh giới nội thành từ 02 km trở lên; cơ sở cách ranh giới các khu vực này dưới 02 km',
          value: '0.8',
        },
        {
          label:
            'Loại 3: khu công nghiệp; đô thị loại V; ngoại thành, ngoại thị đô thị loại II, III, IV cách ranh giới nội thành, nội thị từ 02 km trở lên; cơ sở cách các khu vực này dưới 02 km',
          value: '1.0',
        },
        { label: 'Loại 4: nông thôn', value: '1.2' },
        { label: 'Loại 5: nông thôn miền núi', value: '1.4' },
      ],
    },
  ],
  limits: limitsOf(ROWS),
};
