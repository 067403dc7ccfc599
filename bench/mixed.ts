// The mixed run of `npm run bench` (issue 13): an office at 9 a.m. — 20 connections, each a different seeded user
// signed in with their own token and scope, looping over a realistic mix of list pages, filters, sorts, searches,
// details, the dashboard of each role, and (issue 26) the rest of the office's day: leaves, timekeeping, contracts,
// evaluations, notifications, the service catalogue — with about 5 % writes across modules that invalidate the list
// cache. A seeded PRNG per connection keeps runs
// comparable. Reported per call kind and overall: req/s, p50, p99, errors, and 409s of writes that lost a race.
import http from 'node:http';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database';
import { type LoadResult, summarize } from './load';
import { BENCH_PASSWORD, benchRoleOf } from './seed';

export interface MixUser {
  id: number;
  username: string;
  role: string;
  /** Works the user sees (for the detail and comment calls). */
  works: number[];
  /** Open works the user may move (todo → started → done), on a running request at that step. */
  open: { id: number; status: string }[];
  /** Pending leaves the user decides (the head's department, or the heads' own for leaves.all). */
  pendingLeaves: number[];
  /** The next weekday the user applies for leave on: after every leave they already have. */
  leaveFrom: string;
  /** Notifications to mark read, unread first. */
  notifications: number[];
  /** User evaluations the user sees: their own, their department's for a head, any for HR. */
  userEvaluations: number[];
}

export interface MixPlan {
  users: MixUser[];
  requestIds: number[];
  requestCodes: string[];
  customerCodes: string[];
  requestTypeId: number;
  contractIds: number[];
  /** Leave types an application uses: those that do not draw on the balance, so repeated runs never exhaust it. */
  leaveTypeIds: number[];
}

export interface KindRow extends LoadResult {
  kind: string;
  list: boolean;
  races: number;
  /** A few distinct error and race answers, e.g. "422 VALIDATION", for the report. */
  samples: string[];
}

/** mulberry32: small, fast and seeded, so each user draws the same sequence on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const one = <T>(r: Rand, list: readonly T[]) => list[Math.floor(r() * list.length)] as T;
function weighted<T>(r: Rand, list: readonly (readonly [T, number])[]): T {
  let n = r() * list.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of list) {
    n -= w;
    if (n < 0) return v;
  }
  return list[list.length - 1]![0];
}
const ROLE_LABEL: Record<string, string> = {
  admin: 'administrator',
  giam_doc: 'director',
  truong_phong: 'department head',
  nhan_vien: 'employee',
};
/** This month (r() = 0) or one of the five before, as YYYY-MM. */
function monthAgo(r: Rand): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - Math.floor(r() * 6));
  return d.toISOString().slice(0, 7);
}
/** Mostly the first page, some 2–5: people rarely page far. */
const page = (r: Rand) => (r() < 0.75 ? 1 : 2 + Math.floor(r() * 4));

/** The 20 users: an administrator, two directors, four department heads (three with busy departments), 13 employees (one of them carries ~2 000 works). */
const MIX_USERS = [
  'nv0',
  'nv2',
  'nv3',
  'nv20',
  'nv21',
  'nv22',
  'nv23',
  'nv7',
  ...Array.from({ length: 12 }, (_, i) => `nv${40 + i * 7}`),
];

/**
 * The first weekday from `iso` plus `skip` days, clear of the public holidays (New Year, Tết and Hùng Kings' day —
 * lunar, so January, February and April are skipped whole — 30/4, 1/5, 2/9): a day a leave has working time in.
 */
export function nextWorkday(iso: string, skip = 0): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + skip);
  for (;;) {
    const md = d.toISOString().slice(5, 10);
    const month = md.slice(0, 2);
    const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
    if (!weekend && !['01', '02', '04'].includes(month) && !['05-01', '09-01', '09-02', '09-03'].includes(md)) break;
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return d.toISOString().slice(0, 10);
}

export async function planMix(database: Database, requestTypeId: number): Promise<MixPlan> {
  const { db } = database;
  const users: MixUser[] = [];
  for (const username of MIX_USERS) {
    const u = await db
      .selectFrom('users')
      .select(['id', 'department_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const role = benchRoleOf(Number(username.slice(2)));
    const sees = (q: any) =>
      role === 'admin' || role === 'giam_doc'
        ? q
        : role === 'truong_phong'
          ? q.where((eb: any) => eb.or([eb('w.assignee_id', '=', u.id), eb('w.department_id', '=', u.department_id)]))
          : q.where('w.assignee_id', '=', u.id);
    const works = await sees(db.selectFrom('works as w').select('w.id'))
      .where('w.id', '>', (u.id * 1543) % 200_000)
      .orderBy('w.id')
      .limit(300)
      .execute();
    const open = await sees(
      db
        .selectFrom('works as w')
        .innerJoin('requests as r', 'r.id', 'w.request_id')
        .select(['w.id', 'w.status'])
        .where('w.status', 'in', ['todo', 'in_progress'])
        .where('r.status', 'in', ['received', 'in_progress'])
        .whereRef('w.step_index', '=', 'r.current_step'),
    )
      .where('w.id', '>', (u.id * 977) % 200_000)
      .orderBy('w.id')
      .limit(200)
      .execute();
    const pending = await db
      .selectFrom('leaves as l')
      .select('l.id')
      .where('l.status', '=', 'pending')
      .where('l.user_id', '!=', u.id)
      .where((eb) =>
        role === 'nhan_vien'
          ? sql<boolean>`1 = 0`
          : role === 'truong_phong'
            ? eb('l.approver_id', '=', u.id)
            : // leaves.all holders: the heads' own (no approver), shared out so two of them rarely race for one.
              eb.and([eb('l.approver_id', 'is', null), sql<boolean>`l.id % 3 = ${users.length % 3}`]),
      )
      .orderBy('l.id')
      .limit(200)
      .execute();
    const last = await db
      .selectFrom('leaves')
      .select((eb) => eb.fn.max('end_date').as('d'))
      .where('user_id', '=', u.id)
      .executeTakeFirst();
    // Applications go in next year, after every leave the user has (earlier runs' included), one weekday each.
    const nextYear = `${new Date().getUTCFullYear() + 1}-03-01`;
    const lastDay = last?.d ? String(last.d).slice(0, 10) : '';
    const notifications = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', u.id)
      .orderBy(sql`case when read_at is null then 0 else 1 end`)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    const ues = await db
      .selectFrom('user_evaluations')
      .select('id')
      .where((eb) =>
        role === 'nhan_vien'
          ? eb('employee_id', '=', u.id)
          : role === 'truong_phong'
            ? eb.or([eb('employee_id', '=', u.id), eb('department_id', '=', u.department_id)])
            : sql<boolean>`id % 11 = 0`,
      )
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    users.push({
      id: u.id,
      username,
      role,
      works: works.map((w: any) => w.id),
      open,
      pendingLeaves: pending.map((l) => l.id),
      leaveFrom: nextWorkday(lastDay >= nextYear ? lastDay : nextYear, lastDay >= nextYear ? 1 : 0),
      notifications: notifications.map((n) => n.id),
      userEvaluations: ues.map((e) => e.id),
    });
  }
  const contracts = await db.selectFrom('contracts').select('id').where(sql<boolean>`id % 7 = 0`).execute();
  const leaveTypes = await db.selectFrom('leave_types').select('id').where('code', 'in', ['sick', 'unpaid', 'other']).execute();
  // Every 47th request and 97th customer: spread over the years, the same on every run.
  const reqs = await db.selectFrom('requests').select(['id', 'code']).where(sql<boolean>`id % 47 = 0`).execute();
  const custs = await db.selectFrom('customers').select('code').where(sql<boolean>`id % 97 = 0`).execute();
  return {
    users,
    requestIds: reqs.map((r) => r.id),
    requestCodes: reqs.map((r) => r.code),
    customerCodes: custs.map((c) => c.code),
    requestTypeId,
    contractIds: contracts.map((c) => c.id),
    leaveTypeIds: leaveTypes.map((t) => t.id),
  };
}

/** Search words as people type them: company names, Vietnamese words with and without accents, codes, names, phones, misses. */
function searchWord(r: Rand, plan: MixPlan): string {
  return weighted<() => string>(r, [
    [() => one(r, ['hoa chat hai au', 'Hòa Bình', 'Sông Hồng', 'công ty thăng long', 'thuc pham', 'Dệt may Phương Nam']), 25],
    [() => one(r, ['quan trắc', 'quan trac', 'khí thải', 'khi thai', 'nước thải', 'ĐTM', 'lấy mẫu', 'tram quan trac']), 25],
    [() => one(r, ['Nguyễn Văn An', 'tran thi', 'Lê Minh', 'phạm quốc hùng', 'Đỗ Thu']), 15],
    [() => one(r, plan.requestCodes), 15],
    [() => one(r, ['YC2611', 'YC2503-01', '0920001', '09200']), 8],
    [() => one(r, ['bảo hiểm xã hội', 'kiểm toán nội bộ', 'xyz123', 'zzz']), 12],
  ])();
}

function dateRange(r: Rand): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const to = new Date(Date.parse('2026-11-20') - Math.floor(r() * 60) * 86_400_000);
  const days = one(r, [7, 30, 30, 90, 365]);
  return `from=${day(new Date(to.getTime() - days * 86_400_000))}&to=${day(to)}`;
}

type Call = { kind: string; list?: boolean; method?: string; path: string; body?: unknown; after?: (status: number) => void };

/** One call of the user's next step, drawn from the role's mix. */
function nextCall(r: Rand, u: MixUser, plan: MixPlan): Call {
  const manager = u.role !== 'nhan_vien';
  // Administrators and directors: every department's leaves and evaluations (leaves.all, evaluations.*).
  const top = u.role === 'admin' || u.role === 'giam_doc';
  const sort = () =>
    weighted(r, [
      ['-created_at', 6],
      ['-updated_at', 1],
      ['due_at', 1],
      ['code', 1],
      ['status', 1],
      ['-priority', 1],
    ] as const);
  const kind = weighted(r, [
    ['requests list', 14],
    ['requests filtered', 12],
    ['requests search', 10],
    ['request detail', 12],
    ['works list', manager ? 6 : 0],
    ['my works', manager ? 8 : 16],
    ['work detail', 8],
    ['customers list', 5],
    ['users list', manager ? 3 : 0],
    ['dashboard', 5],
    ['unread count', 8],
    // Issue 26 part 4: the rest of the day — leave, the month's timesheet, contracts, evaluations, notifications and
    // the service catalogue (quoting).
    ['my leaves', 3],
    ['leaves to approve', manager ? 2 : 0],
    ['leaves list', manager ? 2 : 0],
    ['timekeeping month', manager ? 2 : 1.5],
    ['contracts list', manager ? 3 : 0],
    ['contract detail', manager ? 2 : 0],
    ['evaluations list', top ? 1 : 0],
    ['user evaluations', 1.5],
    ['user evaluation', 1.5],
    ['notifications list', 4],
    ['services search', manager ? 3 : 1.5],
    ['create request', manager ? 2.5 : 0],
    ['move work', manager ? 1.5 : 2.5],
    ['comment on work', manager ? 1 : 2],
    ['apply for leave', 0.5],
    ['approve leave', manager ? 0.7 : 0],
    ['mark notification read', 1.5],
  ] as const);
  const pg = () => `page=${page(r)}`;
  switch (kind) {
    case 'requests list':
      return { kind, list: true, path: `/api/requests?${pg()}&sort=-created_at` };
    case 'requests filtered': {
      const filter = weighted(r, [
        [() => `status=${one(r, ['in_progress', 'new', 'received', 'new,received', 'completed', 'on_hold'])}`, 5],
        [() => `request_type_id=${plan.requestTypeId}&status=in_progress`, 1],
        [() => `priority=${one(r, ['urgent', 'high', 'urgent,high'])}`, 1],
        [() => 'overdue=true', 2],
        [() => dateRange(r), 3],
        [() => `status=completed&${dateRange(r)}`, 1],
      ])();
      return { kind, list: true, path: `/api/requests?${filter}&${pg()}&sort=${sort()}` };
    }
    case 'requests search':
      return {
        kind,
        list: true,
        path: `/api/requests?search=${encodeURIComponent(searchWord(r, plan))}&${r() < 0.9 ? 'page=1' : 'page=2'}`,
      };
    case 'request detail':
      return { kind, path: `/api/requests/${one(r, plan.requestIds)}` };
    case 'works list': {
      const filter = one(r, ['status=todo,in_progress', 'overdue=true', 'status=done', '', dateRange(r)]);
      return {
        kind,
        list: true,
        path: `/api/works?${filter}&${pg()}&sort=${one(r, ['deadline', '-created_at', '-updated_at'])}`,
      };
    }
    case 'my works': {
      const tab = weighted(r, [
        ['assigned', 8],
        ['created', 1],
        ['following', 1],
      ] as const);
      const filter = weighted(r, [
        ['', 4],
        ['&status=todo,in_progress', 4],
        ['&overdue=true', 1],
        ['&status=done', 1],
      ] as const);
      return { kind, list: true, path: `/api/works/my?tab=${tab}${filter}&${pg()}&sort=${one(r, ['deadline', '-created_at'])}` };
    }
    case 'work detail':
      return { kind, path: `/api/works/${one(r, u.works)}` };
    case 'customers list': {
      const search =
        r() < 0.5
          ? `&search=${encodeURIComponent(one(r, ['hòa bình', 'xanh', 'cong ty song hong', '100000', 'không có', one(r, plan.customerCodes)]))}`
          : '';
      return { kind, list: true, path: `/api/customers?${pg()}${search}` };
    }
    case 'users list': {
      const search = r() < 0.4 ? `&search=${encodeURIComponent(one(r, ['nguyễn', 'trang', 'nv1', 'le thi']))}` : '';
      return { kind, list: true, path: `/api/users?${pg()}${search}` };
    }
    case 'dashboard':
      // Each role's own dashboard: its parts and scope differ (the administrator's covers everything).
      return { kind: `dashboard (${ROLE_LABEL[u.role] ?? u.role})`, path: '/api/dashboard' };
    case 'my leaves':
      return { kind, list: true, path: `/api/leaves?tab=mine&${pg()}${r() < 0.3 ? `&month=${monthAgo(r)}` : ''}` };
    case 'leaves to approve':
      return { kind, list: true, path: '/api/leaves?tab=approval&page=1' };
    case 'leaves list': {
      const filter = one(r, ['', '&status=pending', '&status=approved', `&month=${monthAgo(r)}`]);
      return { kind, list: true, path: `/api/leaves?tab=all&${pg()}${filter}` };
    }
    case 'timekeeping month':
      return { kind, path: `/api/timekeeping?month=${r() < 0.7 ? monthAgo(() => 0) : monthAgo(r)}` };
    case 'contracts list': {
      const filter = weighted<() => string>(r, [
        [() => '', 4],
        [() => `&status=${one(r, ['signed,in_progress', 'pending_approval', 'completed', 'draft'])}`, 3],
        [() => '&expiring=1', 1],
        [() => `&search=${encodeURIComponent(one(r, ['hòa bình', 'quan trac', 'khí thải', 'song hong', 'HĐ-QT', '0012/']))}`, 2],
      ])();
      return { kind, list: true, path: `/api/contracts?${pg()}${filter}` };
    }
    case 'contract detail':
      return { kind, path: `/api/contracts/${one(r, plan.contractIds)}` };
    case 'evaluations list':
      return { kind, list: true, path: `/api/evaluations?page=1${r() < 0.3 ? '&status=open' : ''}` };
    case 'user evaluations': {
      const tab = u.role === 'nhan_vien' ? 'mine' : one(r, ['all', 'to_review', 'mine']);
      return { kind, list: true, path: `/api/user-evaluations?tab=${tab}&page=1` };
    }
    case 'user evaluation':
      if (u.userEvaluations.length === 0) return { kind: 'user evaluations', list: true, path: '/api/user-evaluations?tab=mine' };
      return { kind, path: `/api/user-evaluations/${one(r, u.userEvaluations)}` };
    case 'notifications list':
      return { kind, list: true, path: `/api/notifications?page=1${r() < 0.3 ? '&status=unread' : ''}` };
    case 'services search': {
      const word = one(r, ['COD', 'pH', 'coliform', 'nuoc thai', 'khí thải', 'bụi', 'kim loai', 'DV01', 'tiếng ồn', 'amoni']);
      return { kind, list: true, path: `/api/services?search=${encodeURIComponent(word)}&page=1` };
    }
    case 'apply for leave': {
      const day = u.leaveFrom;
      return {
        kind,
        method: 'POST',
        path: '/api/leaves',
        body: {
          leave_type_id: one(r, plan.leaveTypeIds),
          start_date: day,
          end_date: day,
          reason: one(r, ['Đi khám bệnh', 'Việc gia đình', 'Đưa con đi tiêm phòng']),
        },
        // The next application goes after this one, whatever its answer, so two never overlap.
        after: () => {
          u.leaveFrom = nextWorkday(day, 1 + Math.floor(r() * 3));
        },
      };
    }
    case 'approve leave': {
      const id = u.pendingLeaves[0];
      if (id === undefined) return { kind: 'leaves to approve', list: true, path: '/api/leaves?tab=approval&page=1' };
      return {
        kind,
        method: 'POST',
        path: `/api/leaves/${id}/approve`,
        body: {},
        after: () => {
          u.pendingLeaves.shift();
        },
      };
    }
    case 'mark notification read': {
      const id = u.notifications.shift();
      if (id === undefined) return { kind: 'notifications list', list: true, path: '/api/notifications?page=1' };
      u.notifications.push(id);
      return { kind, method: 'POST', path: `/api/notifications/${id}/read` };
    }
    case 'unread count':
      return { kind, path: '/api/notifications/unread-count' };
    case 'create request':
      return {
        kind,
        method: 'POST',
        path: '/api/requests',
        body: {
          request_type_id: plan.requestTypeId,
          requester_name: 'Nguyễn Thị Hoa',
          requester_phone: `09${String(30_000_000 + Math.floor(r() * 9_999_999)).padStart(8, '0')}`,
          title: one(r, ['Quan trắc khí thải định kỳ', 'Phân tích nước thải sau xử lý', 'Lấy mẫu không khí xung quanh']),
        },
      };
    case 'move work': {
      const w = u.open[0];
      if (!w) return comment(r, u, 'Đã xem.');
      const start = w.status === 'todo';
      return {
        kind,
        method: 'POST',
        path: `/api/works/${w.id}/${start ? 'start' : 'complete'}`,
        body: start ? undefined : { result_note: 'Đã lấy mẫu và gửi phòng thí nghiệm.' },
        // Done, or lost to someone else: either way the next move is another work's.
        after: (status) => {
          if (status < 300 && start) w.status = 'in_progress';
          else u.open.shift();
        },
      };
    }
    default:
      return comment(r, u, 'Đã liên hệ khách hàng, hẹn lấy mẫu thứ Năm.');
  }
}

const comment = (r: Rand, u: MixUser, body: string): Call => ({
  kind: 'comment on work',
  method: 'POST',
  path: `/api/works/${one(r, u.works)}/comments`,
  body: { body },
});

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** That each role sees only its scope: an employee may not list every work, and sees fewer works than a head, who sees fewer than a director. */
export async function checkScopes(base: string): Promise<string> {
  const total = async (u: string, p: string) => {
    const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${await signIn(base, u)}` } });
    return res.ok ? ((await res.json()) as { meta: { total: number } }).meta.total : res.status;
  };
  const [director, head, employeeAll, employeeMine] = [
    await total('nv2', '/api/works?per_page=1'),
    await total('nv20', '/api/works?per_page=1'),
    await total('nv40', '/api/works?per_page=1'),
    await total('nv40', '/api/works/my?per_page=1'),
  ];
  const ok = employeeAll === 403 && Number(head) < Number(director) && Number(employeeMine) < Number(head);
  const line = `works a director lists: ${director}; a department head: ${head}; an employee: ${employeeAll === 403 ? '403 (no works list)' : employeeAll}, their own ${employeeMine} — ${ok ? 'scopes hold' : 'SCOPES WRONG'}`;
  if (!ok) console.error(line);
  return line;
}

/**
 * Runs the mix: `warmup` seconds not counted, then `seconds` measured; each of the plan's users on their own keep-alive
 * connection, flat out (the next call as soon as the answer is in) or, with `thinkMs`, at a person's pace.
 */
export async function mixedRun(
  base: string,
  plan: MixPlan,
  opts: { seconds: number; warmup: number; connections?: number; thinkMs?: number },
): Promise<{ kinds: KindRow[]; overall: KindRow }> {
  const users = plan.users.map((u) => ({
    ...u,
    open: u.open.map((w) => ({ ...w })),
    pendingLeaves: [...u.pendingLeaves],
    notifications: [...u.notifications],
  }));
  const tokens = await Promise.all(users.map((u) => signIn(base, u.username)));
  const stats = new Map<string, { list: boolean; lat: number[]; errors: number; races: number; samples: Set<string> }>();
  const all: number[] = [];
  const t0 = Date.now();
  const measureFrom = t0 + opts.warmup * 1000;
  const end = measureFrom + opts.seconds * 1000;
  // One user per connection; fewer connections (BENCH_MIXED_CONNECTIONS=1: each call's own service time) take the
  // users in turn, each user keeping their own draw.
  const conns = Math.min(opts.connections ?? users.length, users.length);
  const rands = users.map((_, i) => prng(1000 + i));
  // Think time (office pace): exponential with mean `thinkMs`, capped at 5×, from its own draw so the calls made are
  // the same sequence as flat out.
  const thinks = users.map((_, i) => prng(9000 + i));
  const think = (i: number) => (opts.thinkMs ? Math.min(-Math.log(1 - thinks[i]!()) * opts.thinkMs, 5 * opts.thinkMs) : 0);
  await Promise.all(
    Array.from({ length: conns }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let turn = 0; Date.now() < end; turn++) {
        const i = (c + turn * conns) % users.length;
        const u = users[i]!;
        const r = rands[i]!;
        const call = nextCall(r, u, plan);
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        const started = performance.now();
        const counted = Date.now() >= measureFrom;
        const { status, code } = await send(`${base}${call.path}`, agent, tokens[i]!, call.method ?? 'GET', body);
        const ms = performance.now() - started;
        call.after?.(status);
        const pause = think(i);
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        if (!counted) continue;
        let s = stats.get(call.kind);
        if (!s) {
          s = { list: Boolean(call.list), lat: [], errors: 0, races: 0, samples: new Set() };
          stats.set(call.kind, s);
        }
        s.lat.push(ms);
        all.push(ms);
        // A write's 409 is the state it found after someone else moved the record: a race, not a fault.
        if (status === 409 && call.method === 'POST') {
          s.races += 1;
          if (s.samples.size < 3) s.samples.add(`409 ${code}`);
        } else if (status >= 400) {
          s.errors += 1;
          if (s.samples.size < 3) s.samples.add(`${status} ${code}`);
        }
      }
      agent.destroy();
    }),
  );
  const seconds = (Date.now() - measureFrom) / 1000;
  const kinds = [...stats].map(([kind, s]) => {
    const { requests, rps, p50, p99 } = summarize(s.lat, 0, seconds);
    return { kind, list: s.list, requests, rps, p50, p99, errors: s.errors, races: s.races, samples: [...s.samples] };
  });
  kinds.sort((a, b) => b.requests - a.requests);
  const o = summarize(all, 0, seconds);
  const sum = (k: 'errors' | 'races') => kinds.reduce((n, x) => n + x[k], 0);
  return { kinds, overall: { kind: 'overall', list: false, ...o, errors: sum('errors'), races: sum('races'), samples: [] } };
}

function send(
  url: string,
  agent: http.Agent,
  token: string,
  method: string,
  body?: string,
): Promise<{ status: number; code: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 500;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => status >= 400 && chunks.push(c));
        res.on('end', () => {
          let code = '';
          const text = Buffer.concat(chunks).toString();
          if (status >= 400) code = /"error_code"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '';
          // The message tells a race ("đã được người khác cập nhật", a status moved on) from a wrong request.
          if (status === 409) code += ` «${(/"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? '').slice(0, 70)}»`;
          resolve({ status, code });
        });
      },
    );
    req.on('error', () => resolve({ status: 599, code: 'SOCKET' }));
    req.end(body);
  });
}
