import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The manager above an employee: the head of their department; for a head (or a department with no active head),
 * the head of the parent department, up the tree. Inactive heads are passed over. Null when none is found.
 * Leaves take it as the approver, evaluations as the reviewer.
 */
export async function headAbove(db: Kysely<DB>, employee: { id: number; department_id: number | null }): Promise<number | null> {
  let deptId = employee.department_id;
  const seen = new Set<number>();
  while (deptId !== null && !seen.has(deptId)) {
    seen.add(deptId);
    const d = await db
      .selectFrom('departments as d')
      .leftJoin('users as h', 'h.id', 'd.head_id')
      .select(['d.parent_id', 'd.head_id', 'h.status as head_status'])
      .where('d.id', '=', deptId)
      .executeTakeFirst();
    if (!d) return null;
    if (d.head_id !== null && d.head_id !== employee.id && d.head_status === 'active') return d.head_id;
    deptId = d.parent_id;
  }
  return null;
}
