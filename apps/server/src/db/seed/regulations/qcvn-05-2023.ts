import { limitsOf, type TableRow } from './table';
import type { RegulationSeed } from './types';

/*
 * QCVN 05:2023/BTNMT — chất lượng không khí (Thông tư 01/2023/TT-BTNMT ngày 13/03/2023, in force 2023-09-12).
 *
 * Where each value comes from (pages read through the search tool's stored copies):
 * - Thông tư 01/2023/TT-BTNMT, in force 2023-09-12, replaces QCVN 05:2013/BTNMT and QCVN 06:2009/BTNMT:
 *   https://www.luatmoitruong.vn/qcvn-05-2023-btnmt, https://dulieuphaply.vn/vbpl/quy-chuan-ky-thuat-quoc-gia-qcvn-052023-btnmt-ve-chat-luong-khong-khi.
 * - The 7 basic parameters (SO2, CO, NO2, O3, TSP, PM10, PM2,5 — lead is no longer a basic parameter, §1.3.1): dulieuphaply.vn above.
 *
 * Bảng 1 (µg/Nm³), one limit per parameter × averaging period:
 * - Verified on the news of the issued text, https://thiennhienmoitruong.vn/quy-chuan-ky-thuat-quoc-gia-ve-chat-luong-khong-khi.html:
 *   SO2 1 giờ 350, năm 50; CO 1 giờ 30.000, 8 giờ 10.000; NO2 1 giờ 200; O3 1 giờ 200; TSP 1 giờ 300, 24 giờ 200,
 *   năm 100; PM10 24 giờ 100, năm 50; PM2,5 năm 25.
 * - SO2 24 giờ 125, NO2 24 giờ 100 and năm 40, O3 8 giờ 120: from the draft's Bảng 1 (same unit µg/Nm³) on
 *   https://xulykhithai.org/quy-chuan-ky-thuat-quoc-gia-ve-chat-luong-khong-khi/ and memory of the issued text — the
 *   news above does not list them; not seen on a copy of the issued text itself.
 * - PM2,5 24 giờ 50: memory only.
 * - Bảng 2 (thông số độc hại) is not seeded.
 */
const u = 'µg/Nm³';
const ROWS: TableRow[] = [
  { analyte: 'SO2', name: 'SO2', unit: u, averaging: '1 giờ', cells: { GH: '350' } },
  { analyte: 'SO2', name: 'SO2', unit: u, averaging: '24 giờ', cells: { GH: '125' } },
  { analyte: 'SO2', name: 'SO2', unit: u, averaging: 'năm', cells: { GH: '50' } },
  { analyte: 'CO', name: 'CO', unit: u, averaging: '1 giờ', cells: { GH: '30000' } },
  { analyte: 'CO', name: 'CO', unit: u, averaging: '8 giờ', cells: { GH: '10000' } },
  { analyte: 'NO2', name: 'NO2', unit: u, averaging: '1 giờ', cells: { GH: '200' } },
  { analyte: 'NO2', name: 'NO2', unit: u, averaging: '24 giờ', cells: { GH: '100' } },
  { analyte: 'NO2', name: 'NO2', unit: u, averaging: 'năm', cells: { GH: '40' } },
  { analyte: 'O3', name: 'O3', unit: u, averaging: '1 giờ', cells: { GH: '200' } },
  { analyte: 'O3', name: 'O3', unit: u, averaging: '8 giờ', cells: { GH: '120' } },
  { analyte: 'TSP', name: 'Tổng bụi lơ lửng (TSP)', unit: u, averaging: '1 giờ', cells: { GH: '300' } },
  { analyte: 'TSP', name: 'Tổng bụi lơ lửng (TSP)', unit: u, averaging: '24 giờ', cells: { GH: '200' } },
  { analyte: 'TSP', name: 'Tổng bụi lơ lửng (TSP)', unit: u, averaging: 'năm', cells: { GH: '100' } },
  { analyte: 'PM10', name: 'Bụi PM10', unit: u, averaging: '24 giờ', cells: { GH: '100' } },
  { analyte: 'PM10', name: 'Bụi PM10', unit: u, averaging: 'năm', cells: { GH: '50' } },
  { analyte: 'PM25', name: 'Bụi PM2,5', unit: u, averaging: '24 giờ', cells: { GH: '50' } },
  { analyte: 'PM25', name: 'Bụi PM2,5', unit: u, averaging: 'năm', cells: { GH: '25' } },
];

export const QCVN_05_2023: RegulationSeed = {
  code: 'QCVN 05:2023/BTNMT',
  title: 'Quy chuẩn kỹ thuật quốc gia về chất lượng không khí',
  medium: 'ambient_air',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Thông tư 01/2023/TT-BTNMT',
  valid_from: '2023-09-12',
  source:
    'Thông tư 01/2023/TT-BTNMT ngày 13/03/2023, hiệu lực 12/09/2023: https://www.luatmoitruong.vn/qcvn-05-2023-btnmt, ' +
    'https://dulieuphaply.vn/vbpl/quy-chuan-ky-thuat-quoc-gia-qcvn-052023-btnmt-ve-chat-luong-khong-khi; ' +
    'Bảng 1: https://thiennhienmoitruong.vn/quy-chuan-ky-thuat-quoc-gia-ve-chat-luong-khong-khi.html, ' +
    'https://xulykhithai.org/quy-chuan-ky-thuat-quoc-gia-ve-chat-luong-khong-khi/ (bản dự thảo: SO2 24 giờ, NO2 24 giờ và năm, O3 8 giờ). ' +
    'PM2,5 trung bình 24 giờ: theo văn bản quy chuẩn (chưa đối chiếu được trang trích dẫn).',
  note:
    'Chỉ gồm Bảng 1 — giá trị giới hạn tối đa các thông số cơ bản trong không khí xung quanh (µg/Nm³), mỗi thông số theo từng ' +
    'thời gian trung bình (1 giờ, 8 giờ, 24 giờ, năm); ô không quy định không có giá trị. Bảng 2 (thông số độc hại) chưa nhập. ' +
    'Thay thế QCVN 05:2013/BTNMT và QCVN 06:2009/BTNMT.',
  columns: [{ code: 'GH', meaning: 'Giá trị giới hạn tối đa các thông số cơ bản trong không khí xung quanh (Bảng 1)' }],
  limits: limitsOf(ROWS),
};
