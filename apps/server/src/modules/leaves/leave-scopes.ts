import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { departmentsHeadedBy, headAbove } from '../departments/department-heads';
import type { DepartmentsService } from '../departments/departments.service';
import type { LeaveScope } from './leaves.repository';

export type { LeaveScope };

/** Keys that let a user create leave for the employees of their scope (`create-for-employee`). */
export const MANAGER_KEYS = ['leaves.department', 'leaves.departments', 'leaves.all'] as const;

export async function leaveScopeOf(db: Kysely<DB>, departments: DepartmentsService, actor: Actor): Promise<LeaveScope> {
  if (hasAnyPermission(actor.permissions, ['leaves.all'])) return { all: true, userId: actor.id };
  const ids = new Set<number>();
  if (hasAnyPermission(actor.permissions, ['leaves.department']) && actor.departmentId !== null) {
    for (const id of await departments.withDescendants(actor.departmentId, db)) ids.add(id);
  }
  if (hasAnyPermission(actor.permissions, ['leaves.departments'])) {
    for (const headed of await departmentsHeadedBy(db, actor.id))
      for (const id of await departments.withDescendants(headed, db)) ids.add(id);
  }
  return { all: false, userId: actor.id, departmentIds: [...ids] };
}

/** Whether an employee (by department) lies in a scope's departments. */
export function coversEmployee(scope: LeaveScope, employee: { id: number; department_id: number | null }): boolean {
  if (scope.all) return true;
  return employee.department_id !== null && scope.departmentIds.includes(employee.department_id);
}

/**
 * The approver of an employee's leave: the head of their department; for a head's own leave (or a department with no
 * head), the head of the parent department, up the tree (departments/department-heads.ts). Null when none is found:
 * the holders of `leaves.all` decide it.
 */
export const approverOf = headAbove;

/**
 * Who decides an employee's leave: the approver above them (`approverOf`), passed over while the employee stands in
 * for that approver (a substitute period not yet over) — the leave would wait for the absent approver and for the
 * employee themself, who may not decide it. Then the approver's own approver decides, up the tree; null when none is
 * left (`leaves.all` decides). `standsInFor` reads the leave substitutes, `person` the leaves repository.
 */
export async function deciderOf(
  db: Kysely<DB>,
  employee: { id: number; department_id: number | null },
  lookup: {
    standsInFor: (approverId: number) => Promise<boolean>;
    person: (id: number) => Promise<{ id: number; department_id: number | null } | undefined>;
  },
): Promise<number | null> {
  let approver = await approverOf(db, employee);
  const passed = new Set<number>([employee.id]);
  while (approver !== null && !passed.has(approver) && (await lookup.standsInFor(approver))) {
    passed.add(approver);
    const above = await lookup.person(approver);
    approver = above ? await approverOf(db, above) : null;
  }
  // Up the tree one may come back to the employee (heading the department above): nobody decides their own leave.
  return approver !== null && passed.has(approver) ? null : approver;
}
