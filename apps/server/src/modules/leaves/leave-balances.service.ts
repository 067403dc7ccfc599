import type {
  LeaveAdjustmentBody,
  LeaveBalance,
  LeaveLedgerKind,
  LeavePolicy,
  LeavePolicyBody,
} from '@qlcv/common/schemas/leaves';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import type { CompanyCalendarService } from '../company-settings/company-calendar.service';
import { type DayCounter, type LeaveSpan, loadCounter, viDate, yearsOf } from './leave-days';
import { entitlementHalfDays, readPolicy, savePolicy } from './leave-policy';
import { adjustBalance, closeYear } from './leave-year-end';
import { leavesRepository as repo } from './leaves.repository';

const ONCE_KINDS = ['entitlement', 'carry_over', 'expiry'] as const;

/**
 * The annual balance as a ledger (PRODUCT.md §3): entitlement, approved leave, cancellations, HR adjustments,
 * recounts after a calendar change, carry-over and its expiry are rows; the balance is always their sum.
 */
export class LeaveBalancesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly calendar: CompanyCalendarService,
  ) {}

  async annualTypeId(db: Kysely<DB> = this.db): Promise<number> {
    const t = await repo.annualType(db);
    if (!t) throw notFound('Chưa có loại nghỉ phép năm.');
    return t.id;
  }

  /** Writes a once-a-year row (entitlement, carry-over, expiry) unless it exists; true when written. */
  async insertOnce(
    db: Kysely<DB>,
    row: {
      user_id: number;
      leave_type_id: number;
      year: number;
      kind: (typeof ONCE_KINDS)[number];
      half_days: number;
      note: string;
      expires_on?: string | null;
      created_by?: number | null;
    },
  ): Promise<boolean> {
    const r = await db
      .insertInto('leave_ledger')
      .values({
        ...row,
        expires_on: row.expires_on ?? null,
        created_by: row.created_by ?? null,
        leave_id: null,
        created_at: nowIso(),
      })
      // Literals, not parameters: the engine must see that the partial unique index applies.
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'year', 'leave_type_id', 'kind'])
          .where(
            sql.ref('kind'),
            'in',
            ONCE_KINDS.map((k) => sql.lit(k)),
          )
          .doNothing(),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Writes the year's entitlement row the first time the year is touched (idempotent). */
  async ensureEntitlement(db: Kysely<DB>, userId: number, year: number, typeId?: number): Promise<void> {
    const leaveTypeId = typeId ?? (await this.annualTypeId(db));
    const exists = await db
      .selectFrom('leave_ledger')
      .select('id')
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .where('leave_type_id', '=', leaveTypeId)
      .where('kind', '=', 'entitlement')
      .executeTakeFirst();
    if (exists) return;
    const user = await repo.employee(db, userId);
    if (!user) throw notFound();
    const half = entitlementHalfDays(user.joined_at, year);
    const note = user.joined_at ? `Phép năm ${year} (vào làm ${viDate(user.joined_at)})` : `Phép năm ${year}`;
    await this.insertOnce(db, { user_id: userId, leave_type_id: leaveTypeId, year, kind: 'entitlement', half_days: half, note });
  }

  /** Removes the unused part of carried-over days once their expiry date has passed (once). */
  private async applyExpiry(db: Kysely<DB>, userId: number, year: number, typeId: number): Promise<void> {
    const carry = await db
      .selectFrom('leave_ledger')
      .select(['half_days', 'expires_on'])
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .where('leave_type_id', '=', typeId)
      .where('kind', '=', 'carry_over')
      .executeTakeFirst();
    if (!carry?.expires_on || carry.half_days <= 0 || vnToday() <= carry.expires_on) return;
    // Carried days are taken first: what leave starting by the expiry date used of the year.
    const used = await db
      .selectFrom('leave_ledger as g')
      .innerJoin('leaves as l', 'l.id', 'g.leave_id')
      .select((eb) => eb.fn.sum<number>('g.half_days').as('n'))
      .where('g.user_id', '=', userId)
      .where('g.year', '=', year)
      .where('g.leave_type_id', '=', typeId)
      .where('g.kind', 'in', ['leave', 'cancellation', 'recount'])
      .where('l.start_date', '<=', carry.expires_on)
      .executeTakeFirst();
    const usedHalf = -Number(used?.n ?? 0);
    const expired = Math.max(0, carry.half_days - Math.max(0, usedHalf));
    if (expired === 0) return;
    await this.insertOnce(db, {
      user_id: userId,
      leave_type_id: typeId,
      year,
      kind: 'expiry',
      half_days: -expired,
      note: `Phép chuyển sang hết hạn ngày ${viDate(carry.expires_on)}`,
    });
  }

  /** Ledger sum of a year, in half days (entitlement written first). */
  async remainingHalf(db: Kysely<DB>, userId: number, year: number): Promise<number> {
    const typeId = await this.annualTypeId(db);
    await this.ensureEntitlement(db, userId, year, typeId);
    await this.applyExpiry(db, userId, year, typeId);
    const r = await db
      .selectFrom('leave_ledger')
      .select((eb) => eb.fn.sum<number>('half_days').as('n'))
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .where('leave_type_id', '=', typeId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Pending annual half days of each year (leaves not decided yet), leaving out one leave being edited. */
  async pendingHalf(db: Kysely<DB>, userId: number, year: number, exceptId: number | null, counter: DayCounter): Promise<number> {
    const typeId = await this.annualTypeId(db);
    let sum = 0;
    for (const l of await repo.pendingOf(db, userId, typeId, exceptId)) {
      sum += counter.halfDaysIn(l, year);
    }
    return sum;
  }

  /** The balance of a year; `counter` must hold the year (loaded here when left out, outside a transaction only). */
  async balance(userId: number, year: number, db: Kysely<DB> = this.db, counter?: DayCounter): Promise<LeaveBalance> {
    const days = counter ?? (await this.counter([year]));
    const typeId = await this.annualTypeId(db);
    const remaining = await this.remainingHalf(db, userId, year);
    const pending = await this.pendingHalf(db, userId, year, null, days);
    const rows = await db
      .selectFrom('leave_ledger as g')
      .leftJoin('leaves as l', 'l.id', 'g.leave_id')
      .leftJoin('users as w', 'w.id', 'g.created_by')
      .select([
        'w.name as created_by_name',
        'g.id',
        'g.kind',
        'g.half_days',
        'g.leave_id',
        'l.code as leave_code',
        'g.note',
        'g.expires_on',
        'g.created_by',
        'g.created_at',
      ])
      .where('g.user_id', '=', userId)
      .where('g.year', '=', year)
      .where('g.leave_type_id', '=', typeId)
      .orderBy('g.id')
      .execute();
    const sum = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((s, r) => s + r.half_days, 0);
    return {
      user_id: userId,
      year,
      entitlement: sum(['entitlement']) / 2,
      carried_over: sum(['carry_over']) / 2,
      used: -sum(['leave', 'cancellation', 'recount']) / 2,
      pending: pending / 2,
      adjustments: sum(['adjustment', 'expiry']) / 2,
      remaining: remaining / 2,
      available: (remaining - pending) / 2,
      ledger: rows.map((r) => ({
        id: r.id,
        kind: r.kind as LeaveLedgerKind,
        days: r.half_days / 2,
        leave_id: r.leave_id,
        leave_code: r.leave_code ?? null,
        note: r.note,
        expires_on: r.expires_on,
        created_by: r.created_by,
        created_by_name: r.created_by_name ?? null,
        created_at: r.created_at,
      })),
    };
  }

  /** The day kinds of these years, for counting inside a transaction. */
  counter(years: Iterable<number>): Promise<DayCounter> {
    return loadCounter(this.calendar, years);
  }

  /** Approval of an annual leave: one `leave` row per year it touches, in the caller's transaction. */
  async chargeLeave(
    trx: Kysely<DB>,
    leave: { id: number; code: string; user_id: number; leave_type_id: number } & LeaveSpan,
    actorId: number,
    counter: DayCounter,
  ): Promise<void> {
    for (const [year, half] of counter.halfDaysByYear(leave)) {
      if (half === 0) continue;
      await this.ensureEntitlement(trx, leave.user_id, year, leave.leave_type_id);
      await trx
        .insertInto('leave_ledger')
        .values({
          user_id: leave.user_id,
          leave_type_id: leave.leave_type_id,
          year,
          kind: 'leave',
          half_days: -half,
          leave_id: leave.id,
          note: `Đơn ${leave.code}: ${viDate(leave.start_date)} – ${viDate(leave.end_date)}`,
          expires_on: null,
          created_by: actorId,
          created_at: nowIso(),
        })
        .execute();
    }
  }

  /** Cancellation of an approved leave: gives back, per year, whatever its rows took. */
  async refundLeave(
    trx: Kysely<DB>,
    leave: { id: number; code: string; user_id: number; leave_type_id: number },
    actorId: number,
  ): Promise<void> {
    const rows = await trx
      .selectFrom('leave_ledger')
      .select(['year', (eb) => eb.fn.sum<number>('half_days').as('n')])
      .where('leave_id', '=', leave.id)
      .groupBy('year')
      .execute();
    for (const r of rows) {
      const n = Number(r.n);
      if (n === 0) continue;
      await trx
        .insertInto('leave_ledger')
        .values({
          user_id: leave.user_id,
          leave_type_id: leave.leave_type_id,
          year: r.year,
          kind: 'cancellation',
          half_days: -n,
          leave_id: leave.id,
          note: `Hủy đơn ${leave.code}`,
          expires_on: null,
          created_by: actorId,
          created_at: nowIso(),
        })
        .execute();
    }
  }

  /**
   * After a change of the working week or the holidays: every pending or approved leave touching the year is
   * recounted; an approved balance leave whose days changed gets a `recount` row for the difference.
   */
  async recountYear(year: number): Promise<number> {
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    let written = 0;
    const live = (db: Kysely<DB>) =>
      db
        .selectFrom('leaves as l')
        .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
        .select([
          'l.id',
          'l.code',
          'l.user_id',
          'l.leave_type_id',
          'l.start_date',
          'l.start_half',
          'l.end_date',
          'l.end_half',
          'l.half_days',
          'l.status',
          't.uses_balance',
        ])
        .where('l.status', 'in', ['pending', 'approved'])
        .where('l.start_date', '<=', to)
        .where('l.end_date', '>=', from)
        .execute();
    const years = new Set([year, ...yearsOf(...(await live(this.db)))]);
    const counter = await this.counter(years);
    await this.db.transaction().execute(async (trx) => {
      // A leave written meanwhile over years not loaded waits for the next recount.
      const leaves = (await live(trx)).filter((l) => yearsOf(l).every((y) => years.has(y)));
      for (const l of leaves) {
        const total = counter.halfDays(l);
        if (total !== l.half_days) await trx.updateTable('leaves').set({ half_days: total }).where('id', '=', l.id).execute();
        if (l.status !== 'approved' || !Number(l.uses_balance)) continue;
        const part = counter.halfDaysIn(l, year);
        const charged = await trx
          .selectFrom('leave_ledger')
          .select((eb) => eb.fn.sum<number>('half_days').as('n'))
          .where('leave_id', '=', l.id)
          .where('year', '=', year)
          .executeTakeFirst();
        const diff = -part - Number(charged?.n ?? 0);
        if (diff === 0) continue;
        await trx
          .insertInto('leave_ledger')
          .values({
            user_id: l.user_id,
            leave_type_id: l.leave_type_id,
            year,
            kind: 'recount',
            half_days: diff,
            leave_id: l.id,
            note: `Tính lại đơn ${l.code} theo lịch làm việc mới: ${part / 2} ngày trong năm ${year}`,
            expires_on: null,
            created_by: null,
            created_at: nowIso(),
          })
          .execute();
        written += 1;
      }
    });
    return written;
  }

  /** Years holding a live leave: what a change of the working week recounts. */
  liveYears(): Promise<number[]> {
    return repo.liveYears(this.db);
  }

  /** HR adds or takes away days of a year, with a reason (an `adjustment` row). */
  adjust(actor: Actor, body: LeaveAdjustmentBody): Promise<LeaveBalance> {
    return adjustBalance(this.db, this, actor, body);
  }

  /** Carries each active employee's remaining days of `year` into the next (leave-year-end.ts). */
  yearEndClose(actor: Actor, year: number): Promise<{ year: number; carried: number; skipped: number }> {
    return closeYear(this.db, this, actor, year);
  }

  policy(db: Kysely<DB> = this.db): Promise<LeavePolicy> {
    return readPolicy(db);
  }

  updatePolicy(actor: Actor, body: LeavePolicyBody): Promise<LeavePolicy> {
    return savePolicy(this.db, actor, body);
  }
}
