import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { LEAVE_SPAN_COLUMNS, LIVE_STATUSES } from './leaves.repository';

/** Kinds written once per employee, year and type (a partial unique index holds them). */
export const ONCE_KINDS = ['entitlement', 'carry_over', 'expiry'] as const;

/** A ledger row as written; `created_at` is stamped here. */
export type LedgerInsert = Omit<Insertable<DB['leave_ledger']>, 'created_at'>;

/**
 * The SQL of the annual balance (leave-balances.service.ts): the ledger, the policy row, and what an assessment of a
 * span reads of the employee's other leaves (those overlapping it, those pending).
 */
export const leaveBalancesRepository = {
  joinedAt(db: Kysely<DB>, userId: number) {
    return db.selectFrom('users').select(['id', 'joined_at']).where('id', '=', userId).executeTakeFirst();
  },

  /** Ids of the active employees, the year-end close's list. */
  async activeUserIds(db: Kysely<DB>): Promise<number[]> {
    const rows = await db.selectFrom('users').select('id').where('status', '=', 'active').orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** Live leaves of the employee whose dates meet `from`–`to` (the caller compares the halves). */
  overlapping(db: Kysely<DB>, userId: number, from: string, to: string, exceptId: number | null) {
    let q = db
      .selectFrom('leaves')
      .select(['id', 'code', 'start_date', 'start_half', 'end_date', 'end_half'])
      .where('user_id', '=', userId)
      .where('status', 'in', [...LIVE_STATUSES])
      .where('start_date', '<=', to)
      .where('end_date', '>=', from);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.orderBy('start_date').execute();
  },

  /** Pending leaves of a balance type for an employee (the caller splits their days by year). */
  pendingOf(db: Kysely<DB>, userId: number, leaveTypeId: number, exceptId: number | null) {
    let q = db
      .selectFrom('leaves')
      .select(['id', 'start_date', 'start_half', 'end_date', 'end_half', 'half_days'])
      .where('user_id', '=', userId)
      .where('leave_type_id', '=', leaveTypeId)
      .where('status', '=', 'pending');
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.execute();
  },

  /** Writes a ledger row. */
  async insert(db: Kysely<DB>, row: LedgerInsert): Promise<void> {
    await db
      .insertInto('leave_ledger')
      .values({ ...row, created_at: nowIso() })
      .execute();
  },

  /** Writes a once-a-year row unless it exists; whether it was written. */
  async insertOnce(db: Kysely<DB>, row: LedgerInsert & { kind: (typeof ONCE_KINDS)[number] }): Promise<boolean> {
    const r = await db
      .insertInto('leave_ledger')
      .values({ ...row, created_at: nowIso() })
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
  },

  /** The row of a kind of a year (entitlement, carry-over). */
  onceRow(db: Kysely<DB>, userId: number, year: number, typeId: number, kind: (typeof ONCE_KINDS)[number]) {
    return db
      .selectFrom('leave_ledger')
      .select(['id', 'half_days', 'expires_on'])
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .where('leave_type_id', '=', typeId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  },

  /** Half days a year's leave starting by `until` took (negative), recounts and cancellations included. */
  async usedBy(db: Kysely<DB>, userId: number, year: number, typeId: number, until: string): Promise<number> {
    const r = await db
      .selectFrom('leave_ledger as g')
      .innerJoin('leaves as l', 'l.id', 'g.leave_id')
      .select((eb) => eb.fn.sum<number>('g.half_days').as('n'))
      .where('g.user_id', '=', userId)
      .where('g.year', '=', year)
      .where('g.leave_type_id', '=', typeId)
      .where('g.kind', 'in', ['leave', 'cancellation', 'recount'])
      .where('l.start_date', '<=', until)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** Sum of a year's ledger, in half days. */
  async yearSum(db: Kysely<DB>, userId: number, year: number, typeId: number): Promise<number> {
    const r = await db
      .selectFrom('leave_ledger')
      .select((eb) => eb.fn.sum<number>('half_days').as('n'))
      .where('user_id', '=', userId)
      .where('year', '=', year)
      .where('leave_type_id', '=', typeId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** A year's ledger rows as the balance card lists them. */
  yearRows(db: Kysely<DB>, userId: number, year: number, typeId: number) {
    return db
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
  },

  /** What a leave's rows took, per year. */
  async chargedByYear(db: Kysely<DB>, leaveId: number): Promise<{ year: number; n: number }[]> {
    const rows = await db
      .selectFrom('leave_ledger')
      .select(['year', (eb) => eb.fn.sum<number>('half_days').as('n')])
      .where('leave_id', '=', leaveId)
      .groupBy('year')
      .execute();
    return rows.map((r) => ({ year: r.year, n: Number(r.n) }));
  },

  /** What a leave's rows took of one year. */
  async chargedIn(db: Kysely<DB>, leaveId: number, year: number): Promise<number> {
    const r = await db
      .selectFrom('leave_ledger')
      .select((eb) => eb.fn.sum<number>('half_days').as('n'))
      .where('leave_id', '=', leaveId)
      .where('year', '=', year)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** Pending and approved leaves touching `from`–`to`, with whether their type uses the balance. */
  liveBetween(db: Kysely<DB>, from: string, to: string) {
    return db
      .selectFrom('leaves as l')
      .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
      .select([...LEAVE_SPAN_COLUMNS, 'l.status', 't.uses_balance'])
      .where('l.status', 'in', [...LIVE_STATUSES])
      .where('l.start_date', '<=', to)
      .where('l.end_date', '>=', from)
      .execute();
  },

  async setHalfDays(db: Kysely<DB>, leaveId: number, halfDays: number): Promise<void> {
    await db.updateTable('leaves').set({ half_days: halfDays }).where('id', '=', leaveId).execute();
  },

  /** Years from the first to the last day of any live leave. */
  async liveYears(db: Kysely<DB>): Promise<number[]> {
    const r = await db
      .selectFrom('leaves')
      .select([(eb) => eb.fn.min<string>('start_date').as('a'), (eb) => eb.fn.max<string>('end_date').as('b')])
      .where('status', 'in', [...LIVE_STATUSES])
      .executeTakeFirst();
    if (!r?.a || !r.b) return [];
    const out: number[] = [];
    for (let y = Number(String(r.a).slice(0, 4)); y <= Number(String(r.b).slice(0, 4)); y++) out.push(y);
    return out;
  },

  /** The one policy row. */
  policy(db: Kysely<DB>) {
    return db.selectFrom('leave_policies').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  },

  /** Saves the policy if still at `version`; whether it was saved. */
  async savePolicy(
    db: Kysely<DB>,
    values: { allow_negative_balance: number; carry_over_cap_days: number; carry_over_expires: string },
    version: number,
  ): Promise<boolean> {
    const r = await db
      .updateTable('leave_policies')
      .set({ ...values, version: version + 1, updated_at: nowIso() })
      .where('id', '=', 1)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
