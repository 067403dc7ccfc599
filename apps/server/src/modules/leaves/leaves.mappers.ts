import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Leave, LeaveHalf, LeaveStatus } from '@qlcv/common/schemas/leaves';
import type { Actor } from '../../lib/audit';
import { coversEmployee, type LeaveScope } from './leave-scopes';
import type { LeaveRow } from './leaves.repository';

export const LEAVE_ENTITY = 'leaves';

/** What the caller may do with a leave; `substituteFor`: approvers they stand in for today. */
export interface LeaveContext {
  actor: Actor;
  scope: LeaveScope;
  substituteFor: readonly number[];
  today: string;
}

const ref = (id: number | null, name: string | null | undefined) => (id !== null && name ? { id, name } : null);

/** The approver, an active substitute of theirs, `leaves.all`, or a manager of the employee's department. */
export function mayDecide(row: Pick<LeaveRow, 'user_id' | 'approver_id' | 'department_id' | 'status'>, c: LeaveContext): boolean {
  if (row.user_id === c.actor.id) return false;
  if (c.scope.all) return true;
  if (row.approver_id !== null && (row.approver_id === c.actor.id || c.substituteFor.includes(row.approver_id))) return true;
  return coversEmployee(c.scope, { id: row.user_id, department_id: row.department_id });
}

/** The employee while pending, or a holder of leaves.edit / leaves.departments / leaves.all in scope; pending only. */
export function mayEdit(row: Pick<LeaveRow, 'user_id' | 'department_id' | 'status'>, c: LeaveContext): boolean {
  if (row.status !== 'pending') return false;
  // One's own pending leave: whoever reached the route (leaves.create or a manager's key).
  if (row.user_id === c.actor.id) return true;
  if (!hasAnyPermission(c.actor.permissions, ['leaves.edit', 'leaves.departments', 'leaves.all'])) return false;
  return coversEmployee(c.scope, { id: row.user_id, department_id: row.department_id });
}

/** The employee: pending any time, approved before it starts; leaves.all any time. */
export function mayCancel(row: Pick<LeaveRow, 'user_id' | 'status' | 'start_date'>, c: LeaveContext): boolean {
  if (row.status !== 'pending' && row.status !== 'approved') return false;
  if (c.scope.all) return true;
  if (row.user_id !== c.actor.id) return false;
  return row.status === 'pending' || row.start_date > c.today;
}

export function toLeave(r: LeaveRow, c: LeaveContext): Leave {
  return {
    id: r.id,
    code: r.code,
    user_id: r.user_id,
    user: {
      id: r.user_id,
      code: r.user_code,
      name: r.user_name,
      department: r.department_id !== null && r.department_name ? { id: r.department_id, name: r.department_name } : null,
    },
    leave_type_id: r.leave_type_id,
    type: { id: r.leave_type_id, code: r.type_code, name: r.type_name, symbol: r.type_symbol },
    start_date: r.start_date,
    start_half: r.start_half as LeaveHalf,
    end_date: r.end_date,
    end_half: r.end_half as LeaveHalf,
    days: r.half_days / 2,
    reason: r.reason,
    status: r.status as LeaveStatus,
    approver_id: r.approver_id,
    approver: ref(r.approver_id, r.approver_name),
    decided_by: ref(r.decided_by, r.decided_by_name),
    decided_at: r.decided_at,
    decision_note: r.decision_note,
    created_by: r.created_by,
    created_by_user: ref(r.created_by, r.created_by_name),
    can: {
      edit: mayEdit(r, c),
      cancel: mayCancel(r, c),
      approve: r.status === 'pending' && mayDecide(r, c),
    },
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
