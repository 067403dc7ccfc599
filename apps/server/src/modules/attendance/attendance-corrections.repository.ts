import type { CorrectionStatus } from '@qlcv/common/schemas/attendance';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { AttendanceCorrectionsTable, DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import type { AttendanceScope } from './attendance.repository';

export interface CorrectionFilter {
  tab: 'mine' | 'to_approve' | 'all';
  userId: number;
  /** For `to_approve`: approvers the caller stands in for today; `all`: also those waiting for no approver. */
  substituteFor: readonly number[];
  decidesUnassigned: boolean;
  scope: AttendanceScope;
  status?: CorrectionStatus;
}

function filtered(db: Kysely<DB>, f: CorrectionFilter) {
  let q = db.selectFrom('attendance_corrections as c').innerJoin('users as u', 'u.id', 'c.user_id');
  if (f.tab === 'mine') q = q.where('c.user_id', '=', f.userId);
  else if (f.tab === 'to_approve') {
    q = q.where('c.status', '=', 'pending').where('c.user_id', '!=', f.userId);
    q = q.where((eb) =>
      eb.or([
        eb('c.approver_id', '=', f.userId),
        ...(f.substituteFor.length ? [eb('c.approver_id', 'in', f.substituteFor)] : []),
        ...(f.decidesUnassigned ? [eb('c.approver_id', 'is', null)] : []),
      ]),
    );
  } else if (!f.scope.all) {
    const ids = f.scope.departmentIds;
    q = q.where((eb) =>
      eb.or([
        eb('c.user_id', '=', f.userId),
        eb('c.approver_id', '=', f.userId),
        ...(ids.length ? [eb('u.department_id', 'in', ids)] : []),
      ]),
    );
  }
  if (f.status) q = q.where('c.status', '=', f.status);
  return q;
}

function withNames(q: ReturnType<typeof filtered>) {
  return q
    .leftJoin('users as a', 'a.id', 'c.approver_id')
    .leftJoin('users as dec', 'dec.id', 'c.decided_by')
    .selectAll('c')
    .select([
      'u.name as user_name',
      'u.code as user_code',
      'u.department_id',
      'a.name as approver_name',
      'dec.name as decided_by_name',
    ]);
}

const ALL: CorrectionFilter = {
  tab: 'all',
  userId: 0,
  substituteFor: [],
  decidesUnassigned: false,
  scope: { all: true, userId: 0 },
};

export type CorrectionRow = NonNullable<Awaited<ReturnType<typeof correctionsRepository.find>>>;

export const correctionsRepository = {
  find(db: Kysely<DB>, id: number) {
    return withNames(filtered(db, ALL)).where('c.id', '=', id).executeTakeFirst();
  },

  list(db: Kysely<DB>, f: CorrectionFilter, w: Window) {
    return withNames(filtered(db, f))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: CorrectionFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  pendingOf(db: Kysely<DB>, userId: number, date: string) {
    return db
      .selectFrom('attendance_corrections')
      .select('id')
      .where('user_id', '=', userId)
      .where('date', '=', date)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  },

  async insert(db: Kysely<DB>, values: Insertable<AttendanceCorrectionsTable>): Promise<number> {
    const row = await db.insertInto('attendance_corrections').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** The status change if the row is still in `from` at `version`; false otherwise. */
  async changeStatus(
    db: Kysely<DB>,
    id: number,
    version: number,
    values: Updateable<AttendanceCorrectionsTable>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('attendance_corrections')
      .set({ ...values, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  addHistory(
    db: Kysely<DB>,
    values: { correction_id: number; action: string; actor_id: number | null; note: string | null; at: string },
  ) {
    return db.insertInto('attendance_correction_history').values(values).execute();
  },

  history(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('attendance_correction_history as h')
      .leftJoin('users as u', 'u.id', 'h.actor_id')
      .select(['h.action', 'h.actor_id', 'u.name as actor_name', 'h.at', 'h.note'])
      .where('h.correction_id', '=', id)
      .orderBy('h.id')
      .execute();
  },

  /** Approved corrections of user-days in [from, to], in decision order. */
  approvedBetween(db: Kysely<DB>, from: string, to: string, userIds: readonly number[] | null) {
    let q = db
      .selectFrom('attendance_corrections')
      .select(['user_id', 'date', 'check_in', 'check_out'])
      .where('status', '=', 'approved')
      .where('date', '>=', from)
      .where('date', '<=', to);
    if (userIds !== null) q = userIds.length ? q.where('user_id', 'in', userIds) : q.where(sql<boolean>`1 = 0`);
    return q.orderBy('decided_at').orderBy('id').execute();
  },

  /** The status of each day's latest correction of a person in [from, to]. */
  async latestStatuses(db: Kysely<DB>, userId: number, from: string, to: string) {
    const rows = await db
      .selectFrom('attendance_corrections')
      .select(['date', 'status'])
      .where('user_id', '=', userId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('id')
      .execute();
    const latest = new Map<string, string>();
    for (const r of rows) latest.set(r.date, r.status);
    return [...latest].map(([date, status]) => ({ date, status }));
  },
};
