import { limitsOf, type TableRow } from './table';
import type { RegulationSeed } from './types';

/*
 * QCVN 14:2008/BTNMT — nước thải sinh hoạt (Quyết định 16/2008/QĐ-BTNMT ngày 31/12/2008).
 *
 * Where each value comes from (pages read through the search tool's stored copies):
 * - Cmax = C × K, K not applied to pH and tổng coliforms, and the meaning of columns A / B: verified on
 *   https://qcvn.com.vn/tieu-chuan-ve-nuoc-thai-sinh-hoat-theo-quy-chuan-quoc-gia/ (column A: "khi thải vào các nguồn
 *   nước được dùng cho mục đích cấp nước sinh hoạt (c…" — the copy ends there; the rest of both meanings is memory).
 * - Issued with Quyết định 16/2008/QĐ-BTNMT dated 2008-12-31: https://english.luatvietnam.vn/national-technical-regulation-qcvn-14-2008-btnmt-dated-december-31-2008-on-domestic-wastewater-160891-doc3.html.
 *   Its effective date could NOT be verified (the Quyết định takes effect after its publication in the Công báo — the
 *   exact day is on no stored page), so valid_from is the signing date 2008-12-31, a few weeks early at most.
 * - Replaced by QCVN 14:2025/BTNMT (Thông tư 05/2025/TT-BTNMT, in force 2025-09-01):
 *   https://vanban123.vn/Thong-tu/Circular-No-05-2025-TT-BTNMT-dated-February-28-2025-on-promulgating-national-technical-regulation-on-domestic-and-municipal-wastewater-680177,
 *   https://demo.comik.net/?p=682. The page's copy ends before the transitional article, so how long existing facilities
 *   keep QCVN 14:2008 is not verified: valid_to is left empty (see note) rather than guessed.
 */

// Bảng 1 — giá trị C. Verified on https://qcvn.com.vn/tieu-chuan-ve-nuoc-thai-sinh-hoat-theo-quy-chuan-quoc-gia/ (all 11
// rows, columns A and B; its flattened copy prints tổng coliforms as "3" and "5", i.e. the 3.000 / 5.000 MPN/100 ml of
// the text — the thousands are memory). Names, units and "(tính theo …)" qualifiers: memory of the text.
const K = ['K'];
const mgL = 'mg/L';
const ROWS: TableRow[] = [
  { analyte: 'PH', name: 'pH', unit: '-', cells: { A: { min: '5', max: '9' }, B: { min: '5', max: '9' } } },
  { analyte: 'BOD5', name: 'BOD5 (20 °C)', unit: mgL, cells: { A: '30', B: '50' }, factors: K },
  { analyte: 'TSS', name: 'Tổng chất rắn lơ lửng (TSS)', unit: mgL, cells: { A: '50', B: '100' }, factors: K },
  { analyte: 'TDS', name: 'Tổng chất rắn hòa tan', unit: mgL, cells: { A: '500', B: '1000' }, factors: K },
  { analyte: 'S2', name: 'Sunfua (tính theo H2S)', unit: mgL, cells: { A: '1.0', B: '4.0' }, factors: K },
  { analyte: 'NH4', name: 'Amoni (tính theo N)', unit: mgL, cells: { A: '5', B: '10' }, factors: K },
  { analyte: 'NO3', name: 'Nitrat (NO3⁻) (tính theo N)', unit: mgL, cells: { A: '30', B: '50' }, factors: K },
  { analyte: 'OIL_GREASE', name: 'Dầu mỡ động, thực vật', unit: mgL, cells: { A: '10', B: '20' }, factors: K },
  { analyte: 'SURFACTANT', name: 'Tổng các chất hoạt động bề mặt', unit: mgL, cells: { A: '5', B: '10' }, factors: K },
  { analyte: 'PO4', name: 'Phosphat (PO4³⁻) (tính theo P)', unit: mgL, cells: { A: '6', B: '10' }, factors: K },
  { analyte: 'COLIFORM', name: 'Tổng Coliforms', unit: 'MPN/100 mL', cells: { A: '3000', B: '5000' } },
];

export const QCVN_14_2008: RegulationSeed = {
  code: 'QCVN 14:2008/BTNMT',
  title: 'Quy chuẩn kỹ thuật quốc gia về nước thải sinh hoạt',
  medium: 'wastewater',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Quyết định 16/2008/QĐ-BTNMT',
  valid_from: '2008-12-31',
  source:
    'Quyết định 16/2008/QĐ-BTNMT ngày 31/12/2008: https://english.luatvietnam.vn/national-technical-regulation-qcvn-14-2008-btnmt-dated-december-31-2008-on-domestic-wastewater-160891-doc3.html; ' +
    'Bảng 1, công thức Cmax = C × K, ý nghĩa cột A/B: https://qcvn.com.vn/tieu-chuan-ve-nuoc-thai-sinh-hoat-theo-quy-chuan-quoc-gia/; ' +
    'thay thế bởi QCVN 14:2025/BTNMT (Thông tư 05/2025/TT-BTNMT, hiệu lực 01/09/2025): https://vanban123.vn/Thong-tu/Circular-No-05-2025-TT-BTNMT-dated-February-28-2025-on-promulgating-national-technical-regulation-on-domestic-and-municipal-wastewater-680177. ' +
    'Bảng hệ số K: theo văn bản quy chuẩn (chưa đối chiếu được trang trích dẫn).',
  note:
    'Cmax = C × K; không áp dụng hệ số K cho pH và tổng coliforms. Ngày có hiệu lực ghi theo ngày ký Quyết định 16/2008/QĐ-BTNMT ' +
    '(ngày hiệu lực chính xác — sau khi đăng Công báo — chưa đối chiếu được). QCVN 14:2025/BTNMT (Thông tư 05/2025/TT-BTNMT) ' +
    'thay thế quy chuẩn này từ 01/09/2025; thời hạn chuyển tiếp cho cơ sở đang hoạt động chưa đối chiếu được nên ngày hết hiệu lực ' +
    'để trống — quản trị viên cần điền khi đã xác nhận.',
  columns: [
    {
      code: 'A',
      meaning:
        'Giá trị C làm cơ sở tính giá trị tối đa cho phép trong nước thải sinh hoạt khi thải vào các nguồn nước được dùng cho mục đích cấp nước sinh hoạt',
    },
    {
      code: 'B',
      meaning:
        'Giá trị C làm cơ sở tính giá trị tối đa cho phép trong nước thải sinh hoạt khi thải vào các nguồn nước không dùng cho mục đích cấp nước sinh hoạt',
    },
  ],
  // Bảng 2 — hệ số K by type and size of facility: memory only (no stored page reaches §2.3). The last row ("chưa quy
  // định trong Bảng 2 thì K = 1,0") is also memory.
  factors: [
    {
      code: 'K',
      name: 'Hệ số tính tới quy mô, loại hình cơ sở dịch vụ, cơ sở công cộng và chung cư',
      basis: 'Loại hình và quy mô (số phòng, diện tích, số người, số căn hộ) của cơ sở',
      values: [
        { label: 'Khách sạn, nhà nghỉ: từ 50 phòng hoặc khách sạn được xếp hạng 3 sao trở lên', value: '1' },
        { label: 'Khách sạn, nhà nghỉ: dưới 50 phòng', value: '1.2' },
        {
          label: 'Trụ sở cơ quan, văn phòng, trường học, cơ sở nghiên cứu: lớn hơn hoặc bằng 10.000 m²',
          value: '1.0',
        },
        { label: 'Trụ sở cơ quan, văn phòng, trường học, cơ sở nghiên cứu: dưới 10.000 m²', value: '1.2' },
        { label: 'Trung tâm thương mại, siêu thị: lớn hơn hoặc bằng 5.000 m²', value: '1.0' },
        { label: 'Trung tâm thương mại, siêu thị: dưới 5.000 m²', value: '1.2' },
        { label: 'Chợ: lớn hơn hoặc bằng 1.500 m²', value: '1.0' },
        { label: 'Chợ: dưới 1.500 m²', value: '1.2' },
        { label: 'Nhà hàng ăn uống, cửa hàng thực phẩm: lớn hơn hoặc bằng 500 m²', value: '1.0' },
        { label: 'Nhà hàng ăn uống, cửa hàng thực phẩm: dưới 500 m²', value: '1.2' },
        { label: 'Cơ sở sản xuất, doanh trại lực lượng vũ trang: từ 500 người trở lên', value: '1.0' },
        { label: 'Cơ sở sản xuất, doanh trại lực lượng vũ trang: dưới 500 người', value: '1.2' },
        { label: 'Khu chung cư, khu dân cư: từ 50 căn hộ trở lên', value: '1.0' },
        { label: 'Khu chung cư, khu dân cư: dưới 50 căn hộ', value: '1.2' },
        { label: 'Loại hình cơ sở chưa quy định trong Bảng 2', value: '1.0' },
      ],
    },
  ],
  limits: limitsOf(ROWS),
};
