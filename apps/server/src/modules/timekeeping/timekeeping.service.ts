import type { Timekeeping, TimekeepingLegend, TimekeepingQuery, TimekeepingRow } from '@qlcv/common/schemas/timekeeping';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import type { AttendanceDayFact, AttendanceRules } from '../attendance/attendance-facts';
import type { CompanyCalendarService } from '../company-settings/company-calendar.service';
import type { CompanySettingsService } from '../company-settings/company-settings.service';
import type { DepartmentsService } from '../departments/departments.service';
import { leaveScopeOf } from '../leaves/leave-scopes';
import { timekeepingRepository as repo, type TimekeepingScope } from './timekeeping.repository';
import { buildGrid, NO_ATTENDANCE } from './timekeeping-grid';
import { type TimekeepingSheet, timekeepingWorkbook } from './timekeeping-xlsx';

/** What timekeeping reads from the attendance module (its service implements it). */
export interface AttendanceFactsSource {
  /** The employee-days with a check-in or check-out between two days (inclusive), approved corrections applied. */
  facts(from: string, to: string, userIds: number[]): Promise<AttendanceDayFact[]>;
  rules(): Promise<AttendanceRules>;
}

/** What timekeeping reads of the sampling trips (their service implements it): who is out on which days. */
export type TripDaysSource = (
  from: string,
  to: string,
  userIds: readonly number[] | null,
) => Promise<{ user_id: number; start_date: string; end_date: string }[]>;

/** A sampling trip's days when the company deleted its business-trip leave type (migration 0035 made it). */
const TRIP_STAND_IN = {
  id: -1,
  code: 'business_trip',
  name: 'Công tác',
  symbol: 'CT',
  paid: 1,
  counts_as_worked: 1,
  active: 0,
};

/** A leave type as the legend shows it (stopped and stand-in types too: the symbols a month may show). */
const legendOf = (t: { symbol: string; name: string; paid: unknown; counts_as_worked: unknown }): TimekeepingLegend => ({
  symbol: t.symbol,
  name: t.name,
  paid: Boolean(Number(t.paid)),
  counts_as_worked: Boolean(Number(t.counts_as_worked)),
});

/**
 * The monthly timekeeping grid (PRODUCT.md §3): one row per employee, one cell per day, from the company calendar and
 * the approved leaves and, when the company requires it, attendance. Each day is decided by timekeeping-day.ts.
 */
export class TimekeepingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: {
      calendar: CompanyCalendarService;
      departments: DepartmentsService;
      companySettings: CompanySettingsService;
      /** Absent until the attendance module is wired: the old rule (a working day without leave is worked). */
      attendance?: AttendanceFactsSource;
    },
  ) {}

  private tripDays: TripDaysSource | null = null;

  /** Binds the sampling trips (made after timekeeping in app.ts): their days count as business-trip days (CT). */
  useTripDays(source: TripDaysSource): void {
    this.tripDays = source;
  }

  /** The scope of leaves (PRODUCT.md §2), as the leaves module defines it: timekeeping uses the same. */
  async scopeOf(actor: Actor, db: Kysely<DB> = this.db): Promise<TimekeepingScope> {
    const scope = await leaveScopeOf(db, this.deps.departments, actor);
    return scope.all ? { all: true } : { all: false, userId: scope.userId, departmentIds: [...scope.departmentIds] };
  }

  /** `GET /api/timekeeping`: the month's grid for the caller's scope; a department outside it answers 404. */
  async month(actor: Actor, q: TimekeepingQuery): Promise<Timekeeping> {
    const scope = await this.scopeOf(actor);
    let departmentIds: number[] | undefined;
    if (q.department_id !== undefined) {
      const inScope = scope.all || scope.departmentIds.includes(q.department_id) || q.department_id === actor.departmentId;
      if (!inScope) throw notFound('Không tìm thấy phòng ban.');
      departmentIds = await this.deps.departments.withDescendants(q.department_id);
      if (departmentIds.length === 0) throw notFound('Không tìm thấy phòng ban.');
    }
    const { grid, types, rules, from, to, today } = await this.decide(q.month, { scope, departmentIds });
    // The legend: active types, and any inactive one the month still shows.
    const used = new Set(grid.rows.flatMap((r) => r.cells.flatMap((c) => c.split('/'))));
    return {
      month: q.month,
      // The last day the grid counts: today within the month, the month's end once it is over, none before it starts.
      counted_through: today >= to ? to : today >= from ? today : null,
      days: grid.days,
      leave_types: types.filter((t) => Number(t.active) === 1 || used.has(t.symbol)).map(legendOf),
      rows: grid.rows,
      attendance_required: rules.required,
    };
  }

  /**
   * One employee's month as the grid decides it (its cells and its late, early and forgotten marks, which follow the
   * day's leave halves and calendar), for the attendance page; the caller has checked the actor may read this person.
   */
  async personMonth(
    userId: number,
    month: string,
  ): Promise<{ dates: string[]; row: TimekeepingRow | null; leave_types: TimekeepingLegend[] }> {
    const { grid, types } = await this.decide(month, { scope: { all: false, userId, departmentIds: [] } });
    return { dates: grid.days.map((d) => d.date), row: grid.rows[0] ?? null, leave_types: types.map(legendOf) };
  }

  /** Gathers the month's calendar, leave types, rules, the chosen users' leaves and facts, and decides every day. */
  private async decide(month: string, who: { scope: TimekeepingScope; departmentIds?: number[] }) {
    const [days, saved, rules] = await Promise.all([
      this.deps.calendar.monthDays(Number(month.slice(0, 4)), Number(month.slice(5, 7))),
      repo.leaveTypes(this.db),
      this.deps.attendance ? this.deps.attendance.rules() : Promise.resolve(NO_ATTENDANCE),
    ]);
    const from = `${month}-01`;
    const to = days[days.length - 1]?.date ?? from;
    const users = await repo.users(this.db, { ...who, from, to });
    // Everyone's leaves in one indexed range read when the grid is large; only the grid's users' otherwise.
    const userIds = users.length > 500 ? null : users.map((u) => u.id);
    const [approved, trips] = await Promise.all([
      repo.approvedLeaves(this.db, from, to, userIds),
      this.tripDays ? this.tripDays(from, to, userIds) : Promise.resolve([]),
    ]);
    // A sampling trip's days are business-trip days (CT) of its team, as an approved trip leave would be; a leave
    // approved for the same day comes after and wins (its slots are written last).
    // The company's trip type, even stopped; once deleted, the type it started with (a worked, paid CT) stands in.
    const found = saved.find((t) => t.code === 'business_trip') ?? saved.find((t) => t.symbol === 'CT');
    const ct = found ?? TRIP_STAND_IN;
    const types = found || trips.length === 0 ? saved : [...saved, TRIP_STAND_IN];
    const leaves = [
      ...trips.map((t) => ({
        user_id: t.user_id,
        leave_type_id: ct.id,
        start_date: t.start_date,
        start_half: 'morning',
        end_date: t.end_date,
        end_half: 'afternoon',
      })),
      ...approved,
    ];
    const leaveTypes = types.map((t) => ({
      id: t.id,
      symbol: t.symbol,
      paid: Boolean(Number(t.paid)),
      countsAsWorked: Boolean(Number(t.counts_as_worked)),
    }));
    const today = vnToday();
    const factsTo = today < to ? today : to;
    const facts =
      rules.required && this.deps.attendance && factsTo >= from && users.length > 0
        ? await this.deps.attendance.facts(
            from,
            factsTo,
            users.map((u) => u.id),
          )
        : [];
    const grid = buildGrid({ days, users, leaves, types: leaveTypes, today, facts, rules });
    return { grid, types, rules, from, to, today };
  }

  /** The same grid as an .xlsx workbook with the company's header, ready to print on A4 landscape. */
  async workbook(actor: Actor, q: TimekeepingQuery): Promise<{ fileName: string; buffer: Buffer }> {
    const [grid, company, department] = await Promise.all([
      this.month(actor, q),
      this.deps.companySettings.get(),
      q.department_id !== undefined ? this.deps.departments.get(q.department_id).catch(() => null) : Promise.resolve(null),
    ]);
    const sheet: TimekeepingSheet = {
      grid,
      company: { name: company.name, address: company.address, tax_code: company.tax_code },
      departmentName: department?.name ?? null,
    };
    return { fileName: `cham-cong-${q.month}.xlsx`, buffer: await timekeepingWorkbook(sheet) };
  }
}
