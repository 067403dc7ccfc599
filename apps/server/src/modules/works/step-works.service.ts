import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { OPEN_WORK_STATUSES } from '@qlcv/common/schemas/works';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { addHours, addMs, vnToday } from '../../lib/vn-time';
import type { DocumentsService } from '../documents/documents.service';
import { nextWorkCode, WORK_ENTITY, workEvent, workSearchText } from './works.mappers';
import { worksRepository as repo } from './works.repository';

/** A process step's work, as the request flow asks for it. */
export interface StepWorkInput {
  requestId: number;
  requestCode: string;
  requestTitle: string;
  priority: string;
  step: { position: number; name: string; department_id: number | null; duration_hours: number };
  assigneeId: number | null;
  /** A note for the assignee (the reason a step was sent back). */
  note?: string | null;
}

/**
 * The works of a request's process steps, as the request flow makes and closes them, each inside the flow's
 * transaction.
 */
export class StepWorksService {
  constructor(private readonly documents: DocumentsService) {}

  /** Creates a process step's work: the step's department, the given assignee, a deadline of the step's SLA from now. */
  async create(trx: Kysely<DB>, input: StepWorkInput, actor: Actor): Promise<{ id: number; code: string }> {
    // A default assignee locked since the process was written is not given the work: the department assigns it.
    const [assignee] = input.assigneeId ? await repo.activeUsers(trx, [input.assigneeId]) : [];
    const assigneeId = assignee ? assignee.id : null;
    const code = await nextWorkCode(trx);
    const now = nowIso();
    const title = `${input.step.name} – ${input.requestCode}`.slice(0, 255);
    const description = [input.note, input.requestTitle].filter(Boolean).join('\n\n');
    const id = await repo.insert(trx, {
      code,
      title,
      description: description || null,
      request_id: input.requestId,
      step_index: input.step.position,
      department_id: input.step.department_id,
      assignee_id: assigneeId,
      priority: input.priority,
      start_date: vnToday(),
      deadline: addHours(now, input.step.duration_hours),
      status: 'todo',
      search_text: workSearchText({ code, title, requestCode: input.requestCode }),
      created_at: now,
      updated_at: now,
      created_by: actor.id,
    });
    await writeAudit(trx, actor, {
      entity: WORK_ENTITY,
      entityId: id,
      action: 'create',
      changes: {
        title: [null, title],
        request: [null, input.requestCode],
        step_index: [null, input.step.position],
        assignee_id: [null, assigneeId],
        department_id: [null, input.step.department_id],
      },
    });
    await workEvent(trx, 'work.created', id, actor, { code, request_id: input.requestId, step_index: input.step.position });
    if (assigneeId) {
      await workEvent(trx, 'work.assigned', id, actor, {
        code,
        assignee_id: assigneeId,
        request_id: input.requestId,
        step_index: input.step.position,
      });
    }
    return { id, code };
  }

  /** Cancels every open work of a request (the request was cancelled or rejected). */
  async cancelOpenOfRequest(trx: Kysely<DB>, requestId: number, reason: string, actor: Actor): Promise<number> {
    const open = await repo.openOfRequest(trx, requestId);
    const now = nowIso();
    let cancelled = 0;
    for (const w of open) {
      const values = { status: 'cancelled', status_reason: reason, hold_status: null, updated_at: now };
      if (!(await repo.transition(trx, w.id, OPEN_WORK_STATUSES, values))) continue;
      cancelled += 1;
      await writeAudit(trx, actor, {
        entity: WORK_ENTITY,
        entityId: w.id,
        action: 'cancel',
        changes: { status: [w.status, 'cancelled'], status_reason: [null, reason] },
      });
      await workEvent(trx, 'work.cancelled', w.id, actor, {
        code: w.code,
        from: w.status,
        to: 'cancelled',
        request_id: requestId,
        reason,
      });
    }
    return cancelled;
  }

  /** How many of the request's process-step works are still open. */
  async openCount(trx: Kysely<DB>, requestId: number): Promise<number> {
    return (await repo.openOfRequest(trx, requestId, { stepsOnly: true })).length;
  }

  /** Pushes the deadlines of a request's open works later by `ms` (the time the request spent on hold). */
  async shiftOpenDeadlines(trx: Kysely<DB>, requestId: number, ms: number): Promise<void> {
    const open = await repo.openOfRequest(trx, requestId);
    const moved = open.filter((w) => w.deadline).map((w) => ({ id: w.id, deadline: addMs(w.deadline as string, ms) }));
    await repo.shiftOpenDeadlines(trx, requestId, moved, nowIso());
  }

  /** The latest done work of a step, or any not cancelled one; for a result or a step sent back. */
  lastOfStep(trx: Kysely<DB>, requestId: number, stepIndex: number, status?: 'done') {
    return repo.lastOfStep(trx, requestId, stepIndex, status);
  }

  /** The documents attached to a work. */
  documentsOf(trx: Kysely<DB>, workId: number): Promise<DocumentRecord[]> {
    return this.documents.listFor(WORK_ENTITY, workId, trx);
  }
}
