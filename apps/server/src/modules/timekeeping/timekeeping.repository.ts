import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Whose rows a caller sees: everyone, or their own plus the users of some departments. */
export type TimekeepingScope = { all: true } | { all: false; userId: number; departmentIds: number[] };

export interface TimekeepingFilter {
  scope: TimekeepingScope;
  /** Only these departments (a department and its sub-departments). */
  departmentIds?: number[];
  from: string;
  to: string;
}

export interface TimekeepingUserRow {
  id: number;
  code: string;
  name: string;
  department_id: number | null;
  department_name: string | null;
  joined_at: string | null;
  status: string;
}

export interface TimekeepingLeaveRow {
  user_id: number;
  leave_type_id: number;
  start_date: string;
  start_half: string;
  end_date: string;
  end_half: string;
}

export const timekeepingRepository = {
  /**
   * The users of the grid: active ones who had joined by the month's end, and anyone (a locked user) with an approved
   * leave in the month; in the scope and the department filter.
   */
  users(db: Kysely<DB>, f: TimekeepingFilter): Promise<TimekeepingUserRow[]> {
    let q = db
      .selectFrom('users as u')
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.id', 'u.code', 'u.name', 'u.department_id', 'd.name as department_name', 'u.joined_at', 'u.status'])
      .where((eb) =>
        eb.or([
          eb.and([eb('u.status', '=', 'active'), eb.or([eb('u.joined_at', 'is', null), eb('u.joined_at', '<=', f.to)])]),
          eb.exists(
            eb
              .selectFrom('leaves as l')
              .select('l.id')
              .whereRef('l.user_id', '=', 'u.id')
              .where('l.status', '=', 'approved')
              .where('l.start_date', '<=', f.to)
              .where('l.end_date', '>=', f.from),
          ),
        ]),
      );
    const { scope } = f;
    if (!scope.all) {
      q = q.where((eb) =>
        scope.departmentIds.length > 0
          ? eb.or([eb('u.id', '=', scope.userId), eb('u.department_id', 'in', scope.departmentIds)])
          : eb('u.id', '=', scope.userId),
      );
    }
    if (f.departmentIds) q = q.where('u.department_id', 'in', f.departmentIds.length > 0 ? f.departmentIds : [-1]);
    // By department (those without one last, on both databases), then employee code.
    return q
      .orderBy(sql`case when d.name is null then 1 else 0 end`)
      .orderBy('d.name')
      .orderBy('u.code')
      .orderBy('u.id')
      .execute() as Promise<TimekeepingUserRow[]>;
  },

  /** The approved leaves that touch the month: of the given users, or of everyone (`null`). */
  approvedLeaves(db: Kysely<DB>, from: string, to: string, userIds: number[] | null): Promise<TimekeepingLeaveRow[]> {
    let q = db
      .selectFrom('leaves')
      .select(['user_id', 'leave_type_id', 'start_date', 'start_half', 'end_date', 'end_half'])
      .where('status', '=', 'approved')
      .where('start_date', '<=', to)
      .where('end_date', '>=', from);
    if (userIds) q = q.where('user_id', 'in', userIds.length > 0 ? userIds : [-1]);
    return q.execute();
  },

  leaveTypes(db: Kysely<DB>) {
    return db
      .selectFrom('leave_types')
      .select(['id', 'code', 'name', 'symbol', 'paid', 'counts_as_worked', 'active'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  },
};
