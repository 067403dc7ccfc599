import type {
  LeaveAdjustmentBody,
  LeaveBalance,
  LeaveLedgerKind,
  LeavePolicy,
  LeavePolicyBody,
} from '@qlcv/common/schemas/leaves';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { invalid, notFound } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import type { CompanyCalendarService } from '../company-settings/company-calendar.service';
import { annualLeaveTypeRow, leaveTypeRow } from '../leave-types/leave-types.service';
import { type ONCE_KINDS, leaveBalancesRepository as repo } from './leave-balances.repository';
import { type DayCounter, type LeaveSpan, loadCounter, spansOverlap, viDate, yearsOf } from './leave-days';
import { readPolicy, savePolicy } from './leave-policy';
import { adjustBalance, closeYear } from './leave-year-end';

/** Annual days before seniority; one more per full five years of service (Labour Code art. 113–114). */
export const BASE_ANNUAL_DAYS = 12;

/**
 * Entitlement of a year, in half days. Seniority counts the full years of service at 31 December of the year. In the
 * joining year it is prorated by month: the months from the joining month to December (the joining month counts in
 * full), 12 × months / 12, rounded down to a half day. No entitlement before the joining year.
 */
export function entitlementHalfDays(joinedAt: string | null, year: number): number {
  if (!joinedAt) return BASE_ANNUAL_DAYS * 2;
  const joinYear = Number(joinedAt.slice(0, 4));
  const joinMonth = Number(joinedAt.slice(5, 7));
  if (year < joinYear) return 0;
  if (year === joinYear) return Math.floor((BASE_ANNUAL_DAYS * (13 - joinMonth) * 2) / 12);
  const years = year - joinYear;
  return (BASE_ANNUAL_DAYS + Math.floor(years / 5)) * 2;
}

/** A span to assess for an employee: `exceptId` is the leave being edited (left out of overlaps and pending days). */
export interface LeaveAssessInput {
  userId: number;
  leaveTypeId: number;
  span: LeaveSpan;
  exceptId: number | null;
  /** Holds the span's years (loaded before any transaction). */
  counter: DayCounter;
}

/** One year of a balance type as the span would leave it, in half days: `after` = remaining − pending − this span's part. */
export interface YearAssessment {
  year: number;
  remaining: number;
  pending: number;
  half: number;
  after: number;
}

/** What one span means for an employee: its working days, the leave it overlaps, and the balance of each year it takes. */
export interface LeaveAssessment {
  /** Undefined when no such type exists (nothing else is assessed then). */
  type: Awaited<ReturnType<typeof leaveTypeRow>>;
  halfDays: number;
  overlap: { id: number; code: string; start_date: string; end_date: string } | undefined;
  /** For a type using the balance: each year the span touches (`firstYear`: its first only); null otherwise. */
  years: YearAssessment[] | null;
  allowNegative: boolean;
}

/**
 * The annual balance as a ledger (PRODUCT.md §3): entitlement, approved leave, cancellations, HR adjustments,
 * recounts after a calendar change, carry-over and its expiry are rows; the balance is always their sum.
 * `assess` is the one place that weighs a span against the days, the other leaves and the balance.
 */
export class LeaveBalancesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly calendar: CompanyCalendarService,
  ) {}

  async annualTypeId(db: Kysely<DB> = this.db): Promise<number> {
    const t = await annualLeaveTypeRow(db);
    if (!t) throw notFound('Chưa có loại nghỉ phép năm.');
    return t.id;
  }

  /**
   * Days, overlap and balance of a span (the preview shows it; applying and editing go through `admit`). Reads
   * the ledger of each year, writing its entitlement and expiry first (idempotent).
   */
  async assess(db: Kysely<DB>, input: LeaveAssessInput, firstYear = false): Promise<LeaveAssessment> {
    const { userId, span, exceptId, counter } = input;
    const type = await leaveTypeRow(db, input.leaveTypeId);
    const halfDays = counter.halfDays(span);
    if (!type) return { type, halfDays, overlap: undefined, years: null, allowNegative: false };
    const other = (await repo.overlapping(db, userId, span.start_date, span.end_date, exceptId)).find((o) =>
      spansOverlap(o, span),
    );
    const overlap = other && { id: other.id, code: other.code, start_date: other.start_date, end_date: other.end_date };
    let years: YearAssessment[] | null = null;
    let allowNegative = false;
    if (Number(type.uses_balance)) {
      allowNegative = (await this.policy(db)).allow_negative_balance;
      years = [];
      for (const [year, half] of counter.halfDaysByYear(span)) {
        const remaining = await this.remainingHalf(db, userId, year);
        const pending = await this.pendingHalf(db, userId, year, exceptId, counter);
        years.push({ year, remaining, pending, half, after: remaining - pending - half });
        if (firstYear) break;
      }
    }
    return { type, halfDays, overlap, years, allowNegative };
  }

  /**
   * `assess`, refused with the 422s of applying and editing (`editing`: an inactive type stays allowed), in this order:
   * the type, no working day, an overlap, the balance. Call it after locking the employee's row (lib/row-lock.ts).
   */
  async admit(db: Kysely<DB>, input: LeaveAssessInput, editing: boolean): Promise<LeaveAssessment> {
    const a = await this.assess(db, input);
    if (!a.type || (!a.type.active && !editing)) throw invalid('leave_type_id', 'Loại nghỉ không tồn tại hoặc đã ngừng dùng.');
    if (a.halfDays <= 0) throw invalid('end_date', 'Khoảng thời gian này không có ngày làm việc nào.', 'LEAVE_NO_WORKING_DAYS');
    if (a.overlap) {
      const o = a.overlap;
      throw invalid(
        'start_date',
        `Trùng thời gian với đơn ${o.code} (${viDate(o.start_date)} – ${viDate(o.end_date)}).`,
        'LEAVE_OVERLAP',
      );
    }
    const over = a.allowNegative ? undefined : a.years?.find((y) => y.after < 0);
    if (over) {
      throw invalid(
        'end_date',
        `Vượt số ngày phép năm ${over.year}: còn ${over.remaining / 2} ngày, đang chờ duyệt ${over.pending / 2} ngày, đơn này ${over.half / 2} ngày.`,
        'LEAVE_BALANCE_EXCEEDED',
      );
    }
    return a;
  }

  /** Writes a once-a-year row (entitlement, expiry) unless it exists; true when written. */
  private insertOnce(
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
    return repo.insertOnce(db, {
      ...row,
      expires_on: row.expires_on ?? null,
      created_by: row.created_by ?? null,
      leave_id: null,
    });
  }

  /** Writes the year's entitlement row the first time the year is touched (idempotent). */
  async ensureEntitlement(db: Kysely<DB>, userId: number, year: number, typeId?: number): Promise<void> {
    const leaveTypeId = typeId ?? (await this.annualTypeId(db));
    if (await repo.onceRow(db, userId, year, leaveTypeId, 'entitlement')) return;
    const user = await repo.joinedAt(db, userId);
    if (!user) throw notFound();
    const half = entitlementHalfDays(user.joined_at, year);
    const note = user.joined_at ? `Phép năm ${year} (vào làm ${viDate(user.joined_at)})` : `Phép năm ${year}`;
    await this.insertOnce(db, { user_id: userId, leave_type_id: leaveTypeId, year, kind: 'entitlement', half_days: half, note });
  }

  /** Removes the unused part of carried-over days once their expiry date has passed (once). */
  private async applyExpiry(db: Kysely<DB>, userId: number, year: number, typeId: number): Promise<void> {
    const carry = await repo.onceRow(db, userId, year, typeId, 'carry_over');
    if (!carry?.expires_on || carry.half_days <= 0 || vnToday() <= carry.expires_on) return;
    // Carried days are taken first: what leave starting by the expiry date used of the year.
    const usedHalf = -(await repo.usedBy(db, userId, year, typeId, carry.expires_on));
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
    return repo.yearSum(db, userId, year, typeId);
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
    const rows = await repo.yearRows(db, userId, year, typeId);
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
      await repo.insert(trx, {
        user_id: leave.user_id,
        leave_type_id: leave.leave_type_id,
        year,
        kind: 'leave',
        half_days: -half,
        leave_id: leave.id,
        note: `Đơn ${leave.code}: ${viDate(leave.start_date)} – ${viDate(leave.end_date)}`,
        expires_on: null,
        created_by: actorId,
      });
    }
  }

  /** Cancellation of an approved leave: gives back, per year, whatever its rows took. */
  async refundLeave(
    trx: Kysely<DB>,
    leave: { id: number; code: string; user_id: number; leave_type_id: number },
    actorId: number,
  ): Promise<void> {
    for (const r of await repo.chargedByYear(trx, leave.id)) {
      if (r.n === 0) continue;
      await repo.insert(trx, {
        user_id: leave.user_id,
        leave_type_id: leave.leave_type_id,
        year: r.year,
        kind: 'cancellation',
        half_days: -r.n,
        leave_id: leave.id,
        note: `Hủy đơn ${leave.code}`,
        expires_on: null,
        created_by: actorId,
      });
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
    const years = new Set([year, ...yearsOf(...(await repo.liveBetween(this.db, from, to)))]);
    const counter = await this.counter(years);
    await this.db.transaction().execute(async (trx) => {
      // A leave written meanwhile over years not loaded waits for the next recount.
      const leaves = (await repo.liveBetween(trx, from, to)).filter((l) => yearsOf(l).every((y) => years.has(y)));
      for (const l of leaves) {
        const total = counter.halfDays(l);
        if (total !== l.half_days) await repo.setHalfDays(trx, l.id, total);
        if (l.status !== 'approved' || !Number(l.uses_balance)) continue;
        const part = counter.halfDaysIn(l, year);
        const diff = -part - (await repo.chargedIn(trx, l.id, year));
        if (diff === 0) continue;
        await repo.insert(trx, {
          user_id: l.user_id,
          leave_type_id: l.leave_type_id,
          year,
          kind: 'recount',
          half_days: diff,
          leave_id: l.id,
          note: `Tính lại đơn ${l.code} theo lịch làm việc mới: ${part / 2} ngày trong năm ${year}`,
          expires_on: null,
          created_by: null,
        });
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
