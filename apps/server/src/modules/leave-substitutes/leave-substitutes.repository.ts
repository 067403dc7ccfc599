import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

function selected(db: Kysely<DB>) {
  return db
    .selectFrom('leave_substitutes as s')
    .innerJoin('users as a', 'a.id', 's.approver_id')
    .innerJoin('users as b', 'b.id', 's.substitute_id')
    .select([
      's.id',
      's.approver_id',
      'a.name as approver_name',
      's.substitute_id',
      'b.name as substitute_name',
      's.start_date',
      's.end_date',
      's.note',
      's.created_by',
      's.created_at',
    ]);
}

export type LeaveSubstituteRow = Awaited<ReturnType<ReturnType<typeof selected>['executeTakeFirstOrThrow']>>;

/** The SQL of the substitute approvers. */
export const leaveSubstitutesRepository = {
  /** Newest first, at most 500: everyone's, or those where `userId` is the approver or the substitute; `endingFrom`: those ending on or after it. */
  list(db: Kysely<DB>, f: { userId?: number; endingFrom?: string }): Promise<LeaveSubstituteRow[]> {
    let q = selected(db);
    const userId = f.userId;
    if (userId !== undefined) q = q.where((eb) => eb.or([eb('s.approver_id', '=', userId), eb('s.substitute_id', '=', userId)]));
    if (f.endingFrom) q = q.where('s.end_date', '>=', f.endingFrom);
    return q.orderBy('s.start_date', 'desc').orderBy('s.id', 'desc').limit(500).execute();
  },

  find(db: Kysely<DB>, id: number): Promise<LeaveSubstituteRow | undefined> {
    return selected(db).where('s.id', '=', id).executeTakeFirst();
  },

  /** The bare row (for the delete's check and history). */
  row(db: Kysely<DB>, id: number) {
    return db.selectFrom('leave_substitutes').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Whether the user heads a department (and so approves leave). */
  async headsADepartment(db: Kysely<DB>, userId: number): Promise<boolean> {
    return (await db.selectFrom('departments').select('id').where('head_id', '=', userId).executeTakeFirst()) !== undefined;
  },

  /** Status of each of these users that exists. */
  people(db: Kysely<DB>, ids: number[]) {
    return db.selectFrom('users').select(['id', 'status']).where('id', 'in', ids).execute();
  },

  async insert(db: Kysely<DB>, values: Insertable<DB['leave_substitutes']>): Promise<number> {
    const r = await db.insertInto('leave_substitutes').values(values).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('leave_substitutes').where('id', '=', id).execute();
  },

  /** Approvers the user stands in for on `day`. */
  async substitutedBy(db: Kysely<DB>, substituteId: number, day: string): Promise<number[]> {
    const rows = await db
      .selectFrom('leave_substitutes')
      .select('approver_id')
      .where('substitute_id', '=', substituteId)
      .where('start_date', '<=', day)
      .where('end_date', '>=', day)
      .execute();
    return [...new Set(rows.map((r) => r.approver_id))];
  },

  /** Whether `substituteId` stands in for `approverId` on `day` or later (a period not yet over). */
  async standsInFor(db: Kysely<DB>, substituteId: number, approverId: number, day: string): Promise<boolean> {
    const row = await db
      .selectFrom('leave_substitutes')
      .select('id')
      .where('substitute_id', '=', substituteId)
      .where('approver_id', '=', approverId)
      .where('end_date', '>=', day)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Substitutes of an approver on `day`. */
  substitutesOf(db: Kysely<DB>, approverId: number, day: string) {
    return db
      .selectFrom('leave_substitutes as s')
      .innerJoin('users as u', 'u.id', 's.substitute_id')
      .select(['u.id', 'u.name'])
      .where('s.approver_id', '=', approverId)
      .where('s.start_date', '<=', day)
      .where('s.end_date', '>=', day)
      .distinct()
      .execute();
  },
};
