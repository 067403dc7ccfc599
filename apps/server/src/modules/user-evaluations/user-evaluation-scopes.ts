import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { departmentsHeadedBy } from '../departments/department-heads';
import type { DepartmentsService } from '../departments/departments.service';

/** Keys of HR: see every user evaluation, approve, return, and stand in for a missing reviewer. */
export const HR_KEYS = ['user_evaluations.edit', 'evaluations.edit'] as const;

/**
 * Whose user evaluations a caller sees (issue 12): their own, those they review, and those of the departments they
 * head with their sub-departments (a parent department's head sees the sub-departments'); HR keys see all. The
 * department is the one the employee was in when the period opened (`user_evaluations.department_id`).
 */
export type UserEvaluationScope =
  | { all: true; userId: number }
  | { all: false; userId: number; departmentIds: readonly number[] };

export const isHr = (actor: Actor) => hasAnyPermission(actor.permissions, [...HR_KEYS]);

export async function userEvaluationScopeOf(
  db: Kysely<DB>,
  departments: DepartmentsService,
  actor: Actor,
): Promise<UserEvaluationScope> {
  if (isHr(actor)) return { all: true, userId: actor.id };
  const ids = new Set<number>();
  const headed = await departmentsHeadedBy(db, actor.id);
  for (const d of headed) for (const id of await departments.withDescendants(d, db)) ids.add(id);
  return { all: false, userId: actor.id, departmentIds: [...ids] };
}

export function seesUserEvaluation(
  scope: UserEvaluationScope,
  row: { employee_id: number; reviewer_id: number | null; department_id: number | null },
): boolean {
  if (scope.all || row.employee_id === scope.userId || row.reviewer_id === scope.userId) return true;
  return row.department_id !== null && scope.departmentIds.includes(row.department_id);
}
