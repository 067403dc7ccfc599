// A realistic company for the benchmarks (QUALITY.md "Speed"): 500 users in 20 departments, 10 000 customers,
// 100 000 requests on a three-step process and 300 000 works, written in batches straight through Kysely.

import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database';
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
    ],
  },
  nhan_vien: { name: 'Nhân viên', keys: [...view('requests'), ...view('customer'), 'works.create', 'works.show'] },
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
      .values(r.keys.map((permission) => ({ role_id: id, permission })))
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
  const customerRows = await db.selectFrom('customers').select(['id', 'name']).orderBy('id').execute();

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
