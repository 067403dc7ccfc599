import { EQUIPMENT_KIND_LABELS, type EquipmentKind } from '@qlcv/common/schemas/equipment';
import { searchText } from '@qlcv/common/vi-text';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { vnToday } from '../lib/vn-time';

// The demo company's field kit: the instruments a monitoring team carries (a multi-parameter water meter, a stack gas
// analyser, air sampling pumps, an isokinetic dust sampler, noise and climate meters…) and its three vehicles. Models
// are common ones on the Vietnamese market; the due dates are set from the day the demo loads, so one calibration has
// lapsed and one falls due in ten days whenever it is loaded. Measuring instruments are calibrated yearly by an
// accredited centre (QUATEST), vehicles inspected at a registration centre. Demo data, not a real inventory.

type Row = [
  code: string,
  name: string,
  kind: EquipmentKind,
  model: string,
  identifier: string,
  department: string,
  measures: string | null,
  /** Days from today to the due date; null: nothing to calibrate. */
  dueIn: number | null,
  certificate: string | null,
];

const EQUIPMENT: Row[] = [
  [
    'TB-DCT-01',
    'Máy đo chất lượng nước đa chỉ tiêu cầm tay',
    'instrument',
    'Hanna HI98194',
    'H0284513',
    'QT-HT',
    'pH, DO, độ dẫn điện, TDS, nhiệt độ',
    150,
    'HC-N 0412/2026',
  ],
  [
    'TB-DCT-02',
    'Máy đo chất lượng nước đa chỉ tiêu cầm tay',
    'instrument',
    'YSI ProDSS',
    '21K100742',
    'QT-HT',
    'pH, DO, độ dẫn điện, độ đục, nhiệt độ',
    10,
    'HC-N 1187/2025',
  ],
  [
    'TB-KT-01',
    'Máy phân tích khí thải',
    'instrument',
    'Testo 350',
    '61925874',
    'QT-HT',
    'O₂, CO, NO, NO₂, SO₂, nhiệt độ khí thải',
    -12,
    'HC-K 0963/2025',
  ],
  [
    'TB-BOM-01',
    'Bơm lấy mẫu khí cá nhân',
    'instrument',
    'SKC AirChek Essential 220-1000TC',
    'SKC-552310',
    'QT-HT',
    'Lấy mẫu SO₂, NO₂, H₂S, NH₃ không khí xung quanh',
    200,
    'HC-K 0221/2026',
  ],
  [
    'TB-BOM-02',
    'Bơm lấy mẫu khí cá nhân',
    'instrument',
    'SKC AirChek Essential 220-1000TC',
    'SKC-552311',
    'QT-HT',
    'Lấy mẫu SO₂, NO₂, H₂S, NH₃ không khí xung quanh',
    200,
    'HC-K 0222/2026',
  ],
  [
    'TB-ISO-01',
    'Thiết bị lấy mẫu bụi khí thải đẳng động học (isokinetic)',
    'instrument',
    'Apex Instruments XC-572',
    'XC572-1845',
    'QT-HT',
    'Bụi tổng, lưu lượng, vận tốc khí thải (US EPA Method 5)',
    95,
    'HC-K 0575/2026',
  ],
  [
    'TB-TSP-01',
    'Máy lấy mẫu bụi không khí lưu lượng lớn (TSP, PM10)',
    'instrument',
    'Tisch Environmental TE-5170',
    'P9347',
    'QT-HT',
    'Bụi lơ lửng tổng số (TSP), PM10',
    75,
    'HC-K 0498/2026',
  ],
  [
    'TB-VKH-01',
    'Máy đo vi khí hậu',
    'instrument',
    'Kestrel 5500',
    '2455871',
    'QT-HT',
    'Nhiệt độ, độ ẩm, tốc độ gió, áp suất khí quyển',
    240,
    'HC-K 0302/2026',
  ],
  [
    'TB-ON-01',
    'Máy đo tiếng ồn tích phân',
    'instrument',
    'Rion NL-52',
    '00910632',
    'QT-HT',
    'Mức âm tương đương (LAeq), LAmax',
    120,
    'KĐ-ÂM 0156/2026',
  ],
  [
    'TB-GIO-01',
    'Máy đo tốc độ gió cầm tay',
    'instrument',
    'Kanomax 6036',
    '36120457',
    'QT-HT',
    'Tốc độ gió, nhiệt độ',
    60,
    'HC-K 0433/2026',
  ],
  [
    'TB-DUC-01',
    'Máy đo độ đục cầm tay',
    'instrument',
    'Hach 2100Q',
    '20120C068813',
    'QT-HT',
    'Độ đục (NTU)',
    180,
    'HC-N 0655/2026',
  ],
  [
    'TB-GPS-01',
    'Máy định vị GPS cầm tay',
    'instrument',
    'Garmin GPSMAP 65s',
    '5GA012884',
    'QT-HT',
    'Tọa độ điểm lấy mẫu',
    270,
    null,
  ],
  [
    'TB-VD-01',
    'Thiết bị lấy mẫu nước theo tầng (Van Dorn, 2,2 L)',
    'instrument',
    'Wildco 1920-G45',
    'WD-1920-07',
    'QT-HT',
    'Lấy mẫu nước mặt, nước biển theo độ sâu',
    null,
    null,
  ],
  [
    'TB-TL-01',
    'Tủ lạnh bảo quản mẫu có nhiệt kế tự ghi',
    'instrument',
    'Sanaky VH-4099A4K; nhiệt kế Testo 175 T1',
    '47213098',
    'PTN',
    'Nhiệt độ bảo quản mẫu 1–5 °C',
    135,
    'HC-T 0371/2026',
  ],
  [
    'XE-51C-12345',
    'Xe bán tải chở thiết bị lấy mẫu',
    'vehicle',
    'Ford Ranger XLS 2.0L',
    '51C-123.45',
    'QT-HT',
    null,
    140,
    'KC 4512873',
  ],
  [
    'XE-30E-45678',
    'Xe 7 chỗ chở đội lấy mẫu',
    'vehicle',
    'Toyota Innova Cross 2.0G',
    '30E-456.78',
    'HCNS',
    null,
    220,
    'KC 3906215',
  ],
  [
    'XE-29C-67890',
    'Xe tải nhẹ chở thiết bị quan trắc khí thải',
    'vehicle',
    'Hyundai New Porter H150',
    '29C-678.90',
    'QT-HT',
    null,
    35,
    'KC 4120558',
  ],
];

/** The demo company's instruments and vehicles, kept by its departments, due dates from today. */
export async function loadDemoEquipment(
  trx: Kysely<DB>,
  stamps: { created_at: string; updated_at: string; created_by: number | null },
): Promise<void> {
  if (await trx.selectFrom('equipment').select('id').executeTakeFirst()) return;
  const departments = new Map(
    (await trx.selectFrom('departments').select(['id', 'code']).execute()).map((d) => [d.code, d.id] as const),
  );
  const today = vnToday();
  for (const [code, name, kind, model, identifier, department, measures, dueIn, certificate] of EQUIPMENT) {
    const due = dueIn === null ? null : addDays(today, dueIn);
    await trx
      .insertInto('equipment')
      .values({
        code,
        name,
        kind,
        model,
        identifier,
        department_id: departments.get(department) ?? null,
        measures,
        calibration_due: due,
        calibration_certificate: certificate,
        // Calibrated or inspected a year before the due date.
        last_calibrated_on: due === null ? null : addDays(due, -365),
        description: null,
        active: 1,
        search_text: searchText(code, name, identifier, model, measures, EQUIPMENT_KIND_LABELS[kind]),
        ...stamps,
      })
      .execute();
  }
}
