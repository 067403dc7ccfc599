import { WORK_STATUS_LABELS } from '@qlcv/common/labels';
import type { Priority } from '@qlcv/common/schemas/requests';
import type { Work, WorkStatus } from '@qlcv/common/schemas/works';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { type DomainEventType, recordEvent } from '../../lib/domain-events';
import { conflict } from '../../lib/errors';
import { formatCode, nextSequence } from '../../lib/sequences';
import { vnYymm } from '../../lib/vn-time';
import type { WorkRow } from './works.repository';

/** The entity name of works in the audit log, the domain events and on their documents. */
export const WORK_ENTITY = 'works';
export const CLOSED_WORK: readonly string[] = ['done', 'cancelled'];

const overdueOf = (deadline: string | null, status: string, now: string) =>
  Boolean(deadline && deadline < now && !CLOSED_WORK.includes(status));

export const ref = (id: number | null, name: string | null | undefined) => (id && name ? { id, name } : null);

export function toWork(row: WorkRow, now: string): Work {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    request_id: row.request_id,
    request: row.request_id && row.request_code ? { id: row.request_id, code: row.request_code } : null,
    step_index: row.step_index,
    department_id: row.department_id,
    department: ref(row.department_id, row.department_name),
    assignee_id: row.assignee_id,
    assignee: ref(row.assignee_id, row.assignee_name),
    priority: row.priority as Priority,
    start_date: row.start_date,
    deadline: row.deadline,
    progress: Number(row.progress),
    status: row.status as WorkStatus,
    completed_at: row.completed_at,
    overdue: overdueOf(row.deadline, row.status, now),
    created_by: row.created_by,
    creator: ref(row.created_by, row.creator_name),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const workStatusLabel = (status: string) => WORK_STATUS_LABELS[status] ?? status;
export const wrongWorkState = (verb: string, status: string) =>
  conflict(`Không thể ${verb} công việc đang ở trạng thái "${workStatusLabel(status)}".`);

export const workSearchText = (w: { code: string; title: string; requestCode?: string | null }) =>
  searchText(w.code, w.title, w.requestCode);

/** A new work's code: `CV<yymm>-<n>`. */
export async function nextWorkCode(trx: Kysely<DB>): Promise<string> {
  const yymm = vnYymm();
  return `CV${yymm}-${formatCode('', await nextSequence(trx, `works:${yymm}`))}`;
}

export function workEvent(
  trx: Kysely<DB>,
  type: DomainEventType,
  workId: number,
  actor: Actor,
  payload: Record<string, unknown>,
) {
  return recordEvent(trx, { type, entity: WORK_ENTITY, entityId: workId, actorId: actor.id, payload });
}

/** What a work's history entry shows: its own fields, not what is derived or shown from elsewhere. */
export function auditable(w: WorkRow, participants: readonly { name: string }[]) {
  return {
    code: w.code,
    title: w.title,
    description: w.description,
    request_id: w.request_id,
    step_index: w.step_index,
    department_id: w.department_id,
    assignee_id: w.assignee_id,
    priority: w.priority,
    start_date: w.start_date,
    deadline: w.deadline,
    participants: participants.map((p) => p.name),
  };
}
