import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

// The demo company's service catalogue: the units it prices in and ~40 services of an environmental monitoring
// company at 2026 market prices (VND, before VAT). Groups match the demo request types' `service_group`, so a contract
// made from a request finds the services of its group.

const UNITS = [
  ['MAU', 'mẫu', 'Một mẫu lấy và phân tích'],
  ['DIEM', 'điểm', 'Một vị trí đo tại hiện trường'],
  ['CHITIEU', 'chỉ tiêu', 'Một thông số phân tích trong phòng thí nghiệm'],
  ['LAN', 'lần', null],
  ['DOT', 'đợt', 'Một đợt quan trắc định kỳ'],
  ['NGAYCONG', 'ngày công', 'Một ngày làm việc của một người'],
  ['BO', 'bộ', 'Một bộ hồ sơ hoặc một bộ thiết bị'],
  ['BAOCAO', 'báo cáo', null],
  ['KM', 'km', 'Quãng đường di chuyển'],
  ['LOP', 'lớp', 'Một lớp đào tạo'],
  ['HOSO', 'hồ sơ', null],
] as const;

type Unit = (typeof UNITS)[number][0];
type Vat = 'none' | '0' | '5' | '10';

const QT = 'Quan trắc môi trường';
const PT = 'Phân tích thí nghiệm';
const BC = 'Báo cáo môi trường';
const LD = 'Lắp đặt thiết bị';

/** code, name, group, unit, price, VAT, reducible to 8 %, description, active. */
const SERVICES: [string, string, string, Unit, number, Vat, boolean, string | null, boolean?][] = [
  [
    'QT-KT-01',
    'Quan trắc khí thải ống khói lò hơi (bụi, SO2, NOx, CO, O2)',
    QT,
    'MAU',
    3_200_000,
    '10',
    true,
    'Theo QCVN 19:2024/BTNMT',
    true,
  ],
  [
    'QT-KT-02',
    'Quan trắc khí thải lò đốt chất thải (bụi, HCl, HF, kim loại nặng)',
    QT,
    'MAU',
    6_500_000,
    '10',
    true,
    'Theo QCVN 30:2012/BTNMT',
    true,
  ],
  ['QT-KT-03', 'Quan trắc khí thải máy phát điện dự phòng', QT, 'MAU', 2_400_000, '10', true, null],
  [
    'QT-KK-01',
    'Quan trắc không khí xung quanh (bụi TSP, SO2, NO2, CO, vi khí hậu)',
    QT,
    'DIEM',
    1_850_000,
    '10',
    true,
    'Theo QCVN 05:2023/BTNMT',
  ],
  ['QT-KK-02', 'Quan trắc môi trường lao động (bụi, hơi khí độc, vi khí hậu, ánh sáng)', QT, 'DIEM', 1_200_000, '10', true, null],
  ['QT-TO-01', 'Đo tiếng ồn (LAeq, LAmax)', QT, 'DIEM', 250_000, '10', true, 'Theo QCVN 26:2010/BTNMT'],
  ['QT-DR-01', 'Đo độ rung', QT, 'DIEM', 300_000, '10', true, 'Theo QCVN 27:2010/BTNMT'],
  [
    'QT-NT-01',
    'Quan trắc nước thải sinh hoạt (pH, BOD5, TSS, Amoni, Nitrat, Phosphat, Coliform)',
    QT,
    'MAU',
    1_650_000,
    '10',
    true,
    null,
  ],
  ['QT-NT-02', 'Quan trắc nước thải công nghiệp (20 chỉ tiêu)', QT, 'MAU', 2_900_000, '10', true, 'Theo QCVN 40:2025/BTNMT'],
  [
    'QT-NM-01',
    'Quan trắc nước mặt (pH, DO, BOD5, COD, TSS, Amoni, Coliform)',
    QT,
    'MAU',
    1_750_000,
    '10',
    true,
    'Theo QCVN 08:2023/BTNMT',
  ],
  ['QT-NN-01', 'Quan trắc nước dưới đất (nước ngầm)', QT, 'MAU', 1_550_000, '10', true, 'Theo QCVN 09:2023/BTNMT'],
  ['QT-DAT-01', 'Quan trắc chất lượng đất (pH, kim loại nặng)', QT, 'MAU', 1_400_000, '10', true, 'Theo QCVN 03:2023/BTNMT'],
  [
    'QT-DK-01',
    'Gói quan trắc định kỳ 6 tháng (nước thải, khí thải, không khí xung quanh)',
    QT,
    'DOT',
    12_500_000,
    '10',
    true,
    'Trọn gói cho cơ sở sản xuất vừa và nhỏ',
  ],
  ['QT-LM-01', 'Lấy mẫu hiện trường (nhân công, phương tiện trong bán kính 30 km)', QT, 'NGAYCONG', 1_800_000, '10', true, null],
  ['QT-LM-02', 'Phụ phí di chuyển ngoài bán kính 30 km', QT, 'KM', 12_000, '10', true, null],
  ['QT-BC-01', 'Lập báo cáo kết quả quan trắc môi trường định kỳ', QT, 'BAOCAO', 3_500_000, '10', true, null],
  [
    'QT-KT-2024',
    'Quan trắc khí thải ống khói (đơn giá 2024)',
    QT,
    'MAU',
    2_800_000,
    '10',
    true,
    'Đơn giá cũ, thay bằng QT-KT-01',
    false,
  ],
  ['PT-N-01', 'Phân tích pH', PT, 'CHITIEU', 50_000, '10', true, null],
  ['PT-N-02', 'Phân tích nhu cầu oxy sinh hóa (BOD5)', PT, 'CHITIEU', 150_000, '10', true, null],
  ['PT-N-03', 'Phân tích nhu cầu oxy hóa học (COD)', PT, 'CHITIEU', 130_000, '10', true, null],
  ['PT-N-04', 'Phân tích tổng chất rắn lơ lửng (TSS)', PT, 'CHITIEU', 90_000, '10', true, null],
  ['PT-N-05', 'Phân tích Amoni (NH4+ tính theo N)', PT, 'CHITIEU', 110_000, '10', true, null],
  ['PT-N-06', 'Phân tích tổng Coliform', PT, 'CHITIEU', 160_000, '10', true, null],
  ['PT-N-07', 'Phân tích kim loại nặng (As, Pb, Cd, Hg — mỗi chỉ tiêu)', PT, 'CHITIEU', 220_000, '10', true, null],
  ['PT-N-08', 'Phân tích dầu mỡ khoáng', PT, 'CHITIEU', 350_000, '10', true, null],
  ['PT-K-01', 'Phân tích bụi mịn PM2.5', PT, 'CHITIEU', 450_000, '10', true, null],
  ['PT-K-02', 'Phân tích hợp chất hữu cơ bay hơi (VOCs)', PT, 'CHITIEU', 1_200_000, '10', true, null],
  ['PT-D-01', 'Phân tích kim loại nặng trong đất', PT, 'CHITIEU', 250_000, '10', true, null],
  ['PT-D-02', 'Phân tích dư lượng thuốc bảo vệ thực vật trong đất', PT, 'CHITIEU', 850_000, '10', true, null],
  ['PT-NU-01', 'Phân tích nước ăn uống (gói 99 chỉ tiêu)', PT, 'MAU', 9_500_000, '10', true, 'Theo QCVN 01-1:2018/BYT'],
  [
    'BC-DTM-01',
    'Lập báo cáo đánh giá tác động môi trường (ĐTM)',
    BC,
    'BO',
    180_000_000,
    '10',
    true,
    'Dự án nhóm I, II theo Luật BVMT 2020',
  ],
  ['BC-GPMT-01', 'Lập hồ sơ đề nghị cấp giấy phép môi trường', BC, 'BO', 85_000_000, '10', true, null],
  [
    'BC-BVMT-01',
    'Lập báo cáo công tác bảo vệ môi trường hằng năm',
    BC,
    'BAOCAO',
    8_000_000,
    '10',
    true,
    'Nộp trước ngày 31/01 năm sau',
  ],
  ['BC-DKMT-01', 'Lập hồ sơ đăng ký môi trường', BC, 'HOSO', 6_000_000, '10', true, null],
  ['BC-SCMT-01', 'Lập kế hoạch ứng phó sự cố môi trường', BC, 'BO', 25_000_000, '10', true, null],
  ['BC-CTNH-01', 'Lập báo cáo quản lý chất thải nguy hại', BC, 'BAOCAO', 4_500_000, '10', true, null],
  ['BC-TV-01', 'Tư vấn môi trường (chuyên gia tại cơ sở)', BC, 'NGAYCONG', 2_500_000, '10', true, null],
  [
    'BC-DT-01',
    'Đào tạo nghiệp vụ quản lý môi trường cho doanh nghiệp',
    BC,
    'LOP',
    15_000_000,
    'none',
    false,
    'Dạy nghề: không chịu thuế GTGT',
  ],
  [
    'LD-TRAM-01',
    'Lắp đặt trạm quan trắc nước thải tự động, liên tục',
    LD,
    'BO',
    950_000_000,
    '10',
    true,
    'Theo Nghị định 08/2022/NĐ-CP',
  ],
  ['LD-TRAM-02', 'Lắp đặt hệ thống quan trắc khí thải tự động, liên tục (CEMS)', LD, 'BO', 2_300_000_000, '10', true, null],
  ['LD-KD-01', 'Kiểm định, hiệu chuẩn thiết bị quan trắc tự động', LD, 'LAN', 35_000_000, '10', true, null],
  ['LD-BT-01', 'Bảo trì trạm quan trắc tự động', LD, 'LAN', 15_000_000, '10', true, null],
  [
    'LD-TDL-01',
    'Kết nối truyền dữ liệu quan trắc về Sở Nông nghiệp và Môi trường',
    LD,
    'LAN',
    12_000_000,
    '10',
    false,
    'Dịch vụ công nghệ thông tin: không được giảm thuế',
  ],
];

/** Adds the demo units and services, inside the demo's transaction (before the contracts, which price from them). */
export async function loadDemoServices(
  trx: Kysely<DB>,
  stamps: { created_at: string; updated_at: string; created_by: number | null },
): Promise<void> {
  if (await trx.selectFrom('units').select('id').executeTakeFirst()) return;
  const unitIds = new Map<string, number>();
  for (const [code, name, description] of UNITS) {
    const { id } = await trx
      .insertInto('units')
      .values({ code, name, description, active: 1, search_text: searchText(code, name), ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    unitIds.set(code, id);
  }
  for (const [code, name, group, unit, price, vat, reducible, description, active = true] of SERVICES) {
    await trx
      .insertInto('services')
      .values({
        code,
        name,
        group_name: group,
        unit_id: unitIds.get(unit)!,
        unit_price: price,
        vat_rate: vat,
        vat_reducible: reducible ? 1 : 0,
        description,
        active: active ? 1 : 0,
        search_text: searchText(code, name, group),
        ...stamps,
      })
      .execute();
  }
}
