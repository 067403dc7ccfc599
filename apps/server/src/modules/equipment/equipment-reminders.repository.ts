import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The equipment the calibration reminder reads and the mark it leaves (equipment-calibration.job.ts). */
export const equipmentRemindersRepository = {
  /**
   * Equipment in use whose due date is on or before `until` (lapsed ones included) and not yet reminded of for that
   * date, with its keeping department and that department's head.
   */
  due(db: Kysely<DB>, until: string, limit: number) {
    return db
      .selectFrom('equipment as e')
      .leftJoin('departments as d', 'd.id', 'e.department_id')
      .select([
        'e.id',
        'e.code',
        'e.name',
        'e.kind',
        'e.calibration_due',
        'e.created_by',
        'e.department_id',
        'd.name as department_name',
        'd.head_id',
      ])
      .where('e.active', '=', 1)
      .where('e.calibration_due', 'is not', null)
      .where('e.calibration_due', '<=', until)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('equipment_reminders as x')
              .select('x.equipment_id')
              .whereRef('x.equipment_id', '=', 'e.id')
              .whereRef('x.due_date', '=', 'e.calibration_due'),
          ),
        ),
      )
      .orderBy('e.id')
      .limit(limit)
      .execute();
  },

  /** Records the reminder of an equipment and due date, only if no one did meanwhile: whether this call did. */
  async mark(db: Kysely<DB>, equipmentId: number, dueDate: string, at: string): Promise<boolean> {
    const rows = await db
      .insertInto('equipment_reminders')
      .values({ equipment_id: equipmentId, due_date: dueDate, created_at: at })
      .onConflict((oc) => oc.columns(['equipment_id', 'due_date']).doNothing())
      .returning('equipment_id')
      .execute();
    return rows.length > 0;
  },
};
