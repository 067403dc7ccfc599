import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

// The demo customers' monitored sites (issue 24): a dozen facilities as their environmental permits describe them —
// a textile dye house, an industrial park's central wastewater plant, a hospital, a cement kiln's stack, a brewery, a
// steel mill, ambient air at a residential area… — each with its points (NT wastewater, KT stack emissions, KK ambient
// air, NN groundwater, NM surface water) and the plan of parameters × frequency its permit sets. Permit numbers are
// made up; the regulations are those in force for each medium.

type Plan = [code: string, frequency: 'monthly' | 'quarterly' | 'half_yearly' | 'yearly'][];

const WASTEWATER: Plan = [
  ['NT-PH', 'quarterly'],
  ['NT-TSS', 'quarterly'],
  ['NT-BOD5', 'quarterly'],
  ['NT-COD', 'quarterly'],
  ['NT-NH4', 'quarterly'],
  ['NT-TN', 'quarterly'],
  ['NT-TP', 'quarterly'],
  ['NT-COLI', 'quarterly'],
];
const METALS: Plan = [
  ['NT-AS', 'half_yearly'],
  ['NT-PB', 'half_yearly'],
  ['NT-CD', 'half_yearly'],
  ['NT-HG', 'half_yearly'],
];
const STACK: Plan = [
  ['KT-LL', 'quarterly'],
  ['KT-BUI', 'quarterly'],
  ['KT-SO2', 'quarterly'],
  ['KT-NOX', 'quarterly'],
  ['KT-CO', 'quarterly'],
  ['KT-O2', 'quarterly'],
];
const AMBIENT: Plan = [
  ['KK-TSP', 'quarterly'],
  ['KK-SO2', 'quarterly'],
  ['KK-NO2', 'quarterly'],
  ['KK-CO', 'quarterly'],
  ['KK-ON', 'quarterly'],
];
const GROUNDWATER: Plan = [
  ['NN-PH', 'half_yearly'],
  ['NN-CUNG', 'half_yearly'],
  ['NN-KMNO4', 'half_yearly'],
  ['NN-FE', 'half_yearly'],
];
const SURFACE: Plan = [
  ['NM-PH', 'quarterly'],
  ['NM-DO', 'quarterly'],
  ['NM-BOD5', 'quarterly'],
  ['NM-COD', 'quarterly'],
  ['NM-TSS', 'quarterly'],
  ['NM-NH4', 'quarterly'],
  ['NM-PO4', 'quarterly'],
];

interface DemoPoint {
  code: string;
  name: string;
  medium: 'wastewater' | 'emission' | 'ambient_air' | 'groundwater' | 'surface_water';
  regulation?: [string, string | null];
  /** The factor values of the regulation's tables the permit applies (issue 25), when it computes its limits. */
  factors?: { code: string; value: string; reason: string }[];
  plan: Plan;
  at?: [number, number];
}

interface DemoSite {
  code: string;
  name: string;
  /** The demo customer's name (demo-activity-data.ts). */
  customer: string;
  address: string;
  province: string;
  at: [number, number];
  permit: [string, string];
  points: DemoPoint[];
}

const QCVN40B: [string, string] = ['QCVN 40:2011/BTNMT', 'B'];
const QCVN40A: [string, string] = ['QCVN 40:2011/BTNMT', 'A'];
const QCVN19B: [string, string] = ['QCVN 19:2009/BTNMT', 'B'];
const QCVN05: [string, string] = ['QCVN 05:2023/BTNMT', 'GH'];
const QCVN09: [string, null] = ['QCVN 09:2023/BTNMT', null];
const QCVN08: [string, string] = ['QCVN 08:2023/BTNMT', 'GH'];

const SITES: DemoSite[] = [
  {
    code: 'CS-DNPH',
    name: 'Nhà máy dệt nhuộm Phố Hiến',
    customer: 'Công ty CP Dệt nhuộm Phố Hiến',
    address: 'Lô C5, KCN Phố Nối B, huyện Yên Mỹ',
    province: 'Hưng Yên',
    at: [20.938421, 106.055712],
    permit: ['125/GPMT-UBND', '2024-05-20'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau hệ thống xử lý, trước khi đấu nối KCN',
        medium: 'wastewater',
        regulation: QCVN40B,
        plan: [...WASTEWATER, ['NT-MAU', 'quarterly'], ['NT-S2', 'quarterly']],
      },
      { code: 'KT1', name: 'Ống khói lò hơi đốt than 10 tấn/giờ', medium: 'emission', regulation: QCVN19B, plan: STACK },
      { code: 'KK1', name: 'Khu vực cổng nhà máy, cuối hướng gió', medium: 'ambient_air', regulation: QCVN05, plan: AMBIENT },
    ],
  },
  {
    code: 'CS-KCNQV',
    name: 'Trạm xử lý nước thải tập trung KCN Quế Võ',
    customer: 'Khu công nghiệp Quế Võ',
    address: 'Đường YP1, KCN Quế Võ',
    province: 'Bắc Ninh',
    at: [21.13927, 106.16812],
    permit: ['2380/GPMT-BTNMT', '2023-11-02'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải đầu vào trạm xử lý',
        medium: 'wastewater',
        plan: [
          ['NT-COD', 'monthly'],
          ['NT-TSS', 'monthly'],
          ['NT-NH4', 'monthly'],
        ],
      },
      {
        code: 'NT2',
        name: 'Nước thải đầu ra trạm xử lý, trước khi xả ra sông Cầu',
        medium: 'wastewater',
        regulation: QCVN40A,
        plan: [...WASTEWATER, ...METALS],
      },
      { code: 'NM1', name: 'Sông Cầu, 500 m thượng lưu điểm xả', medium: 'surface_water', regulation: QCVN08, plan: SURFACE },
      { code: 'NM2', name: 'Sông Cầu, 1.000 m hạ lưu điểm xả', medium: 'surface_water', regulation: QCVN08, plan: SURFACE },
    ],
  },
  {
    code: 'CS-BVHP',
    name: 'Bệnh viện Đa khoa Hồng Phúc — hệ thống xử lý nước thải',
    customer: 'Bệnh viện Đa khoa Hồng Phúc',
    address: 'Số 18 đường Hồng Phúc, quận Cầu Giấy',
    province: 'Hà Nội',
    at: [21.03614, 105.79421],
    permit: ['47/GPMT-UBND', '2025-02-14'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau bể khử trùng',
        medium: 'wastewater',
        regulation: ['QCVN 28:2010/BTNMT', 'B'],
        plan: [
          ['NT-PH', 'quarterly'],
          ['NT-TSS', 'quarterly'],
          ['NT-BOD5', 'quarterly'],
          ['NT-COD', 'quarterly'],
          ['NT-NH4', 'quarterly'],
          ['NT-S2', 'quarterly'],
          ['NT-COLI', 'monthly'],
        ],
      },
      {
        code: 'KT1',
        name: 'Ống khói lò đốt chất thải y tế',
        medium: 'emission',
        regulation: ['QCVN 02:2012/BTNMT', null],
        plan: STACK,
      },
    ],
  },
  {
    code: 'CS-XMBC',
    name: 'Nhà máy vật liệu xây dựng Bãi Cháy — lò nung clinker',
    customer: 'Công ty CP Vật liệu xây dựng Bãi Cháy',
    address: 'Phường Hà Khẩu, thành phố Hạ Long',
    province: 'Quảng Ninh',
    at: [20.97563, 106.99178],
    permit: ['312/GPMT-BTNMT', '2024-08-09'],
    points: [
      {
        code: 'KT1',
        name: 'Ống khói lò nung clinker số 1',
        medium: 'emission',
        regulation: ['QCVN 23:2009/BTNMT', null],
        plan: STACK,
      },
      {
        code: 'KT2',
        name: 'Ống khói máy nghiền xi măng',
        medium: 'emission',
        regulation: ['QCVN 23:2009/BTNMT', null],
        plan: [
          ['KT-LL', 'quarterly'],
          ['KT-BUI', 'quarterly'],
        ],
      },
      { code: 'KK1', name: 'Khu dân cư tổ 5, phường Hà Khẩu', medium: 'ambient_air', regulation: QCVN05, plan: AMBIENT },
    ],
  },
  {
    code: 'CS-BIAHD',
    name: 'Nhà máy Bia Hà Nội – Hải Dương',
    customer: 'Nhà máy Bia Hà Nội – Hải Dương',
    address: 'Km 50 Quốc lộ 5, xã Lai Cách',
    province: 'Hải Phòng',
    at: [20.93842, 106.24018],
    permit: ['86/GPMT-UBND', '2023-06-30'],
    points: [
      { code: 'NT1', name: 'Nước thải sau xử lý sinh học', medium: 'wastewater', regulation: QCVN40B, plan: WASTEWATER },
      { code: 'KT1', name: 'Ống khói lò hơi đốt biomass 15 tấn/giờ', medium: 'emission', regulation: QCVN19B, plan: STACK },
      { code: 'NN1', name: 'Giếng khoan khai thác số 2', medium: 'groundwater', regulation: QCVN09, plan: GROUNDWATER },
    ],
  },
  {
    code: 'CS-THEPNS',
    name: 'Nhà máy cán thép Nghi Sơn Phát',
    customer: 'Công ty TNHH Thép Nghi Sơn Phát',
    address: 'KKT Nghi Sơn, xã Hải Hà',
    province: 'Thanh Hóa',
    at: [19.33154, 105.79832],
    permit: ['1954/GPMT-BTNMT', '2024-10-18'],
    points: [
      { code: 'KT1', name: 'Ống khói lò nung phôi', medium: 'emission', regulation: ['QCVN 51:2017/BTNMT', null], plan: STACK },
      {
        code: 'NT1',
        name: 'Nước thải tuần hoàn làm mát, điểm xả tràn',
        medium: 'wastewater',
        regulation: QCVN40B,
        plan: [['NT-PH', 'quarterly'], ['NT-TSS', 'quarterly'], ['NT-DAU', 'quarterly'], ...METALS],
      },
    ],
  },
  {
    code: 'CS-SAOMAI',
    name: 'Nhà máy chế biến thực phẩm Sao Mai',
    customer: 'Công ty TNHH Thực phẩm Sao Mai',
    address: 'KCN Sông Công I',
    province: 'Thái Nguyên',
    at: [21.47253, 105.84561],
    permit: ['64/GPMT-UBND', '2025-04-03'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý, trước cống chung KCN',
        medium: 'wastewater',
        regulation: QCVN40B,
        plan: [...WASTEWATER, ['NT-DAU', 'quarterly']],
      },
    ],
  },
  {
    code: 'CS-PHUCYEN',
    name: 'Nhà máy linh kiện điện tử Phúc Yên',
    customer: 'Công ty TNHH Linh kiện Điện tử Phúc Yên',
    address: 'KCN Bình Xuyên, huyện Bình Xuyên',
    province: 'Phú Thọ',
    at: [21.26312, 105.66521],
    permit: ['2051/GPMT-BTNMT', '2025-07-22'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sản xuất sau xử lý hóa lý',
        medium: 'wastewater',
        regulation: QCVN40B,
        plan: [['NT-PH', 'monthly'], ['NT-COD', 'monthly'], ['NT-CN', 'quarterly'], ['NT-CR6', 'quarterly'], ...METALS],
      },
      {
        code: 'KT1',
        name: 'Ống thải hệ thống xử lý hơi dung môi',
        medium: 'emission',
        regulation: QCVN19B,
        plan: [
          ['KT-LL', 'quarterly'],
          ['KT-CO', 'quarterly'],
        ],
      },
    ],
  },
  {
    code: 'CS-SONGLO',
    name: 'Nhà máy bao bì giấy Sông Lô',
    customer: 'Công ty CP Bao bì Giấy Sông Lô',
    address: 'Cụm công nghiệp Đồng Lạng, huyện Phù Ninh',
    province: 'Phú Thọ',
    at: [21.43871, 105.26543],
    permit: ['22/GPMT-UBND', '2024-01-12'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau hệ thống xử lý',
        medium: 'wastewater',
        regulation: QCVN40B,
        plan: [...WASTEWATER, ['NT-MAU', 'quarterly']],
      },
      { code: 'NM1', name: 'Sông Lô, 200 m hạ lưu cửa xả', medium: 'surface_water', regulation: QCVN08, plan: SURFACE },
    ],
  },
  {
    code: 'CS-CUULONG',
    name: 'Nhà máy chế biến thủy sản Cửu Long Xanh',
    customer: 'Công ty CP Thủy sản Cửu Long Xanh',
    address: 'KCN Trà Nóc 2, quận Ô Môn',
    province: 'Cần Thơ',
    at: [10.12674, 105.69518],
    permit: ['118/GPMT-UBND', '2023-09-15'],
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý, trước khi xả ra sông Hậu',
        medium: 'wastewater',
        regulation: QCVN40A,
        plan: WASTEWATER,
      },
    ],
  },
  {
    code: 'CS-TRANBIEN',
    name: 'Xưởng chế biến gỗ Trấn Biên',
    customer: 'Công ty TNHH Chế biến Gỗ Trấn Biên',
    address: 'KCN Hố Nai, huyện Trảng Bom',
    province: 'Đồng Nai',
    at: [10.96312, 106.91276],
    permit: ['77/GPMT-UBND', '2025-03-28'],
    points: [
      {
        code: 'KT1',
        name: 'Ống thải hệ thống lọc bụi xưởng chà nhám',
        medium: 'emission',
        regulation: QCVN19B,
        plan: [
          ['KT-LL', 'quarterly'],
          ['KT-BUI', 'quarterly'],
        ],
      },
      {
        code: 'KK1',
        name: 'Khu vực xưởng sơn',
        medium: 'ambient_air',
        regulation: QCVN05,
        plan: [
          ['KK-TSP', 'quarterly'],
          ['KK-ON', 'quarterly'],
        ],
      },
    ],
  },
  {
    code: 'CS-DONGANH',
    name: 'Khu đô thị Đông Anh Xanh — không khí khu dân cư',
    customer: 'Công ty CP Đầu tư Khu đô thị Đông Anh Xanh',
    address: 'Xã Uy Nỗ, huyện Đông Anh',
    province: 'Hà Nội',
    at: [21.13582, 105.85214],
    permit: ['35/GPMT-UBND', '2025-09-10'],
    points: [
      { code: 'KK1', name: 'Vườn hoa trung tâm khu đô thị', medium: 'ambient_air', regulation: QCVN05, plan: AMBIENT },
      { code: 'KK2', name: 'Cổng trường mầm non, giáp đường Cao Lỗ', medium: 'ambient_air', regulation: QCVN05, plan: AMBIENT },
      {
        code: 'NT1',
        name: 'Trạm xử lý nước thải sinh hoạt của khu đô thị',
        medium: 'wastewater',
        regulation: ['QCVN 14:2008/BTNMT', 'B'],
        plan: [
          ['NT-PH', 'quarterly'],
          ['NT-BOD5', 'quarterly'],
          ['NT-TSS', 'quarterly'],
          ['NT-NH4', 'quarterly'],
          ['NT-COLI', 'quarterly'],
        ],
      },
    ],
  },
];

const e6 = (deg: number) => Math.round(deg * 1e6);

/**
 * The factors a demo point's permit applies when none are given: wastewater into a small river (Q ≤ 50 m³/s in the
 * dry season) at a few hundred m³ a day; a boiler stack under 20 000 m³/h in an industrial park.
 */
const DEFAULT_FACTORS: Record<string, { code: string; value: string; reason: string }[]> = {
  'QCVN 40:2011/BTNMT': [
    { code: 'Kq', value: '0.9', reason: 'Kênh tiêu thủy lợi dẫn ra sông, Q mùa kiệt ≤ 50 m³/s' },
    { code: 'Kf', value: '1.1', reason: 'Lưu lượng xả theo giấy phép 320 m³/ngày đêm' },
  ],
  'QCVN 14:2008/BTNMT': [{ code: 'K', value: '1.0', reason: 'Khu chung cư, khu dân cư từ 50 căn hộ trở lên' }],
  'QCVN 19:2009/BTNMT': [
    { code: 'Kp', value: '1', reason: 'Lưu lượng khí thải đo được khoảng 12.000 m³/giờ' },
    { code: 'Kv', value: '1', reason: 'Cơ sở nằm trong khu công nghiệp (loại 3)' },
  ],
};

/** The demo customers that have sites (the activity's customers, by name). */
export const SITE_CUSTOMERS = SITES.map((s) => s.customer);

/** The demo sites, for the customers the activity made; nothing when there are sites already or no customers. */
export async function loadDemoSites(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('sites').select('id').limit(1).executeTakeFirst()) return false;
  const customers = new Map((await db.selectFrom('customers').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  const parameters = new Map((await db.selectFrom('parameters').select(['id', 'code']).execute()).map((p) => [p.code, p.id]));
  const creator = await db.selectFrom('users').select('id').where('username', '=', 'hung.nv').executeTakeFirst();
  const regulations = new Map((await db.selectFrom('regulations').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const s of SITES) {
      const customerId = customers.get(s.customer);
      if (!customerId) continue;
      const { id } = await trx
        .insertInto('sites')
        .values({
          code: s.code,
          name: s.name,
          customer_id: customerId,
          address: s.address,
          province: s.province,
          latitude_e6: e6(s.at[0]),
          longitude_e6: e6(s.at[1]),
          permit_number: s.permit[0],
          permit_date: s.permit[1],
          description: null,
          active: 1,
          search_text: searchText(s.code, s.name, s.address, s.permit[0]),
          created_by: creator?.id ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, p] of s.points.entries()) {
        const point = await trx
          .insertInto('site_points')
          .values({
            site_id: id,
            code: p.code,
            name: p.name,
            medium: p.medium,
            latitude_e6: p.at ? e6(p.at[0]) : null,
            longitude_e6: p.at ? e6(p.at[1]) : null,
            description: null,
            regulation: p.regulation?.[0] ?? null,
            regulation_column: p.regulation?.[1] ?? null,
            // A regulation of the catalogue is named by reference with the factors its permit applies.
            regulation_id: (p.regulation && regulations.get(p.regulation[0])) ?? null,
            regulation_factors:
              JSON.stringify(p.factors ?? (p.regulation ? (DEFAULT_FACTORS[p.regulation[0]] ?? []) : [])).replace(/^\[\]$/, '') ||
              null,
            sort_order: i,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const lines = p.plan.flatMap(([code, frequency], j) => {
          const parameterId = parameters.get(code);
          return parameterId ? [{ point_id: point.id, parameter_id: parameterId, frequency, sort_order: j }] : [];
        });
        if (lines.length > 0) await trx.insertInto('site_point_plans').values(lines).execute();
      }
    }
  });
  return true;
}
