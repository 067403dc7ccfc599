import type { ProcessSnapshot } from '@qlcv/common/schemas/processes';
import {
  OPEN_REQUEST_STATUSES,
  type RequestCompleteBody,
  type RequestDetail,
  type RequestStatus,
} from '@qlcv/common/schemas/requests';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import type { DomainEventType } from '../../lib/domain-events';
import { type AppError, conflict } from '../../lib/errors';
import { parseSnapshot, resultStepOf } from '../../lib/process-snapshot';
import { changeStatus } from '../../lib/status-change';
import { addHours, addMs } from '../../lib/vn-time';
import type { DocumentsService } from '../documents/documents.service';
import type { ProcessesService } from '../processes/processes.service';
import type { RequestTypesService } from '../request-types/request-types.service';
import { REQUEST_ENTITY, requestStatusLabel, wrongRequestState } from '../requests/request-states';
import type { RequestDetailRow, RequestsService } from '../requests/requests.service';
import type { StepWorksService } from '../works/step-works.service';

/** A request whose process runs: its step works may move. */
const RUNNING: readonly RequestStatus[] = ['received', 'in_progress'];

/** A process step's work as the flow needs it. */
export interface FlowWork {
  id: number;
  code: string;
  request_id: number;
  step_index: number;
  status: string;
  assignee_id: number | null;
  result_note: string | null;
  /** What the customer sees, when this work gives the result. */
  public_result: string | null;
}

type Step = ProcessSnapshot['steps'][number];

/** A step move that lost the race with another change of the request. */
const changedMeanwhile = (code: string) => conflict(`Yêu cầu ${code} vừa được người khác thay đổi. Vui lòng tải lại trang.`);

function notRunning(row: Pick<RequestDetailRow, 'code' | 'status'>): AppError {
  if (row.status === 'on_hold') return conflict(`Yêu cầu ${row.code} đang tạm dừng. Hãy tiếp tục yêu cầu trước.`);
  if (row.status === 'new') return conflict(`Yêu cầu ${row.code} chưa được tiếp nhận.`);
  return conflict(`Yêu cầu ${row.code} đã kết thúc (${requestStatusLabel(row.status)}).`);
}

export interface RequestFlowDeps {
  requests: RequestsService;
  stepWorks: StepWorksService;
  processes: ProcessesService;
  requestTypes: RequestTypesService;
  documents: DocumentsService;
}

/**
 * The request flow of PRODUCT.md §3, in one place: a request is received (its process frozen, the first step's work
 * created), each step's work moves it (started → in progress; done → the next step's work, or after the last step
 * the request completed with its result; sent back → the previous step's work again), and it may be held, resumed,
 * rejected, cancelled or completed by hand. The requests and works modules do not call each other: the request's
 * verbs come here from the requests routes, and a step work's status changes (works/work-status.service.ts) call
 * the step moves below inside their own transaction.
 */
export class RequestFlowService {
  private readonly requests: RequestsService;
  private readonly stepWorks: StepWorksService;
  private readonly processes: ProcessesService;
  private readonly requestTypes: RequestTypesService;
  private readonly documents: DocumentsService;

  constructor(
    private readonly db: Kysely<DB>,
    deps: RequestFlowDeps,
  ) {
    this.requests = deps.requests;
    this.stepWorks = deps.stepWorks;
    this.processes = deps.processes;
    this.requestTypes = deps.requestTypes;
    this.documents = deps.documents;
  }

  // ---- the request's verbs ------------------------------------------------------------------------------------

  /** One status change of the request in its own transaction (lib/status-change.ts), then its page. */
  private async transit(
    actor: Actor,
    id: number,
    spec: {
      verb: string;
      from: readonly RequestStatus[];
      action: string;
      event: DomainEventType;
      prepare: (trx: Kysely<DB>, row: RequestDetailRow, now: string) => Promise<Record<string, unknown>>;
      after?: (trx: Kysely<DB>, row: RequestDetailRow) => Promise<Record<string, unknown> | undefined>;
      payload?: () => Record<string, unknown>;
    },
  ): Promise<RequestDetail> {
    const { after, payload } = spec;
    await this.db.transaction().execute(async (trx) => {
      const row = await this.requests.row(trx, id);
      await changeStatus(trx, actor, {
        entity: REQUEST_ENTITY,
        id,
        row,
        from: spec.from,
        wrongState: (status) => wrongRequestState(spec.verb, status),
        values: (now) => spec.prepare(trx, row, now),
        write: (values) => this.requests.transition(trx, id, spec.from, values),
        statusNow: async () => (await this.requests.row(trx, id)).status,
        after: after && (() => after(trx, row)),
        action: spec.action,
        event: spec.event,
        payload,
        unaudited: ['process_snapshot'],
      });
    });
    return this.requests.detail(actor, id);
  }

  /** A step's work for the request, inside the flow's transaction. */
  private stepWork(trx: Kysely<DB>, row: RequestDetailRow, step: Step, assigneeId: number | null, actor: Actor, note?: string) {
    return this.stepWorks.create(
      trx,
      { requestId: row.id, requestCode: row.code, requestTitle: row.title, priority: row.priority, step, assigneeId, note },
      actor,
    );
  }

  /**
   * `new` → `received`: freezes the type's process as the request's snapshot, sets the due time to the sum of the
   * steps' SLAs from now, and creates the first step's work for the step's default assignee.
   */
  receive(actor: Actor, id: number): Promise<RequestDetail> {
    let snapshot: ProcessSnapshot;
    return this.transit(actor, id, {
      verb: 'tiếp nhận',
      from: ['new'],
      action: 'receive',
      event: 'request.received',
      prepare: async (trx, row, now) => {
        const type = await this.requestTypes.get(row.request_type_id, trx);
        if (!type.process_id) throw conflict(`Loại yêu cầu "${type.name}" chưa gắn quy trình xử lý nên chưa thể tiếp nhận.`);
        snapshot = await this.processes.snapshot(type.process_id, trx);
        const hours = snapshot.steps.reduce((sum, s) => sum + s.duration_hours, 0);
        return {
          status: 'received',
          process_snapshot: JSON.stringify(snapshot),
          received_at: now,
          due_at: addHours(now, hours),
          current_step: 1,
        };
      },
      after: async (trx, row) => {
        const first = snapshot.steps[0] as Step;
        const work = await this.stepWork(trx, row, first, first.default_assignee_id, actor);
        return { process: [null, snapshot.process.name], work: [null, work.code] };
      },
    });
  }

  /** `received` / `in_progress` → `on_hold` with a reason; the SLA clock stops until it resumes. */
  hold(actor: Actor, id: number, reason: string): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'tạm dừng',
      from: RUNNING,
      action: 'hold',
      event: 'request.on_hold',
      prepare: async (_trx, row, now) => ({
        status: 'on_hold',
        hold_status: row.status,
        on_hold_since: now,
        status_reason: reason,
      }),
      payload: () => ({ reason }),
    });
  }

  /**
   * `on_hold` → the status it had: the due time, and the deadlines of its open works, move later by the time spent on
   * hold.
   */
  resume(actor: Actor, id: number): Promise<RequestDetail> {
    let heldMs = 0;
    return this.transit(actor, id, {
      verb: 'tiếp tục',
      from: ['on_hold'],
      action: 'resume',
      event: 'request.resumed',
      prepare: async (_trx, row, now) => {
        heldMs = row.on_hold_since ? Math.max(0, new Date(now).getTime() - new Date(row.on_hold_since).getTime()) : 0;
        return {
          status: row.hold_status === 'in_progress' ? 'in_progress' : 'received',
          hold_status: null,
          on_hold_since: null,
          status_reason: null,
          due_at: row.due_at ? addMs(row.due_at, heldMs) : null,
        };
      },
      after: async (trx, row) => {
        await this.stepWorks.shiftOpenDeadlines(trx, row.id, heldMs);
        return undefined;
      },
      payload: () => ({ held_ms: heldMs }),
    });
  }

  /** `new` / `received` → `rejected` with a reason; its open works are cancelled. */
  reject(actor: Actor, id: number, reason: string): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'từ chối',
      from: ['new', 'received'],
      action: 'reject',
      event: 'request.rejected',
      prepare: async () => ({ status: 'rejected', status_reason: reason }),
      after: async (trx, row) => {
        await this.stepWorks.cancelOpenOfRequest(trx, row.id, `Yêu cầu ${row.code} bị từ chối: ${reason}`, actor);
        return undefined;
      },
      payload: () => ({ reason }),
    });
  }

  /** Any open status → `cancelled`; its open works are cancelled. */
  cancel(actor: Actor, id: number, reason: string | null | undefined): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'hủy',
      from: OPEN_REQUEST_STATUSES,
      action: 'cancel',
      event: 'request.cancelled',
      prepare: async () => ({ status: 'cancelled', status_reason: reason ?? null, hold_status: null, on_hold_since: null }),
      after: async (trx, row) => {
        const why = reason ? `Yêu cầu ${row.code} đã hủy: ${reason}` : `Yêu cầu ${row.code} đã hủy.`;
        await this.stepWorks.cancelOpenOfRequest(trx, row.id, why, actor);
        return undefined;
      },
      payload: () => ({ reason: reason ?? null }),
    });
  }

  /**
   * Manual completion by a request editor, for a request whose process cannot finish by itself (its step work was
   * cancelled): allowed from `received` / `in_progress` only when none of its process-step works is open. The
   * documents given become its public result documents.
   */
  complete(actor: Actor, id: number, body: RequestCompleteBody): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'hoàn thành',
      from: RUNNING,
      action: 'complete',
      event: 'request.completed',
      prepare: async (trx, row, now) => {
        const open = await this.stepWorks.openCount(trx, row.id);
        if (open > 0) {
          throw conflict(
            `Yêu cầu còn ${open} công việc của quy trình chưa xong. Yêu cầu sẽ tự hoàn thành khi bước cuối hoàn thành; ` +
              'chỉ hoàn thành thủ công khi không còn công việc nào đang mở.',
          );
        }
        // Written by hand for the request, this result is what its customer reads too.
        return { status: 'completed', completed_at: now, result_text: body.result_text, public_result: body.result_text };
      },
      after: async (trx, row) => {
        const attached = await this.documents.attachDocuments(trx, body.document_ids, REQUEST_ENTITY, row.id, actor);
        const ids = attached.map((d) => d.id);
        const published = await this.documents.publish(trx, ids, REQUEST_ENTITY, row.id);
        return published.length > 0 ? { result_documents: [null, published.map((d) => d.original_name)] } : undefined;
      },
      payload: () => ({ manual: true }),
    });
  }

  // ---- the step moves, inside a step work's status change -------------------------------------------------------

  /** Locks the request's row first, so a step work's change and its request's change never deadlock. */
  lock(trx: Kysely<DB>, requestId: number): Promise<void> {
    return this.requests.lock(trx, requestId);
  }

  /** Refuses (409) to move a step work while its request is on hold or closed. */
  async assertRunning(trx: Kysely<DB>, requestId: number): Promise<void> {
    const row = await this.requests.row(trx, requestId);
    if (!RUNNING.includes(row.status as RequestStatus)) throw notRunning(row);
  }

  /** The request of a step work that moves: running, with its process, and at that work's step. */
  private async flowRequest(trx: Kysely<DB>, work: FlowWork): Promise<{ row: RequestDetailRow; snapshot: ProcessSnapshot }> {
    const row = await this.requests.row(trx, work.request_id);
    if (!RUNNING.includes(row.status as RequestStatus)) throw notRunning(row);
    const snapshot = parseSnapshot(row.process_snapshot);
    if (!snapshot) throw conflict(`Yêu cầu ${row.code} chưa có quy trình xử lý.`);
    if (work.step_index !== row.current_step) {
      throw conflict(`Công việc ${work.code} không thuộc bước hiện tại của yêu cầu ${row.code}.`);
    }
    return { row, snapshot };
  }

  /** Moves the request from step `n` (still its step, still running) with `values`; 409 when it changed meanwhile. */
  private async moveFrom(trx: Kysely<DB>, row: RequestDetailRow, n: number, values: Record<string, unknown>) {
    if (!(await this.requests.transition(trx, row.id, RUNNING, values, { currentStep: n }))) throw changedMeanwhile(row.code);
  }

  private async stepChanged(
    trx: Kysely<DB>,
    actor: Actor,
    row: RequestDetailRow,
    change: { from: number; to: number; status: string; action: string; work: { id: number; code: string }; reason?: string },
  ) {
    const changes: Record<string, unknown> = { current_step: [change.from, change.to], work: [null, change.work.code] };
    if (change.status !== row.status) changes.status = [row.status, change.status];
    if (change.reason) changes.reason = [null, change.reason];
    await writeAudit(trx, actor, { entity: REQUEST_ENTITY, entityId: row.id, action: change.action, changes });
    await this.requests.event(trx, 'request.step_changed', row.id, actor, {
      code: row.code,
      from_step: change.from,
      to_step: change.to,
      work_id: change.work.id,
      ...(change.reason ? { reason: change.reason, sent_back: true } : {}),
    });
    if (change.status !== row.status) {
      await this.requests.event(trx, 'request.in_progress', row.id, actor, {
        code: row.code,
        from: row.status,
        to: change.status,
      });
    }
  }

  /** The first work that starts puts a received request in progress. */
  async workStarted(trx: Kysely<DB>, work: FlowWork, actor: Actor): Promise<void> {
    const row = await this.requests.row(trx, work.request_id);
    if (row.status !== 'received') return;
    if (!(await this.requests.transition(trx, row.id, ['received'], { status: 'in_progress', updated_at: nowIso() }))) return;
    await writeAudit(trx, actor, {
      entity: REQUEST_ENTITY,
      entityId: row.id,
      action: 'start',
      changes: { status: ['received', 'in_progress'], work: [null, work.code] },
    });
    await this.requests.event(trx, 'request.in_progress', row.id, actor, {
      code: row.code,
      from: 'received',
      to: 'in_progress',
      work_id: work.id,
    });
  }

  /**
   * A step's work is done: the next step's work is created, or, after the last step, the request is completed with
   * the result of the step marked as giving the result (the last step when none is marked): its result note becomes
   * the request's result text for staff, and what its completion chose for the customer (its public text and the
   * documents it marked public) becomes the public result; nothing else of it is published.
   */
  async workCompleted(trx: Kysely<DB>, work: FlowWork, actor: Actor): Promise<void> {
    const { row, snapshot } = await this.flowRequest(trx, work);
    const n = work.step_index;
    const now = nowIso();
    const next = snapshot.steps.find((s) => s.position === n + 1);
    if (next) {
      await this.moveFrom(trx, row, n, { current_step: n + 1, status: 'in_progress', updated_at: now });
      const created = await this.stepWork(trx, row, next, next.default_assignee_id, actor);
      await this.stepChanged(trx, actor, row, { from: n, to: n + 1, status: 'in_progress', action: 'step', work: created });
      return;
    }
    const resultStep = resultStepOf(snapshot);
    const resultWork =
      resultStep && resultStep.position !== n
        ? ((await this.stepWorks.lastOfStep(trx, row.id, resultStep.position, 'done')) ?? work)
        : work;
    const resultText = resultWork.result_note ?? work.result_note;
    const publicResult = resultWork.public_result;
    const values = { status: 'completed', completed_at: now, result_text: resultText, public_result: publicResult };
    await this.moveFrom(trx, row, n, { ...values, updated_at: now });
    const chosen = (await this.stepWorks.documentsOf(trx, resultWork.id)).filter((d) => d.is_public);
    const ids = chosen.map((d) => d.id);
    const published = await this.documents.publish(trx, ids, REQUEST_ENTITY, row.id);
    const changes: Record<string, unknown> = {
      status: [row.status, 'completed'],
      completed_at: [null, now],
      result_text: [row.result_text, resultText],
      work: [null, work.code],
    };
    if (publicResult) changes.public_result = [null, publicResult];
    if (published.length > 0) changes.result_documents = [null, published.map((d) => d.original_name)];
    await writeAudit(trx, actor, { entity: REQUEST_ENTITY, entityId: row.id, action: 'complete', changes });
    await this.requests.event(trx, 'request.completed', row.id, actor, {
      code: row.code,
      from: row.status,
      to: 'completed',
      work_id: work.id,
      result_work_id: resultWork.id,
      result_document_ids: published.map((d) => d.id),
    });
  }

  /**
   * A step's work sent back: the request returns to the previous step, whose work is created again for whoever did
   * it last (or the step's default assignee), with the reason in its description.
   */
  async workSentBack(trx: Kysely<DB>, work: FlowWork, reason: string, actor: Actor): Promise<void> {
    const { row, snapshot } = await this.flowRequest(trx, work);
    const n = work.step_index;
    const current = snapshot.steps.find((s) => s.position === n);
    const previous = snapshot.steps.find((s) => s.position === n - 1);
    if (!previous) throw conflict('Đây là bước đầu tiên của quy trình, không có bước trước để trả lại.');
    const lastDone = await this.stepWorks.lastOfStep(trx, row.id, previous.position, 'done');
    await this.moveFrom(trx, row, n, { current_step: n - 1, updated_at: nowIso() });
    const note = `Bước "${current?.name ?? n}" trả lại (${work.code}): ${reason}`;
    const created = await this.stepWork(trx, row, previous, lastDone?.assignee_id ?? previous.default_assignee_id, actor, note);
    await this.stepChanged(trx, actor, row, {
      from: n,
      to: n - 1,
      status: row.status,
      action: 'send_back',
      work: created,
      reason,
    });
  }
}
