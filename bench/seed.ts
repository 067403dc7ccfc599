// A realistic company for the benchmarks (QUALITY.md "Speed"): 500 users in 20 departments, 10 000 customers,
// 100 000 requests on a three-step process and 300 000 works, and the rest of the office (seedOffice: leaves, services,
// 3 000 contracts, evaluations, notifications), written in batches straight through Kysely.

import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database';
import { evaluationNameKey, evaluationPeriodKey } from '../apps/server/src/db/migrations/0032-rules-across-rows';
import { hashPassword } from '../apps/server/src/lib/crypto';
import { searchText } from '../packages/common/src/vi-text';

export const BENCH_PASSWORD = 'Bench@2026';
const HO = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương'];
const DEM = ['Văn', 'Thị', 'Minh', 'Thu', 'Quốc', 'Ngọc', 'Đức', 'Thanh'];
const TEN = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Đạt',
  'Hà',
  'Hùng',
  'Lan',
  'Mai',
  'Nam',
  'Phúc',
  'Quân',
  'Sơn',
  'Trang',
  'Tú',
  'Yến',
];
const NGANH = [
  'Môi trường',
  'Xây dựng',
  'Thực phẩm',
  'Dệt may',
  'Hóa chất',
  'Cơ khí',
  'Điện tử',
  'Giấy',
  'Thủy sản',
  'Khoáng sản',
];
const TEN_CTY = [
  'Xanh',
  'Hòa Bình',
  'Sông Hồng',
  'Phương Nam',
  'Đại Việt',
  'Thăng Long',
  'Hải Âu',
  'Tân Phú',
  'Minh Long',
  'Việt Tiến',
];
const VIEC = [
  'Quan trắc khí thải',
  'Quan trắc nước thải',
  'Lấy mẫu không khí xung quanh',
  'Phân tích nước mặt',
  'Lập báo cáo ĐTM',
  'Lắp đặt trạm quan trắc tự động',
];
const STATUSES: [string, number][] = [
  ['completed', 60],
  ['in_progress', 15],
  ['received', 5],
  ['new', 10],
  ['on_hold', 3],
  ['rejected', 4],
  ['cancelled', 3],
];

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
function statusOf(i: number): string {
  let n = (i * 7919) % 100;
  for (const [s, w] of STATUSES) {
    if (n < w) return s;
    n -= w;
  }
  return 'new';
}

/**
 * The bench company's roles, as the demo company's (demo/demo.ts): directors see every work, department heads
 * their department's, employees their own; requests and customers are open to all of them (PRODUCT.md §2).
 */
const view = (r: string) => [`${r}.index`, `${r}.show`];
const crud = (r: string) => [...view(r), `${r}.create`, `${r}.edit`];
/** What everyone holds since issues 10–12 (as demo/demo.ts's staff): own leave, check-ins, own evaluations. */
const OFFICE_KEYS = ['leaves.index', 'leaves.show', 'leaves.create', 'attendance.index', ...view('user_evaluations')];
const BENCH_ROLES: Record<string, { name: string; keys: string[] }> = {
  giam_doc: {
    name: 'Giám đốc',
    keys: [
      ...view('users'),
      ...view('departments'),
      ...crud('requests'),
      ...crud('customer'),
      'works.all',
      'works.create',
      'works.show',
      ...OFFICE_KEYS,
      ...view('contracts'),
      'contracts.approve',
      ...crud('evaluations'),
      ...crud('user_evaluations'),
      'leaves.all',
      'attendance.all',
    ],
  },
  truong_phong: {
    name: 'Trưởng phòng',
    keys: [
      ...view('users'),
      ...view('departments'),
      ...crud('requests'),
      ...view('customer'),
      'works.department',
      'works.create',
      'works.show',
      ...OFFICE_KEYS,
      ...view('contracts'),
      'leaves.department',
      'leaves.departments',
      'attendance.department',
    ],
  },
  nhan_vien: {
    name: 'Nhân viên',
    keys: [...view('requests'), ...view('customer'), 'works.create', 'works.show', ...OFFICE_KEYS],
  },
};

/** The role of the i-th seeded user: two administrators, three directors, one head per department, employees. */
export function benchRoleOf(i: number): 'admin' | keyof typeof BENCH_ROLES {
  if (i < 2) return 'admin';
  if (i < 5) return 'giam_doc';
  if (i >= 20 && i < 40) return 'truong_phong';
  return 'nhan_vien';
}

async function inBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export interface Seeded {
  adminId: number;
  busyUser: { username: string; id: number };
  requestTypeId: number;
  sampleRequestId: number;
  searchTerm: string;
}

export async function seedCompany(
  database: Database,
  sizes = { users: 500, customers: 10_000, requests: 100_000 },
): Promise<Seeded> {
  const { db } = database;
  const now = new Date().toISOString();
  const stamps = { created_at: now, updated_at: now, created_by: null };
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
  const roleIds = new Map<string, number>([['admin', role.id]]);
  for (const [code, r] of Object.entries(BENCH_ROLES)) {
    const { id } = await db
      .insertInto('roles')
      .values({ code, name: r.name, description: null, is_system: 0, search_text: searchText(code, r.name), ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values([...new Set(r.keys)].map((permission) => ({ role_id: id, permission })))
      .execute();
    roleIds.set(code, id);
  }

  const deps: number[] = [];
  for (let i = 1; i <= 20; i++) {
    const r = await db
      .insertInto('departments')
      .values({
        code: `PB${i}`,
        name: `Phòng ${i}`,
        parent_id: null,
        head_id: null,
        description: null,
        search_text: `pb${i} phong ${i}`,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    deps.push(r.id);
  }

  const hash = await hashPassword(BENCH_PASSWORD);
  const users = Array.from({ length: sizes.users }, (_, i) => {
    const name = `${pick(HO, i)} ${pick(DEM, i >> 3)} ${pick(TEN, i * 7)}`;
    const code = `NV${String(i + 2).padStart(4, '0')}`;
    return {
      code,
      name,
      username: `nv${i}`,
      email: `nv${i}@quantrac.vn`,
      mobile: `09${String(10_000_000 + i).padStart(8, '0')}`,
      password_hash: hash,
      role_id: roleIds.get(benchRoleOf(i))!,
      department_id: pick(deps, i),
      position: BENCH_ROLES[benchRoleOf(i)]?.name ?? 'Quản trị',
      gender: i % 2 ? 'male' : 'female',
      birthday: null,
      joined_at: null,
      address: 'Hà Nội',
      search_text: searchText(code, name, `nv${i}`),
      ...stamps,
    };
  });
  await inBatches(users, 100, (b) => db.insertInto('users').values(b).execute());
  const userIds = (await db.selectFrom('users').select('id').where('username', 'like', 'nv%').orderBy('id').execute()).map(
    (u) => u.id,
  );
  // Each department's head leads it (the dashboard's approvals and the department scopes follow head_id).
  for (let i = 20; i < 40 && i < userIds.length; i++) {
    await db.updateTable('departments').set({ head_id: userIds[i]! }).where('id', '=', pick(deps, i)).execute();
  }

  const process = await db
    .insertInto('processes')
    .values({
      code: 'QTDK',
      name: 'Quan trắc môi trường định kỳ',
      description: null,
      search_text: 'qtdk quan trac moi truong dinh ky',
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const steps = ['Tiếp nhận & báo giá', 'Lấy mẫu hiện trường', 'Phân tích & trả kết quả'];
  for (const [i, name] of steps.entries()) {
    await db
      .insertInto('process_steps')
      .values({
        process_id: process.id,
        position: i + 1,
        name,
        description: null,
        department_id: pick(deps, i),
        default_assignee_id: null,
        duration_hours: 24 * (i + 1),
        produces_result: i === 2 ? 1 : 0,
        ...stamps,
      })
      .execute();
  }
  const snapshot = JSON.stringify({
    process: { id: process.id, code: 'QTDK', name: 'Quan trắc môi trường định kỳ', version: 1 },
    steps: steps.map((name, i) => ({
      id: i + 1,
      position: i + 1,
      name,
      department_id: pick(deps, i),
      default_assignee_id: null,
      duration_hours: 24 * (i + 1),
      produces_result: i === 2,
    })),
  });
  const type = await db
    .insertInto('request_types')
    .values({
      code: 'QTMT',
      name: 'Quan trắc môi trường',
      description: null,
      process_id: process.id,
      is_public: 1,
      service_group: 'Quan trắc',
      search_text: 'qtmt quan trac moi truong',
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const customers = Array.from({ length: sizes.customers }, (_, i) => {
    const code = `KH${String(i + 1).padStart(5, '0')}`;
    const name = `Công ty TNHH ${pick(NGANH, i)} ${pick(TEN_CTY, Math.floor(i / 10))} ${i + 1}`;
    const phone = `02${String(400_000_000 + i).padStart(9, '0')}`;
    return {
      code,
      type: 'organization',
      name,
      tax_code: String(1_000_000_000 + i),
      representative: `${pick(HO, i)} ${pick(TEN, i)}`,
      representative_title: 'Giám đốc',
      phone,
      email: `lienhe${i}@congty.vn`,
      street: null,
      ward: null,
      province: 'Hà Nội',
      contacts: null,
      source: 'staff',
      notes: null,
      search_text: searchText(code, name, phone),
      ...stamps,
    };
  });
  await inBatches(customers, 500, (b) => db.insertInto('customers').values(b).execute());
  const customerRows = await db.selectFrom('customers').select(['id', 'code', 'name']).orderBy('id').execute();

  // 100 000 requests over two years, their works three per request (fewer for requests not yet received).
  const start = Date.parse('2024-12-01T00:00:00Z');
  const span = Date.parse('2026-11-20T00:00:00Z') - start;
  const requests = Array.from({ length: sizes.requests }, (_, i) => {
    const created = new Date(start + Math.floor((span * i) / sizes.requests)).toISOString();
    const yymm = created.slice(2, 4) + created.slice(5, 7);
    const code = `YC${yymm}-${String(i + 1).padStart(6, '0')}`;
    const tracking = `${code}-${(i * 2_654_435_761).toString(32).toUpperCase().padStart(8, 'X').slice(-8)}`;
    const customer = customerRows[(i * 31) % customerRows.length]!;
    const status = statusOf(i);
    const title = `${pick(VIEC, i)} quý ${(i % 4) + 1}`;
    const requesterName = `${pick(HO, i * 3)} ${pick(DEM, i)} ${pick(TEN, i * 5)}`;
    const phone = `09${String(20_000_000 + (i % 9_000_000)).padStart(8, '0')}`;
    const received = status === 'new' ? null : created;
    return {
      code,
      tracking_code: tracking,
      request_type_id: type.id,
      process_snapshot: status === 'new' ? null : snapshot,
      customer_id: customer.id,
      requester_name: requesterName,
      requester_phone: phone,
      requester_email: null,
      requester_organization: customer.name,
      requester_address: null,
      title,
      content: 'Đề nghị thực hiện theo hợp đồng khung.',
      source: i % 5 === 0 ? 'public' : 'staff',
      priority: pick(['normal', 'normal', 'high', 'low', 'urgent'], i),
      status,
      current_step: status === 'new' ? null : status === 'completed' ? 3 : 1 + (i % 3),
      due_at: received ? new Date(Date.parse(created) + 144 * 3600_000).toISOString() : null,
      received_at: received,
      completed_at: status === 'completed' ? new Date(Date.parse(created) + 120 * 3600_000).toISOString() : null,
      on_hold_since: status === 'on_hold' ? now : null,
      status_reason: null,
      result_text: status === 'completed' ? 'Kết quả đạt QCVN.' : null,
      idempotency_key: null,
      hold_status: status === 'on_hold' ? 'in_progress' : null,
      search_text: searchText(code, tracking, title, requesterName, phone, customer.name),
      created_at: created,
      updated_at: created,
      created_by: admin.id,
    };
  });
  await db.transaction().execute(async (trx) => {
    await inBatches(requests, 500, (b) => trx.insertInto('requests').values(b).execute());
  });
  const requestRows = await db.selectFrom('requests').select(['id', 'code', 'status', 'created_at']).orderBy('id').execute();

  const busy = userIds[7]!;
  const works: Record<string, unknown>[] = [];
  for (const [i, r] of requestRows.entries()) {
    if (r.status === 'new') continue;
    for (let s = 0; s < 3; s++) {
      const done = r.status === 'completed' || s < i % 3;
      // One user carries a realistic load of open and finished works for the "my works" call.
      const assignee = i % 150 === 0 ? busy : userIds[(i * 3 + s) % userIds.length]!;
      const title = `${pick(steps, s)} – ${r.code}`;
      works.push({
        code: `CV${r.code.slice(2, 6)}-${String(i * 3 + s + 1).padStart(6, '0')}`,
        title,
        description: null,
        request_id: r.id,
        step_index: s + 1,
        department_id: pick(deps, s),
        assignee_id: assignee,
        priority: 'normal',
        start_date: r.created_at.slice(0, 10),
        deadline: new Date(Date.parse(r.created_at) + 24 * (s + 1) * 3600_000).toISOString(),
        progress: done ? 100 : 0,
        status: done ? 'done' : r.status === 'cancelled' || r.status === 'rejected' ? 'cancelled' : 'todo',
        result_note: done ? 'Đã hoàn thành.' : null,
        completed_at: done ? r.created_at : null,
        search_text: searchText(title),
        created_at: r.created_at,
        updated_at: r.created_at,
        created_by: admin.id,
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    await inBatches(works, 500, (b) =>
      trx
        .insertInto('works')
        .values(b as never)
        .execute(),
    );
  });

  // The seeded history is two years old: a live server would have sent its deadline reminders then. Marked as sent, so
  // the first start does not replay two years of reminders (work-deadlines.job.ts) during the measurements.
  for (const kind of ['due_soon', 'overdue', 'escalated'])
    await sql`insert into work_reminders (work_id, kind, created_at, deadline)
      select id, ${kind}, deadline, deadline from works where status in ('todo', 'in_progress') and deadline < ${now}`.execute(
      db,
    );
  await seedOffice(database, { userIds, deps, customers: customerRows, adminId: admin.id });
  const busyUser = await db.selectFrom('users').select(['id', 'username']).where('id', '=', busy).executeTakeFirstOrThrow();
  return {
    adminId: admin.id,
    busyUser,
    requestTypeId: type.id,
    sampleRequestId: requestRows[Math.floor(requestRows.length / 2)]!.id,
    // A company name fragment: about 1 % of the requests.
    searchTerm: 'hoa chat hai au',
  };
}

/** Monday–Friday on or after `iso` (YYYY-MM-DD). */
function weekdayFrom(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const dd = (n: number) => String(n).padStart(2, '0');

/**
 * The rest of the office (issue 26 part 4), for the mixed load's newer call kinds: leaves this year (a few per person,
 * some pending for the heads), a service catalogue, a few thousand contracts with their lines, evaluation periods with
 * every employee's evaluation, and each user's notifications.
 */
async function seedOffice(
  database: Database,
  o: { userIds: number[]; deps: number[]; customers: { id: number; code: string; name: string }[]; adminId: number },
) {
  const { db } = database;
  const now = new Date().toISOString();
  const year = Number(now.slice(0, 4));
  const stamps = { created_at: now, updated_at: now, created_by: o.adminId };
  const { userIds, deps } = o;
  // The head of the i-th user's department (users 20–39 head departments 0–19, benchRoleOf); heads' own leaves go to
  // whoever holds leaves.all (their departments have no parent).
  const headOf = (i: number) => (i >= 20 && i < 40 ? null : userIds[20 + (i % 20)]!);

  // Leaves: two approved (annual, sick) and, for 3 in 5, one pending in December; every 4th someone also has a
  // rejected unpaid one. Approved annual leave is in the ledger, as approving it writes.
  const types = new Map(
    (await db.selectFrom('leave_types').select(['id', 'code']).execute()).map((t) => [t.code, t.id] as const),
  );
  const leaves: Record<string, unknown>[] = [];
  let seq = 0;
  for (const [i, userId] of userIds.entries()) {
    const head = headOf(i);
    const leave = (type: string, month: number, day: number, days: number, status: string, reason: string) => {
      const start = weekdayFrom(`${year}-${dd(month)}-${dd(day)}`);
      const end = days === 1 ? start : weekdayFrom(new Date(Date.parse(start) + 86_400_000).toISOString().slice(0, 10));
      const decided = status === 'pending' ? null : `${start}T02:00:00.000Z`;
      leaves.push({
        code: `NP${String(year).slice(2)}${dd(month)}-S${String(++seq).padStart(5, '0')}`,
        user_id: userId,
        leave_type_id: types.get(type)!,
        start_date: start,
        start_half: 'full',
        end_date: end,
        end_half: 'full',
        half_days: days * 2,
        reason,
        status,
        approver_id: head,
        decided_by: decided ? (head ?? o.adminId) : null,
        decided_at: decided,
        decision_note: status === 'rejected' ? 'Trùng lịch lấy mẫu của phòng.' : null,
        ...stamps,
        created_by: userId,
      });
    };
    leave('annual', 1 + (i % 10), 1 + (i % 20), 1, 'approved', 'Việc gia đình');
    leave('sick', 1 + ((i + 5) % 10), 1 + ((i * 7) % 20), 1 + (i % 2), 'approved', 'Ốm, có giấy của bệnh viện');
    if (i % 5 < 3) leave('annual', 12, 1 + ((i * 3) % 25), 1, 'pending', 'Nghỉ phép năm');
    if (i % 4 === 0) leave('unpaid', 1 + ((i + 3) % 10), 1 + ((i * 11) % 20), 1, 'rejected', 'Việc riêng');
  }
  await inBatches(leaves, 500, (b) =>
    db
      .insertInto('leaves')
      .values(b as never)
      .execute(),
  );
  const charged = await db
    .selectFrom('leaves')
    .select(['id', 'code', 'user_id', 'leave_type_id', 'half_days', 'decided_by'])
    .where('status', '=', 'approved')
    .where('leave_type_id', '=', types.get('annual')!)
    .execute();
  await inBatches(charged, 500, (b) =>
    db
      .insertInto('leave_ledger')
      .values(
        b.map((l) => ({
          user_id: l.user_id,
          leave_type_id: l.leave_type_id,
          year,
          kind: 'leave',
          half_days: -l.half_days,
          leave_id: l.id,
          note: `Đơn ${l.code}`,
          expires_on: null,
          created_by: l.decided_by,
          created_at: now,
        })),
      )
      .execute(),
  );

  // The service catalogue: 800 services in 10 groups, priced in whole đồng.
  const unitNames = ['Mẫu', 'Chỉ tiêu', 'Lần', 'Điểm', 'Báo cáo', 'Ngày công'];
  const units: number[] = [];
  for (const [i, name] of unitNames.entries()) {
    const r = await db
      .insertInto('units')
      .values({ code: `DV${i + 1}`, name, description: null, active: 1, search_text: searchText(`DV${i + 1}`, name), ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    units.push(r.id);
  }
  const GROUPS = [
    'Quan trắc',
    'Phân tích nước',
    'Phân tích khí',
    'Phân tích đất',
    'Tư vấn',
    'Lập báo cáo',
    'Lấy mẫu',
    'Vi sinh',
    'Kim loại nặng',
    'Tiếng ồn',
  ];
  const CHI_TIEU = [
    'pH',
    'COD',
    'BOD5',
    'TSS',
    'Amoni',
    'Nitrat',
    'Tổng Coliform',
    'Chì (Pb)',
    'Asen (As)',
    'Bụi PM2.5',
    'SO2',
    'NO2',
    'CO',
    'Độ ồn',
    'Dầu mỡ khoáng',
    'Xyanua',
  ];
  const services = Array.from({ length: 800 }, (_, i) => {
    const code = `DV${String(i + 1).padStart(4, '0')}`;
    const group = pick(GROUPS, i);
    const name = `${pick(CHI_TIEU, i >> 1)} – ${group.toLowerCase()} ${pick(['nước mặt', 'nước thải', 'khí thải', 'không khí xung quanh', 'đất'], i >> 3)}`;
    return {
      code,
      name,
      group_name: group,
      unit_id: pick(units, i),
      unit_price: 50_000 * (1 + (i % 40)),
      vat_rate: pick(['8', '10', '10', '5'], i),
      vat_reducible: 1,
      description: null,
      active: i % 25 === 0 ? 0 : 1,
      search_text: searchText(code, name, group),
      ...stamps,
    };
  });
  await inBatches(services, 400, (b) => db.insertInto('services').values(b).execute());
  const serviceRows = await db
    .selectFrom('services')
    .select(['id', 'code', 'name', 'unit_price', 'vat_rate'])
    .orderBy('id')
    .execute();

  // 3 000 contracts over two years, one to five lines each; the totals are the lines' sums (VAT as the line says).
  const CSTATUS = [
    'completed',
    'completed',
    'in_progress',
    'signed',
    'signed',
    'liquidated',
    'draft',
    'pending_approval',
    'cancelled',
  ];
  const cstart = Date.parse('2024-12-01T00:00:00Z');
  const contracts: Record<string, unknown>[] = [];
  const lines: { n: number; items: Record<string, unknown>[] }[] = [];
  for (let i = 0; i < 3000; i++) {
    const signed = new Date(cstart + Math.floor((730 * 86_400_000 * i) / 3000)).toISOString().slice(0, 10);
    const status = pick(CSTATUS, i * 7);
    const customer = o.customers[(i * 37) % o.customers.length]!;
    const number = `${String(i + 1).padStart(4, '0')}/${signed.slice(0, 4)}/HĐ-QT`;
    const title = `Hợp đồng ${pick(VIEC, i).toLowerCase()} năm ${signed.slice(0, 4)}`;
    let subtotal = 0;
    let vat = 0;
    const items = Array.from({ length: 1 + (i % 5) }, (_, k) => {
      const s = serviceRows[(i * 13 + k * 101) % serviceRows.length]!;
      const qty = 1 + ((i + k) % 12);
      const amount = Number(s.unit_price) * qty;
      subtotal += amount;
      vat += Math.round((amount * Number(s.vat_rate)) / 100);
      return {
        position: k + 1,
        service_id: s.id,
        service_code: s.code,
        name: s.name,
        description: null,
        unit_name: 'Mẫu',
        quantity_milli: qty * 1000,
        unit_price: Number(s.unit_price),
        vat_rate: s.vat_rate,
        vat_reducible: 1,
        applied_rate: null,
        amount,
      };
    });
    lines.push({ n: i, items });
    contracts.push({
      number,
      customer_id: customer.id,
      template_id: null,
      request_id: null,
      title,
      signed_date: status === 'draft' || status === 'pending_approval' ? null : signed,
      start_date: signed,
      end_date: new Date(Date.parse(signed) + 365 * 86_400_000).toISOString().slice(0, 10),
      payment_terms: 'Thanh toán 50% khi ký, 50% khi bàn giao kết quả.',
      notes: null,
      status,
      subtotal,
      vat_amount: vat,
      total: subtotal + vat,
      applied_rule_id: null,
      search_text: searchText(number, title, customer.code, customer.name),
      department_id: pick(deps, i),
      // A live server has already sent the "ending soon" notices (contract-expiry.job.ts): not replayed at the start.
      expiring_notified_at: ['signed', 'in_progress'].includes(status) ? now : null,
      submitted_by: status === 'pending_approval' ? userIds[20 + (i % 20)]! : null,
      submitted_at: status === 'pending_approval' ? now : null,
      ...stamps,
      created_at: `${signed}T03:00:00.000Z`,
    });
  }
  await db.transaction().execute(async (trx) => {
    await inBatches(contracts, 300, (b) =>
      trx
        .insertInto('contracts')
        .values(b as never)
        .execute(),
    );
    const ids = (await trx.selectFrom('contracts').select('id').orderBy('id').execute()).map((c) => c.id);
    const items = lines.flatMap((l) => l.items.map((it) => ({ ...it, contract_id: ids[l.n]! })));
    await inBatches(items, 500, (b) =>
      trx
        .insertInto('contract_items')
        .values(b as never)
        .execute(),
    );
  });

  // Evaluations: the last eight quarters (closed but the current one, open), four criteria each, one evaluation per
  // user and period, scored where the period is past.
  const kpis: number[] = [];
  for (const [i, name] of [
    'Hoàn thành công việc đúng hạn',
    'Số mẫu lấy được',
    'Chất lượng báo cáo',
    'Tinh thần hợp tác',
  ].entries()) {
    const r = await db
      .insertInto('kpi_types')
      .values({
        code: `KPI${i + 1}`,
        name,
        description: null,
        unit: null,
        direction: 'higher',
        measure: 'manual',
        default_weight: 25,
        default_target: 100,
        active: 1,
        search_text: searchText(`KPI${i + 1}`, name),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    kpis.push(r.id);
  }
  const q0 = Math.floor((Number(now.slice(5, 7)) - 1) / 3);
  for (let back = 7; back >= 0; back--) {
    const qi = year * 4 + q0 - back;
    const y = Math.floor(qi / 4);
    const q = (qi % 4) + 1;
    const period = {
      period_type: 'quarter',
      period_start: `${y}-${dd(q * 3 - 2)}-01`,
      period_end: new Date(Date.UTC(y, q * 3, 0)).toISOString().slice(0, 10),
    };
    const name = `Đánh giá KPI quý ${q}/${y}`;
    const open = back === 0;
    const ev = await db
      .insertInto('evaluations')
      .values({
        name,
        ...period,
        self_deadline: period.period_end,
        review_deadline: period.period_end,
        status: open ? 'open' : 'closed',
        opened_at: `${period.period_start}T02:00:00.000Z`,
        closed_at: open ? null : `${period.period_end}T10:00:00.000Z`,
        search_text: searchText(name),
        name_key: evaluationNameKey(name),
        period_key: evaluationPeriodKey(period),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('evaluation_departments')
      .values(deps.map((department_id) => ({ evaluation_id: ev.id, department_id })))
      .execute();
    const criteria: number[] = [];
    for (const [k, kpi] of kpis.entries()) {
      const c = await db
        .insertInto('evaluation_criteria')
        .values({ evaluation_id: ev.id, kpi_type_id: kpi, position: k + 1, weight: 25, target: 100 })
        .returning('id')
        .executeTakeFirstOrThrow();
      criteria.push(c.id);
    }
    const ues = userIds.map((employee_id, i) => {
      const status = open ? pick(['draft', 'draft', 'self_assessed', 'reviewed'], i) : 'approved';
      const total = status === 'approved' ? 60 + ((i * 7 + back) % 40) : null;
      return {
        evaluation_id: ev.id,
        employee_id,
        department_id: pick(deps, i),
        reviewer_id: headOf(i),
        status,
        total,
        grade: total === null ? null : total >= 90 ? 'A' : total >= 75 ? 'B' : total >= 60 ? 'C' : 'D',
        self_submitted_at: status === 'draft' ? null : now,
        reviewed_at: status === 'reviewed' || status === 'approved' ? now : null,
        approved_at: status === 'approved' ? now : null,
        approved_by: status === 'approved' ? o.adminId : null,
        return_note: null,
        self_due_deadline: period.period_end,
        ...stamps,
      };
    });
    await db.transaction().execute(async (trx) => {
      await inBatches(ues, 500, (b) =>
        trx
          .insertInto('user_evaluations')
          .values(b as never)
          .execute(),
      );
      const ids = await trx.selectFrom('user_evaluations').select(['id', 'status']).where('evaluation_id', '=', ev.id).execute();
      const scores = ids.flatMap((ue, i) =>
        criteria.map((criterion_id, k) => {
          const scored = ue.status !== 'draft';
          const v = 60 + ((i * 13 + k * 7) % 41);
          return {
            user_evaluation_id: ue.id,
            criterion_id,
            actual: null,
            actual_count: null,
            actual_records: null,
            actual_updated_at: null,
            self_score: scored ? v : null,
            reviewer_score: ue.status === 'reviewed' || ue.status === 'approved' ? v : null,
            note: null,
          };
        }),
      );
      await inBatches(scores, 500, (b) => trx.insertInto('user_evaluation_scores').values(b).execute());
    });
  }

  // Notifications: 40 per user over the last two months (busier people get more), the older ones read.
  const EVENTS = [
    ['work.assigned', 'work', 'Bạn được giao công việc mới', 'Công việc Lấy mẫu hiện trường đã được giao cho bạn.', '/works'],
    ['leave.approved', 'leave', 'Đơn nghỉ đã được duyệt', 'Đơn nghỉ phép của bạn đã được duyệt.', '/leaves'],
    ['request.created', 'request', 'Yêu cầu mới', 'Khách hàng vừa gửi một yêu cầu quan trắc.', '/requests'],
    ['work.due_soon', 'work', 'Công việc sắp đến hạn', 'Công việc Phân tích & trả kết quả đến hạn ngày mai.', '/works'],
  ] as const;
  const notes: Record<string, unknown>[] = [];
  const nstart = Date.parse(now) - 60 * 86_400_000;
  for (const [i, userId] of userIds.entries()) {
    const n = i < 40 ? 80 : 40;
    for (let k = 0; k < n; k++) {
      const [event, entity, title, body, link] = pick(EVENTS, i + k);
      const created = new Date(nstart + Math.floor((60 * 86_400_000 * (k + 1)) / (n + 1)) + i * 1000).toISOString();
      notes.push({
        user_id: userId,
        event,
        event_id: null,
        entity,
        entity_id: 1 + ((i * 101 + k) % 1000),
        title,
        body,
        link,
        read_at: k < n * 0.8 ? created : null,
        created_at: created,
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    await inBatches(notes, 500, (b) =>
      trx
        .insertInto('notifications')
        .values(b as never)
        .execute(),
    );
  });
}
