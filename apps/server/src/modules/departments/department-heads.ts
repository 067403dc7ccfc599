import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { departmentsRepository as repo } from './departments.repository';

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
    const d = await repo.headLink(db, deptId);
    if (!d) return null;
    if (d.head_id !== null && d.head_id !== employee.id && d.head_status === 'active') return d.head_id;
    deptId = d.parent_id;
  }
  return null;
}

/** The ids of the departments a user heads, in id order (the session's `headed_department_ids`, leave and evaluation scopes). */
export function departmentsHeadedBy(db: Kysely<DB>, userId: number): Promise<number[]> {
  return repo.headedIds(db, userId);
}
