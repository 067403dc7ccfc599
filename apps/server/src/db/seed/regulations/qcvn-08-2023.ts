import { limitsOf, type TableRow } from './table';
import type { RegulationSeed } from './types';

/*
 * QCVN 08:2023/BTNMT — chất lượng nước mặt (Thông tư 01/2023/TT-BTNMT ngày 13/03/2023, in force 2023-09-12).
 *
 * Where each value comes from (pages read through the search tool's stored copies):
 * - Thông tư 01/2023/TT-BTNMT, in force 2023-09-12, replaces QCVN 08-MT:2015/BTNMT:
 *   https://aquaco.vn/tin-tuc/qcvn-08-2023-btnmt-quy-chuan-ve-chat-luong-nuoc-mat-tai-viet-nam.html.
 * - Bảng 1 (giá trị giới hạn tối đa các thông số ảnh hưởng tới sức khoẻ con người), rows 1–36: verified on the issued
 *   text, https://thuvienphapluat.vn/TCVN/Tai-nguyen-Moi-truong/QCVN-08-2023-BTNMT-Chat-luong-nuoc-mat-919893.aspx?anchor=dieu_2,
 *   and rows 1–26 again on https://ungphosuco.vn/quy-chuan-ky-thuat-quoc-gia-ve-chat-luong-nuoc-mat-qcvn-082023-btnmt.
 *   The stored copy ends inside row 37 ("Hoá chất bảo vệ thực vật …"): rows 37 onwards are left out.
 * - Bảng 2 / Bảng 3 (mức A, B, C, D for rivers and lakes): left out. The only copy found
 *   (https://dulieuphapluat.vn/van-ban/tai-nguyen-moi-truong-van-ban/national-technical-regulation-qcvn-082023btnmt-for-surface-water-quality-1162161.html)
 *   has cells replaced by the site's contact line, so which value belongs to which parameter and level cannot be read
 *   safely; they should be added from the text (as columns A–D, pH as min/max, DO as a min) when it is at hand.
 */
const mgL = 'mg/L';
const ugL = 'µg/L';
const row = (analyte: string, name: string, unit: string, value: string): TableRow => ({
  analyte,
  name,
  unit,
  cells: { GH: value },
});
const ROWS: TableRow[] = [
  row('NO2', 'Nitrit (NO2⁻ tính theo N)', mgL, '0.05'),
  row('NH4', 'Amoni (NH4⁺ tính theo N)', mgL, '0.3'),
  row('CL', 'Chloride (Cl⁻)', mgL, '250'),
  row('F', 'Fluoride (F⁻)', mgL, '1'),
  row('CN', 'Cyanide (CN⁻)', mgL, '0.01'),
  row('AS', 'Arsenic (As)', mgL, '0.01'),
  row('CD', 'Cadmi (Cd)', mgL, '0.005'),
  row('PB', 'Chì (Plumbum) (Pb)', mgL, '0.02'),
  row('CR6', 'Chromi (6+) (Cr6+)', mgL, '0.01'),
  row('CR', 'Tổng Chromi (Cr)', mgL, '0.05'),
  row('CU', 'Đồng (Cuprum) (Cu)', mgL, '0.1'),
  row('ZN', 'Kẽm (Zincum) (Zn)', mgL, '0.5'),
  row('NI', 'Nickel (Ni)', mgL, '0.1'),
  row('MN', 'Mangan (Mn)', mgL, '0.1'),
  row('HG', 'Thủy ngân (Hydrargyrum) (Hg)', mgL, '0.001'),
  row('FE', 'Sắt (Ferrum) (Fe)', mgL, '0.5'),
  row('SB', 'Antimon (Sb)', mgL, '0.02'),
  row('SURFACTANT', 'Chất hoạt động bề mặt anion', mgL, '0.1'),
  row('PHENOL', 'Tổng Phenol', mgL, '0.005'),
  row('ALDRIN', 'Aldrin (C12H8Cl6)', ugL, '0.1'),
  row('LINDANE', 'Lindane (C6H6Cl6)', ugL, '0.02'),
  row('DIELDRIN', 'Dieldrin (C12H8Cl6O)', ugL, '0.1'),
  row('DDT', "Tổng DDT (1,1'-(2,2,2-Trichloroethane-1,1-diyl) bis(4-chlorobenzene) (C14H9Cl5)", ugL, '1.0'),
  row('HEPTACHLOR', 'Heptachlor & Heptachlorepoxide (C10H5Cl7 & C10H5Cl7O)', ugL, '0.2'),
  row('OIL_GREASE', 'Tổng dầu, mỡ (oils & grease)', mgL, '5.0'),
  row('PCB', 'Polychlorinated biphenyls (PCBs)', mgL, '0.0005'),
  row('PCE', 'Tetrachloroethylene PCE (C2Cl4)', mgL, '0.04'),
  row('DIOXANE_1_4', '1,4-Dioxane (C4H8O2)', mgL, '0.05'),
  row('CCL4', 'Carbon tetrachloride (CCl4)', mgL, '0.004'),
  row('DICHLOROETHANE_1_2', '1,2 Dichloroethane (C2H4Cl2)', mgL, '0.03'),
  row('CH2CL2', 'Methylene chloride (CH2Cl2)', mgL, '0.02'),
  row('BENZENE', 'Benzene (C6H6)', mgL, '0.01'),
  row('CHCL3', 'Chloroform (CHCl3)', mgL, '0.08'),
  row('FORMALDEHYDE', 'Formaldehyde (CH2O)', mgL, '0.5'),
  row('DEHP', 'Bis (2-ethylHexyl)phthalate DEHP (C24H38O4)', mgL, '0.008'),
  row('HCB', 'Hexachlorobenzene (C6Cl6)', ugL, '0.04'),
];

export const QCVN_08_2023: RegulationSeed = {
  code: 'QCVN 08:2023/BTNMT',
  title: 'Quy chuẩn kỹ thuật quốc gia về chất lượng nước mặt',
  medium: 'surface_water',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Thông tư 01/2023/TT-BTNMT',
  valid_from: '2023-09-12',
  source:
    'Thông tư 01/2023/TT-BTNMT ngày 13/03/2023, hiệu lực 12/09/2023: https://aquaco.vn/tin-tuc/qcvn-08-2023-btnmt-quy-chuan-ve-chat-luong-nuoc-mat-tai-viet-nam.html; ' +
    'Bảng 1 (thông số 1–36): https://thuvienphapluat.vn/TCVN/Tai-nguyen-Moi-truong/QCVN-08-2023-BTNMT-Chat-luong-nuoc-mat-919893.aspx?anchor=dieu_2, ' +
    'https://ungphosuco.vn/quy-chuan-ky-thuat-quoc-gia-ve-chat-luong-nuoc-mat-qcvn-082023-btnmt.',
  note:
    'Mới gồm Bảng 1 — giá trị giới hạn tối đa các thông số ảnh hưởng tới sức khoẻ con người (cột GH), thông số 1 đến 36; ' +
    'các thông số từ 37 trở đi (hoá chất bảo vệ thực vật …) chưa nhập vì chưa đối chiếu được. Bảng 2, Bảng 3 (phân loại chất ' +
    'lượng nước mức A, B, C, D cho sông, suối, kênh, mương, khe, rạch và hồ, ao, đầm) chưa nhập: khi bổ sung, mỗi mức là một ' +
    'cột, pH là khoảng tối thiểu–tối đa, DO là giá trị tối thiểu. Thay thế QCVN 08-MT:2015/BTNMT.',
  columns: [{ code: 'GH', meaning: 'Giá trị giới hạn tối đa các thông số ảnh hưởng tới sức khoẻ con người (Bảng 1)' }],
  limits: limitsOf(ROWS),
};
