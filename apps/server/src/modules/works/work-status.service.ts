import { OPEN_WORK_STATUSES, type WorkCompleteBody, type WorkDetail, type WorkStatus } from '@qlcv/common/schemas/works';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import type { DomainEventType } from '../../lib/domain-events';
import { conflict, invalid } from '../../lib/errors';
import { changeStatus } from '../../lib/status-change';
import { vnToday } from '../../lib/vn-time';
import type { DocumentsService } from '../documents/documents.service';
import type { FlowWork, RequestFlowService } from '../request-flow/request-flow.service';
import { WORK_ENTITY, workStatusLabel, wrongWorkState } from './works.mappers';
import { worksRepository as repo, type WorkRow } from './works.repository';
import type { WorksService } from './works.service';

/** A process step's work as the request flow needs it; null for a work outside a process. */
function flowWork(row: WorkRow): FlowWork | null {
  if (!row.request_id || row.step_index === null) return null;
  return {
    id: row.id,
    code: row.code,
    request_id: row.request_id,
    step_index: row.step_index,
    status: row.status,
    assignee_id: row.assignee_id,
    result_note: row.result_note,
    public_result: row.public_result,
  };
}

interface WorkChange {
  verb: string;
  from: readonly string[];
  to: WorkStatus;
  action: string;
  event: DomainEventType;
  values?: (row: WorkRow, now: string) => Record<string, unknown>;
  check?: (trx: Kysely<DB>, row: WorkRow) => Promise<void>;
  after?: (trx: Kysely<DB>, row: WorkRow) => Promise<Record<string, unknown> | undefined>;
  payload?: Record<string, unknown>;
}

/**
 * A work's status and progress. A process step's work moves its request through the request flow, in the same
 * transaction: started → the request in progress; done → the next step or the request completed; sent back → the
 * previous step again.
 */
export class WorkStatusService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly works: WorksService,
    private readonly flow: RequestFlowService,
    private readonly documents: DocumentsService,
  ) {}

  /** One status change (lib/status-change.ts), then the request's step move, then the work's page. */
  private async change(actor: Actor, id: number, spec: WorkChange): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const scope = await this.works.scopeOf(actor, trx);
      const found = await this.works.editableRow(trx, actor, id, scope);
      // A process step's work moves its request: the request is locked first, as the request's own changes do.
      if (found.request_id && found.step_index !== null) await this.flow.lock(trx, found.request_id);
      const row = (await repo.find(trx, id)) as WorkRow;
      const { after } = spec;
      await changeStatus(trx, actor, {
        entity: WORK_ENTITY,
        id,
        row,
        from: spec.from,
        wrongState: (status) => wrongWorkState(spec.verb, status),
        values: async (now) => {
          await spec.check?.(trx, row);
          return { status: spec.to, ...(spec.values?.(row, now) ?? {}) };
        },
        write: (values) => repo.transition(trx, id, spec.from, values),
        statusNow: async () => (await repo.find(trx, id))?.status,
        after: after && (() => after(trx, row)),
        action: spec.action,
        event: spec.event,
        payload: () => ({ request_id: row.request_id, ...(spec.payload ?? {}) }),
      });
      const fresh = (await repo.find(trx, id)) as WorkRow;
      const work = flowWork(fresh);
      if (work && spec.event === 'work.started') await this.flow.workStarted(trx, work, actor);
      if (work && spec.event === 'work.completed') await this.flow.workCompleted(trx, work, actor);
      return this.works.detailOf(trx, actor, fresh, scope);
    });
  }

  /** A step's work may only move while its request runs. */
  private async assertRequestRunning(trx: Kysely<DB>, row: WorkRow) {
    if (row.request_id && row.step_index !== null) await this.flow.assertRunning(trx, row.request_id);
  }

  start(actor: Actor, id: number): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'bắt đầu',
      from: ['todo'],
      to: 'in_progress',
      action: 'start',
      event: 'work.started',
      check: (trx, row) => this.assertRequestRunning(trx, row),
      values: (row, now) => ({ started_at: row.started_at ?? now, start_date: row.start_date ?? vnToday() }),
    });
  }

  hold(actor: Actor, id: number, reason: string): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'tạm dừng',
      from: ['todo', 'in_progress'],
      to: 'on_hold',
      action: 'hold',
      event: 'work.on_hold',
      values: (row) => ({ hold_status: row.status, status_reason: reason }),
      payload: { reason },
    });
  }

  resume(actor: Actor, id: number): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'tiếp tục',
      from: ['on_hold'],
      to: 'in_progress',
      action: 'resume',
      event: 'work.resumed',
      // The status it had when put on hold; `to` above is overwritten by `values`.
      values: (row) => ({ status: row.hold_status === 'todo' ? 'todo' : 'in_progress', hold_status: null, status_reason: null }),
    });
  }

  /**
   * Done, with the result note for staff and its documents. The work that gives its request the result also says
   * what the customer sees (`public_result`, and which of its documents: `public_document_ids`); nothing else of it
   * is ever published. Any other work giving those answers 422.
   */
  complete(actor: Actor, id: number, body: WorkCompleteBody): Promise<WorkDetail> {
    let givesResult = false;
    return this.change(actor, id, {
      verb: 'hoàn thành',
      from: ['todo', 'in_progress'],
      to: 'done',
      action: 'complete',
      event: 'work.completed',
      check: async (trx, row) => {
        await this.assertRequestRunning(trx, row);
        givesResult = await this.works.givesResult(trx, row);
        if (!givesResult && (body.public_result || body.public_document_ids?.length)) {
          throw invalid(
            body.public_result ? 'public_result' : 'public_document_ids',
            'Chỉ công việc của bước trả kết quả cho khách hàng mới chọn được nội dung và tệp gửi khách hàng.',
          );
        }
      },
      values: (row, now) => ({
        progress: 100,
        result_note: body.result_note,
        ...(givesResult ? { public_result: body.public_result ?? null } : {}),
        completed_at: now,
        started_at: row.started_at ?? now,
        status_reason: null,
      }),
      after: async (trx) => {
        const docs = await this.documents.attachDocuments(trx, body.document_ids, WORK_ENTITY, id, actor);
        const changes: Record<string, unknown> = {};
        if (docs.length > 0) changes.result_documents = [null, docs.map((d) => d.original_name)];
        if (givesResult) {
          const chosen = body.public_document_ids ?? [];
          const all = await this.documents.choosePublic(trx, WORK_ENTITY, id, chosen, 'public_document_ids');
          const shown = all.filter((d) => d.is_public).map((d) => d.original_name);
          if (shown.length > 0) changes.public_documents = [null, shown];
        }
        return Object.keys(changes).length > 0 ? changes : undefined;
      },
    });
  }

  cancel(actor: Actor, id: number, reason: string | null | undefined): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'hủy',
      from: OPEN_WORK_STATUSES,
      to: 'cancelled',
      action: 'cancel',
      event: 'work.cancelled',
      values: () => ({ status_reason: reason ?? null, hold_status: null }),
      payload: { reason: reason ?? null },
    });
  }

  /**
   * Sends a process step's work back to the previous step: this work is cancelled with the reason, the previous
   * step's work is created again and the request goes back one step. Not for the first step, nor a work outside a
   * process.
   */
  sendBack(actor: Actor, id: number, reason: string): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'trả lại',
      from: OPEN_WORK_STATUSES,
      to: 'cancelled',
      action: 'send_back',
      event: 'work.sent_back',
      check: async (trx, row) => {
        if (!row.request_id || row.step_index === null) {
          throw conflict('Chỉ công việc thuộc một bước của quy trình mới trả lại được bước trước.');
        }
        if (row.step_index <= 1) throw conflict('Đây là bước đầu tiên của quy trình, không có bước trước để trả lại.');
        await this.assertRequestRunning(trx, row);
      },
      values: () => ({ status_reason: reason, hold_status: null }),
      after: async (trx, row) => {
        const work = flowWork(row);
        if (work) await this.flow.workSentBack(trx, work, reason, actor);
        return undefined;
      },
      payload: { reason },
    });
  }

  async setProgress(actor: Actor, id: number, progress: number): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const scope = await this.works.scopeOf(actor, trx);
      const row = await this.works.editableRow(trx, actor, id, scope);
      if (row.status !== 'in_progress') {
        throw conflict(
          row.status === 'todo'
            ? 'Hãy bắt đầu công việc trước khi cập nhật tiến độ.'
            : `Không thể cập nhật tiến độ của công việc đang ở trạng thái "${workStatusLabel(row.status)}".`,
        );
      }
      if (!(await repo.transition(trx, id, ['in_progress'], { progress, updated_at: nowIso() }))) {
        throw conflict('Công việc vừa được người khác thay đổi trạng thái. Vui lòng tải lại trang.');
      }
      await writeAudit(trx, actor, {
        entity: WORK_ENTITY,
        entityId: id,
        action: 'progress',
        changes: { progress: [Number(row.progress), progress] },
      });
      return this.works.detailOf(trx, actor, (await repo.find(trx, id)) as WorkRow, scope);
    });
  }
}
