import type { LeaveTab } from '@qlcv/common/schemas/leaves';
import { searchText } from '@qlcv/common/vi-text';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Whose leaves a caller sees (PRODUCT.md §2): their own with `leaves.index`; `leaves.department` adds their
 * department and its sub-departments; `leaves.departments` every department they head (and sub-departments);
 * `leaves.all` every leave. `departmentIds` is the union, empty without those keys.
 */
export type LeaveScope = { all: true; userId: number } | { all: false; userId: number; departmentIds: readonly number[] };

type LEb = ExpressionBuilder<DB & { l: DB['leaves']; u: DB['users'] }, 'l' | 'u'>;

/** Statuses that hold days: a new leave may not overlap these. */
export const LIVE_STATUSES = ['pending', 'approved'] as const;

export interface LeaveFilter {
  scope: LeaveScope;
  tab: LeaveTab;
  /** For `approval`: approvers the caller stands in for today. */
  substituteFor: readonly number[];
  search: string | null;
  status?: string[];
  leaveTypeIds?: number[];
  departmentIds?: readonly number[];
  userId?: number;
  /** First and last day of a month. */
  month?: { from: string; to: string };
}

/** The leaves a scope reaches: own, or of employees of its departments. */
export function inScope(eb: LEb, scope: LeaveScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  const ors = [eb('l.user_id', '=', scope.userId), eb('l.approver_id', '=', scope.userId)];
  if (scope.departmentIds.length > 0) ors.push(eb('u.department_id', 'in', scope.departmentIds));
  return eb.or(ors);
}

/** Pending leaves the caller decides: as approver, as a substitute of the approver, or (leaves.all) with no approver. */
export function awaiting(eb: LEb, userId: number, substituteFor: readonly number[], all: boolean): Expression<SqlBool> {
  const ors = [eb('l.approver_id', '=', userId)];
  if (substituteFor.length > 0) ors.push(eb('l.approver_id', 'in', substituteFor));
  if (all) ors.push(eb('l.approver_id', 'is', null));
  return eb.and([eb('l.status', '=', 'pending'), eb('l.user_id', '!=', userId), eb.or(ors)]);
}

function base(db: Kysely<DB>) {
  return db
    .selectFrom('leaves as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('users as a', 'a.id', 'l.approver_id')
    .leftJoin('users as db_', 'db_.id', 'l.decided_by')
    .leftJoin('users as cb', 'cb.id', 'l.created_by');
}

/** A leave's own columns that say whose it is and when (`leaves as l`). */
export const LEAVE_SPAN_COLUMNS = [
  'l.id',
  'l.code',
  'l.user_id',
  'l.leave_type_id',
  'l.start_date',
  'l.start_half',
  'l.end_date',
  'l.end_half',
  'l.half_days',
] as const;

function selected(db: Kysely<DB>) {
  return base(db).select([
    ...LEAVE_SPAN_COLUMNS,
    'l.reason',
    'l.status',
    'l.approver_id',
    'l.decided_by',
    'l.decided_at',
    'l.decision_note',
    'l.created_by',
    'l.version',
    'l.created_at',
    'l.updated_at',
    'u.code as user_code',
    'u.name as user_name',
    'u.department_id',
    'd.name as department_name',
    't.code as type_code',
    't.name as type_name',
    't.symbol as type_symbol',
    't.uses_balance as type_uses_balance',
    'a.name as approver_name',
    'db_.name as decided_by_name',
    'cb.name as created_by_name',
  ]);
}

export type LeaveRow = Awaited<ReturnType<ReturnType<typeof selected>['executeTakeFirstOrThrow']>>;

export function filtered(db: Kysely<DB>, f: LeaveFilter) {
  let q = selected(db);
  if (f.tab === 'mine') q = q.where('l.user_id', '=', f.scope.userId);
  else if (f.tab === 'approval') q = q.where((eb) => awaiting(eb, f.scope.userId, f.substituteFor, f.scope.all));
  else q = q.where((eb) => inScope(eb, f.scope));
  if (f.status?.length) q = q.where('l.status', 'in', f.status);
  if (f.leaveTypeIds?.length) q = q.where('l.leave_type_id', 'in', f.leaveTypeIds);
  if (f.departmentIds) q = q.where('u.department_id', 'in', f.departmentIds.length ? f.departmentIds : [-1]);
  if (f.userId) q = q.where('l.user_id', '=', f.userId);
  if (f.month) {
    const { from, to } = f.month;
    q = q.where('l.start_date', '<=', to).where('l.end_date', '>=', from);
  }
  if (f.search) {
    // Without diacritics, as the users' search text is kept: "nguyen" finds Nguyễn.
    const like = `%${searchText(f.search)}%`;
    const code = `%${f.search.toLowerCase()}%`;
    q = q.where((eb) => eb.or([eb('u.search_text', 'like', like), eb(eb.fn('lower', ['l.code']), 'like', code)]));
  }
  return q;
}

const SORT_COLUMNS = {
  start_date: 'l.start_date',
  end_date: 'l.end_date',
  created_at: 'l.created_at',
  code: 'l.code',
  days: 'l.half_days',
  status: 'l.status',
} as const;

export const leavesRepository = {
  /** Approved leaves of these employees meeting [from, to], earliest first (another module's days they are away). */
  approvedMeeting(db: Kysely<DB>, userIds: readonly number[], from: string, to: string) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('leaves as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
      .select(['l.user_id', 'u.name as user_name', 'l.code', 't.name as type_name', 'l.start_date', 'l.end_date'])
      .where('l.user_id', 'in', [...userIds])
      .where('l.status', '=', 'approved')
      .where('l.start_date', '<=', to)
      .where('l.end_date', '>=', from)
      .orderBy('l.start_date')
      .orderBy('l.id')
      .execute();
  },

  find(db: Kysely<DB>, id: number): Promise<LeaveRow | undefined> {
    return selected(db).where('l.id', '=', id).executeTakeFirst();
  },

  async page(
    db: Kysely<DB>,
    f: LeaveFilter,
    sort: { column: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' },
    limit: number,
    offset: number,
  ): Promise<{ rows: LeaveRow[]; total: number }> {
    const rows = await filtered(db, f)
      .orderBy(SORT_COLUMNS[sort.column], sort.direction)
      .orderBy('l.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await filtered(db, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  },

  async count(db: Kysely<DB>, f: LeaveFilter): Promise<number> {
    const r = await filtered(db, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Writes a new leave; its id. */
  async insert(db: Kysely<DB>, values: Omit<Insertable<DB['leaves']>, 'version'>): Promise<number> {
    const r = await db.insertInto('leaves').values(values).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  /** Saves an edit of a pending leave still at `version`; whether it was saved. */
  async update(
    db: Kysely<DB>,
    id: number,
    version: number,
    values: Pick<
      Updateable<DB['leaves']>,
      'leave_type_id' | 'start_date' | 'start_half' | 'end_date' | 'end_half' | 'half_days' | 'reason' | 'updated_at'
    >,
  ): Promise<boolean> {
    const r = await db
      .updateTable('leaves')
      .set({ ...values, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** A status change from one of `from` (lib/status-change.ts writes through it); whether the row changed. */
  async changeStatus(
    db: Kysely<DB>,
    id: number,
    from: readonly string[],
    values: Record<string, unknown>,
    nextVersion: number,
  ): Promise<boolean> {
    const r = await db
      .updateTable('leaves')
      .set({ ...values, version: nextVersion } as never)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async statusOf(db: Kysely<DB>, id: number): Promise<string | undefined> {
    return (await db.selectFrom('leaves').select('status').where('id', '=', id).executeTakeFirst())?.status;
  },

  /** Departments the user heads. */
  employee(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('users')
      .select(['id', 'name', 'code', 'department_id', 'joined_at', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The pending leaves of `userId` waiting for `approverId`. */
  async pendingAwaiting(db: Kysely<DB>, userId: number, approverId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('leaves')
      .select('id')
      .where('user_id', '=', userId)
      .where('approver_id', '=', approverId)
      .where('status', '=', 'pending')
      .execute();
    return rows.map((r) => r.id);
  },

  /** Moves a pending leave from one approver to another (null: `leaves.all` decides); whether it moved. */
  async reroute(db: Kysely<DB>, id: number, from: number, to: number | null, now: string): Promise<boolean> {
    const r = await db
      .updateTable('leaves')
      .set((eb) => ({ approver_id: to, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('approver_id', '=', from)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
