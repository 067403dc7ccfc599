import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { nowIso } from '../lib/clock';
import { formatCode, nextSequence } from '../lib/sequences';
import { vnToday } from '../lib/vn-time';
import { CompanyCalendarService } from '../modules/company-settings/company-calendar.service';
import { LeaveBalancesService } from '../modules/leaves/leave-balances.service';
import type { DayCounter } from '../modules/leaves/leave-days';
import { approverOf } from '../modules/leaves/leave-scopes';

// A year of the demo company's leaves: each employee a few, on working days, half days among them; the past ones
// decided (mostly approved, a few rejected or cancelled), the coming ones pending or approved; a substitute for the
// head of the monitoring department this week; a few leaves an HR head recorded for her staff. Approved annual leave
// is charged to the ledger through LeaveBalancesService, so every balance is the sum of its rows.

const REASONS: Record<string, string[]> = {
  annual: [
    'Về quê thăm gia đình',
    'Du lịch cùng gia đình',
    'Giải quyết việc cá nhân',
    'Đưa con đi khám răng',
    'Làm thủ tục nhà đất',
  ],
  sick: ['Sốt virus, có giấy khám bệnh', 'Đau dạ dày', 'Viêm họng cấp'],
  unpaid: ['Việc gia đình đột xuất'],
  marriage: ['Tổ chức đám cưới'],
  bereavement: ['Gia đình có tang'],
  other: ['Đi học lớp bồi dưỡng nghiệp vụ'],
};

/** Seeded, so the demo is the same each time (relative to the day it loads). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

export async function loadDemoLeaves(db: Kysely<DB>): Promise<void> {
  if (await db.selectFrom('leaves').select('id').limit(1).executeTakeFirst()) return;
  const calendar = new CompanyCalendarService(db);
  const balances = new LeaveBalancesService(db, calendar);
  const today = vnToday();
  const from = addDays(today, -330);
  const to = addDays(today, 45);
  const years: number[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) years.push(y);
  const counter = await balances.counter(years);
  const types = new Map((await db.selectFrom('leave_types').selectAll().execute()).map((t) => [t.code, t]));
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'department_id'])
    .where('username', '!=', 'admin')
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  const byName = new Map(users.map((u) => [u.username, u]));
  const random = rng(20_261_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;

  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const head = byName.get('duc.tv');
    const sub = byName.get('yen.pt');
    if (head && sub) {
      await trx
        .insertInto('leave_substitutes')
        .values({
          approver_id: head.id,
          substitute_id: sub.id,
          start_date: addDays(today, -2),
          end_date: addDays(today, 5),
          note: 'Trưởng phòng đi công tác Đà Nẵng',
          created_by: head.id,
          created_at: now,
        })
        .execute();
    }
    const hrHead = byName.get('nhung.lth');
    for (const u of users) {
      const approverId = await approverOf(trx, u);
      const taken = new Set<string>();
      const count = 3 + Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const code = random() < 0.6 ? 'annual' : pick(['sick', 'sick', 'unpaid', 'other', 'marriage', 'bereavement'] as const);
        const type = types.get(code);
        if (!type) continue;
        const start = addDays(from, Math.floor(random() * 370));
        const length = code === 'marriage' ? 3 : Math.floor(random() * 3);
        const end = addDays(start, length);
        const roll = random();
        const span = {
          start_date: start,
          start_half:
            length === 0 && roll < 0.3
              ? roll < 0.15
                ? 'morning'
                : 'afternoon'
              : length > 0 && roll < 0.2
                ? 'afternoon'
                : 'full',
          end_date: end,
          end_half: 'full',
        };
        if (length === 0) span.end_half = span.start_half;
        if (yearsOf(span).some((y) => !years.includes(y))) continue;
        const halfDays = counter.halfDays(span);
        const dates: string[] = [];
        for (let d = start; d <= end; d = addDays(d, 1)) dates.push(d);
        if (halfDays === 0 || dates.some((d) => taken.has(d))) continue;
        for (const d of dates) taken.add(d);
        const future = start > today;
        const s = random();
        const status = future ? (s < 0.5 ? 'pending' : 'approved') : s < 0.85 ? 'approved' : s < 0.93 ? 'rejected' : 'cancelled';
        const forEmployee = !future && hrHead && u.department_id === hrHead.department_id && u.id !== hrHead.id && s < 0.3;
        const decider = forEmployee ? hrHead.id : (approverId ?? byName.get('hung.nv')?.id ?? null);
        const created = `${addDays(start, -Math.ceil(random() * 10))}T02:${String(10 + i).padStart(2, '0')}:00.000Z`;
        const yymm = `${created.slice(2, 4)}${created.slice(5, 7)}`;
        const row = await trx
          .insertInto('leaves')
          .values({
            code: `NP${yymm}-${formatCode('', await nextSequence(trx, `leaves:${yymm}`))}`,
            user_id: u.id,
            leave_type_id: type.id,
            ...span,
            half_days: halfDays,
            reason: pick(REASONS[code] ?? ['Việc cá nhân']),
            status: forEmployee ? 'approved' : status,
            approver_id: approverId,
            decided_by: status === 'pending' && !forEmployee ? null : decider,
            decided_at: status === 'pending' && !forEmployee ? null : created,
            decision_note: status === 'rejected' ? 'Phòng đang cao điểm lấy mẫu, đề nghị dời lịch' : null,
            created_by: forEmployee ? hrHead.id : u.id,
            created_at: created,
            updated_at: created,
          })
          .returning(['id', 'code'])
          .executeTakeFirstOrThrow();
        const charged = (forEmployee || status === 'approved' || status === 'cancelled') && Number(type.uses_balance);
        if (!charged) continue;
        const leave = { ...row, user_id: u.id, leave_type_id: type.id, ...span };
        const remaining = await balances.remainingHalf(trx, u.id, Number(start.slice(0, 4)));
        if (remaining < halfDays) {
          await trx
            .updateTable('leaves')
            .set({ status: 'rejected', decision_note: 'Không đủ ngày phép năm' })
            .where('id', '=', row.id)
            .execute();
          continue;
        }
        await balances.chargeLeave(trx, leave, decider ?? u.id, counter);
        if (status === 'cancelled') await balances.refundLeave(trx, leave, u.id);
      }
    }
    if (head && sub) await pendingForHead(trx, { head, sub, users, type: types.get('annual'), today, counter });
  });
  await loadDemoBalanceWork(db, balances, byName, Number(today.slice(0, 4)));
}

/**
 * What HR's "Số ngày phép" tab shows: last year closed by the HR head (remaining days carried over, up to the cap,
 * with their expiry: past by now, so the unused part is taken back on the next read) and two adjustments this year.
 */
async function loadDemoBalanceWork(
  db: Kysely<DB>,
  balances: LeaveBalancesService,
  byName: Map<string, { id: number; department_id: number | null }>,
  year: number,
): Promise<void> {
  const hr = byName.get('nhung.lth');
  if (!hr) return;
  const user = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'users.role_id', 'roles.code as role_code', 'users.department_id'])
    .where('users.id', '=', hr.id)
    .executeTakeFirstOrThrow();
  const actor: Actor = {
    id: user.id,
    name: user.name,
    roleId: user.role_id,
    roleCode: user.role_code,
    departmentId: user.department_id,
    permissions: ['leaves.all'],
    tokenId: 0,
    ip: null,
    userAgent: null,
  };
  // Done through the service, then dated when HR did it (the demo's history shows nothing at the load).
  await backdated(db, `${year}-01-05T01:30:00.000Z`, () => balances.yearEndClose(actor, year - 1));
  const adjustments: [string, number, string, string][] = [
    ['duc.tv', 1, 'Thưởng 1 ngày phép: hoàn thành đợt quan trắc KCN Tân Bình trước hạn', `${year}-04-20T02:15:00.000Z`],
    ['yen.pt', -0.5, 'Trừ nửa ngày nghỉ không báo trước (chiều 12/05), theo biên bản của phòng', `${year}-05-13T03:00:00.000Z`],
  ];
  for (const [username, days, note, at] of adjustments) {
    const u = byName.get(username);
    if (u) await backdated(db, at, () => balances.adjust(actor, { user_id: u.id, year, days, note }));
  }
}

/** Runs `work`, then dates the ledger rows and history entries it wrote at `at` (never later than now). */
async function backdated(db: Kysely<DB>, at: string, work: () => Promise<unknown>): Promise<void> {
  const when = at < nowIso() ? at : nowIso();
  const last = async (table: 'leave_ledger' | 'audit_logs') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const [ledger, audit] = [await last('leave_ledger'), await last('audit_logs')];
  await work();
  await db.updateTable('leave_ledger').set({ created_at: when }).where('id', '>', ledger).execute();
  await db.updateTable('audit_logs').set({ created_at: when }).where('id', '>', audit).execute();
}

/**
 * The rolls above depend on the weekday of the load (a leave on a weekend only is skipped), so on some days none of the
 * monitoring head's staff asks for leave ahead. One is always waiting: the head's approval tab, and his substitute's, is
 * never empty in the demo — the first member of his department free on the first working day from the day after next.
 */
async function pendingForHead(
  trx: Kysely<DB>,
  ctx: {
    head: { id: number; department_id: number | null };
    sub: { id: number };
    users: { id: number; department_id: number | null }[];
    type: { id: number } | undefined;
    today: string;
    counter: DayCounter;
  },
): Promise<void> {
  const { head, sub, users, type, today, counter } = ctx;
  if (!type || head.department_id === null) return;
  const waiting = await trx
    .selectFrom('leaves')
    .select('id')
    .where('approver_id', '=', head.id)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  let day = addDays(today, 2);
  const full = (d: string) => ({ start_date: d, start_half: 'full', end_date: d, end_half: 'full' });
  while (counter.halfDays(full(day)) === 0) day = addDays(day, 1);
  for (const u of users) {
    if (u.department_id !== head.department_id || u.id === head.id || u.id === sub.id) continue;
    const busy = await trx
      .selectFrom('leaves')
      .select('id')
      .where('user_id', '=', u.id)
      .where('start_date', '<=', day)
      .where('end_date', '>=', day)
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirst();
    if (busy) continue;
    const created = `${addDays(today, -1)}T02:40:00.000Z`;
    const yymm = `${created.slice(2, 4)}${created.slice(5, 7)}`;
    await trx
      .insertInto('leaves')
      .values({
        code: `NP${yymm}-${formatCode('', await nextSequence(trx, `leaves:${yymm}`))}`,
        user_id: u.id,
        leave_type_id: type.id,
        ...full(day),
        half_days: counter.halfDays(full(day)),
        reason: 'Đưa con đi khám răng',
        status: 'pending',
        approver_id: head.id,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        created_by: u.id,
        created_at: created,
        updated_at: created,
      })
      .execute();
    return;
  }
}

function yearsOf(span: { start_date: string; end_date: string }): number[] {
  return [Number(span.start_date.slice(0, 4)), Number(span.end_date.slice(0, 4))];
}
