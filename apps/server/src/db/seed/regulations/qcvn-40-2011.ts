import { limitsOf, type TableRow } from './table';
import type { RegulationSeed } from './types';

/*
 * QCVN 40:2011/BTNMT — nước thải công nghiệp (Thông tư 47/2011/TT-BTNMT).
 *
 * Where each value comes from (pages read through the search tool's stored copies):
 * - In force from 2012-02-15: Thông tư 47/2011/TT-BTNMT, Điều 2 "có hiệu lực thi hành từ ngày 15 tháng 02 năm 2012"
 *   (https://luatminhkhue.vn/thong-tu-47-2011-tt-btnmt-quy-chuan-quoc-gia-ve-moi-truong-do-bo-tai-nguyen-va-moi-truong-ban-hanh.aspx).
 * - Until 2031-12-31 for facilities operating (or with an approved EIA/permit) before 2025-09-01, when QCVN 40:2025/BTNMT
 *   (Thông tư 06/2025/TT-BTNMT) takes effect: https://moitruonganhduong.vn/thong-tu-062025tt-btnmt-quy-chuan-ky-thuat-quoc-gia-ve-nuoc-thai-cong-nghiep,
 *   https://aresen.vn/?p=13281, https://longkhanh.dongnai.gov.vn/pages/newsdetail.aspx?CatId=139&NewsId=17909,
 *   https://enviliance.com/regions/southeast-asia/vn/report_13497.
 * - Cmax = C × Kq × Kf; Cmax = C (no Kq, Kf) for nhiệt độ, màu, pH, coliform, tổng hoạt độ phóng xạ α and β; discharge
 *   into an urban/residential sewer without a central treatment plant uses Cmax = C of column B: quoted from §2.1 in
 *   https://1libvn.com/article/vai-tr%C3%B2-n%C6%B0%E1%BB%9Bc-nhi%E1%BB%85m-ngu%E1%BB%93n-n%C6%B0%E1%BB%9Bc-lo%E1%BA%A1i-n%E1%BA%B7ng-2.yng6lne1
 *   and https://mycogroup.com.vn/xu-ly-nuoc/quy-chuan-ky-thuat-quoc-gia-ve-nuoc-thai-cong-nghiep-qcvn-402011-btnmt/.
 * - Column meanings (§2.1.2: A = nguồn nước dùng cho cấp nước sinh hoạt, B = không dùng cho cấp nước sinh hoạt): memory
 *   only (the pages' stored copies end before §2.1.2); the same wording is verified for QCVN 14:2008's columns.
 */

// Bảng 1 — giá trị C.
// Rows 1–25, columns A and B: verified on https://qcvn.com.vn/en/industrial-waste-water-analysis/ (its table "Giá trị C,
// A, B" of QCVN 40:2011, rows 1 "Nhiệt độ 40 40" to 25 "Tổng phốt pho 4 6"; the copy ends inside row 26).
// Rows 26–33, column B: verified on https://www.scribd.com/document/700244009/3-Wastewater-Standard-in-the-IP1 (an
// industrial zone's table that reproduces column B row by row; its rows 1–25 equal column B above).
// Rows 26–33, column A (clorua 500, clo dư 1, clo hữu cơ 0,05, phốt pho hữu cơ 0,3, PCB 0,003, coliform 3000, α 0,1,
// β 1,0): memory only — no stored page shows them.
const KQ_KF = ['Kq', 'Kf'];
const mgL = 'mg/L';
const ROWS: TableRow[] = [
  { analyte: 'T', name: 'Nhiệt độ', unit: '°C', cells: { A: '40', B: '40' } },
  { analyte: 'COLOR', name: 'Màu', unit: 'Pt/Co', cells: { A: '50', B: '150' } },
  { analyte: 'PH', name: 'pH', unit: '-', cells: { A: { min: '6', max: '9' }, B: { min: '5.5', max: '9' } } },
  { analyte: 'BOD5', name: 'BOD5 (20 °C)', unit: mgL, cells: { A: '30', B: '50' }, factors: KQ_KF },
  { analyte: 'COD', name: 'COD', unit: mgL, cells: { A: '75', B: '150' }, factors: KQ_KF },
  { analyte: 'TSS', name: 'Chất rắn lơ lửng', unit: mgL, cells: { A: '50', B: '100' }, factors: KQ_KF },
  { analyte: 'AS', name: 'Asen', unit: mgL, cells: { A: '0.05', B: '0.1' }, factors: KQ_KF },
  { analyte: 'HG', name: 'Thuỷ ngân', unit: mgL, cells: { A: '0.005', B: '0.01' }, factors: KQ_KF },
  { analyte: 'PB', name: 'Chì', unit: mgL, cells: { A: '0.1', B: '0.5' }, factors: KQ_KF },
  { analyte: 'CD', name: 'Cadimi', unit: mgL, cells: { A: '0.05', B: '0.1' }, factors: KQ_KF },
  { analyte: 'CR6', name: 'Crom (VI)', unit: mgL, cells: { A: '0.05', B: '0.1' }, factors: KQ_KF },
  { analyte: 'CR3', name: 'Crom (III)', unit: mgL, cells: { A: '0.2', B: '1' }, factors: KQ_KF },
  { analyte: 'CU', name: 'Đồng', unit: mgL, cells: { A: '2', B: '2' }, factors: KQ_KF },
  { analyte: 'ZN', name: 'Kẽm', unit: mgL, cells: { A: '3', B: '3' }, factors: KQ_KF },
  { analyte: 'NI', name: 'Niken', unit: mgL, cells: { A: '0.2', B: '0.5' }, factors: KQ_KF },
  { analyte: 'MN', name: 'Mangan', unit: mgL, cells: { A: '0.5', B: '1' }, factors: KQ_KF },
  { analyte: 'FE', name: 'Sắt', unit: mgL, cells: { A: '1', B: '5' }, factors: KQ_KF },
  { analyte: 'CN', name: 'Tổng xianua', unit: mgL, cells: { A: '0.07', B: '0.1' }, factors: KQ_KF },
  { analyte: 'PHENOL', name: 'Tổng phenol', unit: mgL, cells: { A: '0.1', B: '0.5' }, factors: KQ_KF },
  { analyte: 'OIL_MINERAL', name: 'Tổng dầu mỡ khoáng', unit: mgL, cells: { A: '5', B: '10' }, factors: KQ_KF },
  { analyte: 'S2', name: 'Sunfua', unit: mgL, cells: { A: '0.2', B: '0.5' }, factors: KQ_KF },
  { analyte: 'F', name: 'Florua', unit: mgL, cells: { A: '5', B: '10' }, factors: KQ_KF },
  { analyte: 'NH4', name: 'Amoni (tính theo N)', unit: mgL, cells: { A: '5', B: '10' }, factors: KQ_KF },
  { analyte: 'TN', name: 'Tổng nitơ', unit: mgL, cells: { A: '20', B: '40' }, factors: KQ_KF },
  { analyte: 'TP', name: 'Tổng phốt pho (tính theo P)', unit: mgL, cells: { A: '4', B: '6' }, factors: KQ_KF },
  {
    analyte: 'CL',
    name: 'Clorua',
    unit: mgL,
    cells: { A: '500', B: '1000' },
    factors: KQ_KF,
    note: 'Không áp dụng khi xả vào nguồn nước mặn, nước lợ',
  },
  { analyte: 'CL_RES', name: 'Clo dư', unit: mgL, cells: { A: '1', B: '2' }, factors: KQ_KF },
  {
    analyte: 'OC_PESTICIDES',
    name: 'Tổng hoá chất bảo vệ thực vật clo hữu cơ',
    unit: mgL,
    cells: { A: '0.05', B: '0.1' },
    factors: KQ_KF,
  },
  {
    analyte: 'OP_PESTICIDES',
    name: 'Tổng hoá chất bảo vệ thực vật phốt pho hữu cơ',
    unit: mgL,
    cells: { A: '0.3', B: '1' },
    factors: KQ_KF,
  },
  { analyte: 'PCB', name: 'Tổng PCB', unit: mgL, cells: { A: '0.003', B: '0.01' }, factors: KQ_KF },
  { analyte: 'COLIFORM', name: 'Coliform', unit: 'vi khuẩn/100 mL', cells: { A: '3000', B: '5000' } },
  { analyte: 'ALPHA', name: 'Tổng hoạt độ phóng xạ α', unit: 'Bq/L', cells: { A: '0.1', B: '0.1' } },
  { analyte: 'BETA', name: 'Tổng hoạt độ phóng xạ β', unit: 'Bq/L', cells: { A: '1.0', B: '1.0' } },
];

export const QCVN_40_2011: RegulationSeed = {
  code: 'QCVN 40:2011/BTNMT',
  title: 'Quy chuẩn kỹ thuật quốc gia về nước thải công nghiệp',
  medium: 'wastewater',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Thông tư 47/2011/TT-BTNMT',
  valid_from: '2012-02-15',
  valid_to: '2031-12-31',
  source:
    'Thông tư 47/2011/TT-BTNMT ngày 28/12/2011 (hiệu lực 15/02/2012): https://luatminhkhue.vn/thong-tu-47-2011-tt-btnmt-quy-chuan-quoc-gia-ve-moi-truong-do-bo-tai-nguyen-va-moi-truong-ban-hanh.aspx; ' +
    'Bảng 1: https://qcvn.com.vn/en/industrial-waste-water-analysis/ (hàng 1–25, cột A, B), https://www.scribd.com/document/700244009/3-Wastewater-Standard-in-the-IP1 (cột B hàng 26–33); ' +
    'công thức Cmax: https://mycogroup.com.vn/xu-ly-nuoc/quy-chuan-ky-thuat-quoc-gia-ve-nuoc-thai-cong-nghiep-qcvn-402011-btnmt/; ' +
    'chuyển tiếp sang QCVN 40:2025/BTNMT: https://moitruonganhduong.vn/thong-tu-062025tt-btnmt-quy-chuan-ky-thuat-quoc-gia-ve-nuoc-thai-cong-nghiep. ' +
    'Cột A hàng 26–33, bảng Kq, Kf: theo văn bản quy chuẩn (chưa đối chiếu được trang trích dẫn).',
  note:
    'Cmax = C × Kq × Kf; các thông số nhiệt độ, màu, pH, coliform, tổng hoạt độ phóng xạ α, β áp dụng Cmax = C (không nhân Kq, Kf). ' +
    'Nước thải xả vào hệ thống thoát nước đô thị, khu dân cư chưa có nhà máy xử lý nước thải tập trung áp dụng Cmax = C cột B. ' +
    'QCVN 40:2025/BTNMT (Thông tư 06/2025/TT-BTNMT) có hiệu lực từ 01/09/2025 và thay thế quy chuẩn này; cơ sở đã hoạt động, ' +
    'dự án đã được phê duyệt báo cáo ĐTM hoặc cấp giấy phép môi trường trước ngày 01/09/2025 được tiếp tục áp dụng QCVN 40:2011/BTNMT ' +
    'đến hết ngày 31/12/2031 — vì vậy ngày hết hiệu lực ở đây là 31/12/2031. Cơ sở mới từ 01/09/2025 phải áp dụng QCVN 40:2025/BTNMT.',
  columns: [
    {
      code: 'A',
      meaning:
        'Giá trị C của các thông số ô nhiễm trong nước thải công nghiệp khi xả vào nguồn nước được dùng cho mục đích cấp nước sinh hoạt',
    },
    {
      code: 'B',
      meaning:
        'Giá trị C của các thông số ô nhiễm trong nước thải công nghiệp khi xả vào nguồn nước không dùng cho mục đích cấp nước sinh hoạt',
    },
  ],
  // Kq (Bảng 2 rivers, Bảng 3 lakes, the coastal values and the no-data defaults) and Kf (Bảng 4): memory only. The
  // stored pages end before §2.3; only sibling regulations of the same family corroborate the shape and some values —
  // lakes 0,6 / 0,8 / 1,0 (QCVN 60-MT:2015 §2.3.2,
  // https://thuvienphapluat.vn/hoi-dap-phap-luat/iframe/26F68-hd-he-so-nguon-tiep-nhan-nuoc-thai-kq-nguyen-lieu-con-cua-ho-ao-dam-duoc-quy-dinh-the-nao.html)
  // and the no-data defaults 0,9 / 0,6 (QCVN 62-MT:2016,
  // https://thuvienphapluat.vn/hoi-dap-phap-luat/26F4F-hd-he-so-nguon-tiep-nhan-nuoc-thai-chan-nuoi-khi-khong-co-so-lieu-ve-luu-luong-dong-chay-cua-song-suoi-duoc-quy-dinh-the-nao.html).
  factors: [
    {
      code: 'Kq',
      name: 'Hệ số nguồn tiếp nhận nước thải',
      basis:
        'Lưu lượng dòng chảy Q (m³/s) của sông, suối, khe, rạch, kênh, mương; dung tích V (m³) của hồ, ao, đầm (trung bình 03 tháng khô kiệt nhất trong 03 năm liên tiếp); mục đích sử dụng của vùng nước biển ven bờ',
      values: [
        { label: 'Sông, suối, khe, rạch, kênh, mương: Q ≤ 50 m³/s', value: '0.9' },
        { label: 'Sông, suối, khe, rạch, kênh, mương: 50 < Q ≤ 200 m³/s', value: '1' },
        { label: 'Sông, suối, khe, rạch, kênh, mương: 200 < Q ≤ 500 m³/s', value: '1.1' },
        { label: 'Sông, suối, khe, rạch, kênh, mương: Q > 500 m³/s', value: '1.2' },
        { label: 'Sông, suối, khe, rạch, kênh, mương không có số liệu về lưu lượng dòng chảy', value: '0.9' },
        { label: 'Hồ, ao, đầm: V ≤ 10 × 10⁶ m³', value: '0.6' },
        { label: 'Hồ, ao, đầm: 10 × 10⁶ < V ≤ 100 × 10⁶ m³', value: '0.8' },
        { label: 'Hồ, ao, đầm: V > 100 × 10⁶ m³', value: '1' },
        { label: 'Hồ, ao, đầm không có số liệu về dung tích', value: '0.6' },
        { label: 'Vùng nước biển ven bờ dùng cho mục đích bảo vệ thuỷ sinh, thể thao và giải trí dưới nước', value: '1' },
        {
          label: 'Vùng nước biển ven bờ không dùng cho mục đích bảo vệ thuỷ sinh, thể thao hoặc giải trí dưới nước',
          value: '1.3',
        },
      ],
    },
    {
      code: 'Kf',
      name: 'Hệ số lưu lượng nguồn thải',
      basis: 'Tổng lưu lượng nước thải F (m³/ngày đêm, tức m³/24 giờ) của cơ sở khi xả vào nguồn tiếp nhận nước thải',
      values: [
        { label: 'F ≤ 50 m³/24 giờ', value: '1.2' },
        { label: '50 < F ≤ 500 m³/24 giờ', value: '1.1' },
        { label: '500 < F ≤ 5.000 m³/24 giờ', value: '1.0' },
        { label: 'F > 5.000 m³/24 giờ', value: '0.9' },
      ],
    },
  ],
  limits: limitsOf(ROWS),
};
