import { limitsOf, type TableRow } from './table';
import type { RegulationSeed } from './types';

/*
 * QCVN 05:2013/BTNMT — chất lượng không khí xung quanh (Thông tư 32/2013/TT-BTNMT ngày 25/10/2013), replaced by
 * QCVN 05:2023/BTNMT from 2023-09-12.
 *
 * Where each value comes from (pages read through the search tool's stored copies):
 * - Thông tư 32/2013/TT-BTNMT dated 2013-10-25 and the whole of Bảng 1 (8 parameters, µg/m³, columns trung bình 1 giờ,
 *   8 giờ, 24 giờ, năm): https://arc.org.vn/quy-chuan-chat-luong-khong-khi-xung-quanh-qcvn-052013btnmt/. Its copy lost
 *   the "–" (không quy định) cells, so which period a value of a row with fewer than four values sits under (CO 1 giờ /
 *   8 giờ, O3 1 giờ / 8 giờ, PM10 / PM2,5 / Pb 24 giờ / năm) is read with memory of the printed table.
 * - In force from 2014-01-01 (Thông tư 32/2013, Điều 2): memory only.
 * - Replaced by QCVN 05:2023/BTNMT, in force 2023-09-12 (so valid to 2023-09-11): https://www.luatmoitruong.vn/qcvn-05-2023-btnmt.
 */
const u = 'µg/m³';
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
  { analyte: 'PM10', name: 'Bụi PM10', unit: u, averaging: '24 giờ', cells: { GH: '150' } },
  { analyte: 'PM10', name: 'Bụi PM10', unit: u, averaging: 'năm', cells: { GH: '50' } },
  { analyte: 'PM25', name: 'Bụi PM2,5', unit: u, averaging: '24 giờ', cells: { GH: '50' } },
  { analyte: 'PM25', name: 'Bụi PM2,5', unit: u, averaging: 'năm', cells: { GH: '25' } },
  { analyte: 'PB', name: 'Pb', unit: u, averaging: '24 giờ', cells: { GH: '1.5' } },
  { analyte: 'PB', name: 'Pb', unit: u, averaging: 'năm', cells: { GH: '0.5' } },
];

export const QCVN_05_2013: RegulationSeed = {
  code: 'QCVN 05:2013/BTNMT',
  title: 'Quy chuẩn kỹ thuật quốc gia về chất lượng không khí xung quanh',
  medium: 'ambient_air',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Thông tư 32/2013/TT-BTNMT',
  valid_from: '2014-01-01',
  valid_to: '2023-09-11',
  replaced_by_code: 'QCVN 05:2023/BTNMT',
  source:
    'Thông tư 32/2013/TT-BTNMT ngày 25/10/2013; Bảng 1: https://arc.org.vn/quy-chuan-chat-luong-khong-khi-xung-quanh-qcvn-052013btnmt/; ' +
    'thay thế bởi QCVN 05:2023/BTNMT từ 12/09/2023: https://www.luatmoitruong.vn/qcvn-05-2023-btnmt. ' +
    'Ngày hiệu lực 01/01/2014: theo Thông tư 32/2013/TT-BTNMT (chưa đối chiếu được trang trích dẫn).',
  note:
    'Bảng 1 — giá trị giới hạn các thông số cơ bản trong không khí xung quanh (µg/m³), mỗi thông số theo từng thời gian trung ' +
    'bình. Hết hiệu lực từ 12/09/2023, thay thế bởi QCVN 05:2023/BTNMT.',
  columns: [{ code: 'GH', meaning: 'Giá trị giới hạn các thông số cơ bản trong không khí xung quanh (Bảng 1)' }],
  limits: limitsOf(ROWS),
};
