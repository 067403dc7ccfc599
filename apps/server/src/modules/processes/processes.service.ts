import type { Paginated } from '@qlcv/common/schemas/common';
import {
  MAX_PROCESS_STEPS,
  PROCESS_SORTS,
  type Process,
  type ProcessCreateBody,
  type ProcessDetail,
  type ProcessListQuery,
  type ProcessOption,
  type ProcessSnapshot,
  type ProcessStep,
  type ProcessStepBody,
  type ProcessStepCreateBody,
  type ProcessStepOrderBody,
  type ProcessStepUpdateBody,
  type ProcessUpdateBody,
} from '@qlcv/common/schemas/processes';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DialectKind } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { likePattern } from '../../lib/vi-search';
import { type ProcessRow, processesRepository as repo, type StepRow } from './processes.repository';

const NOT_FOUND = 'Không tìm thấy quy trình.';
const STEP_NOT_FOUND = 'Không tìm thấy bước quy trình.';
const ONE_RESULT_STEP = 'Chỉ một bước của quy trình được đánh dấu trả kết quả cho khách hàng.';

function toProcess(row: ProcessRow): Process {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    active: Number(row.active) === 1,
    steps_count: Number(row.steps_count ?? 0),
    total_duration_hours: Number(row.total_duration_hours ?? 0),
    request_types_count: Number(row.request_types_count ?? 0),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toStep(row: StepRow): ProcessStep {
  return {
    id: row.id,
    process_id: row.process_id,
    position: row.position,
    name: row.name,
    description: row.description,
    department_id: row.department_id,
    department: row.department_id && row.department_name ? { id: row.department_id, name: row.department_name } : null,
    default_assignee_id: row.default_assignee_id,
    default_assignee:
      row.default_assignee_id && row.assignee_name ? { id: row.default_assignee_id, name: row.assignee_name } : null,
    duration_hours: row.duration_hours,
    produces_result: Number(row.produces_result) === 1,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What a step's history entry shows: its fields, without the bookkeeping. */
function stepForAudit(step: ProcessStep | null) {
  if (!step) return null;
  const { process_id: _p, version: _v, created_at: _c, updated_at: _u, ...rest } = step;
  return rest;
}

const stepValues = (body: ProcessStepBody) => ({
  name: body.name,
  description: body.description ?? null,
  department_id: body.department_id,
  default_assignee_id: body.default_assignee_id ?? null,
  duration_hours: body.duration_hours,
  produces_result: body.produces_result ? 1 : 0,
});

export class ProcessesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: DialectKind,
  ) {}

  async list(q: ProcessListQuery): Promise<Paginated<Process>> {
    const filter = { search: likePattern(q.search), active: q.active };
    const sort = parseSort(q.sort, PROCESS_SORTS, 'name');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, filter, sort, w.limit, w.offset), repo.count(this.db, filter)]);
    return toPage(rows.map(toProcess), total, w);
  }

  /** Rows for the export: the list's filter and order, every page. */
  exportRows(q: ProcessListQuery): Promise<AsyncIterable<Process>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /**
   * Every process, id, code, name and whether it is in use (in use first): the request type form offers the ones in
   * use and shows a saved one that is not, disabled; the list filter can pick any.
   */
  async options(): Promise<ProcessOption[]> {
    return (await repo.options(this.db)).map((p) => ({ ...p, active: Boolean(p.active) }));
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<ProcessDetail> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    const steps = (await repo.steps(db, id)).map(toStep);
    return { ...toProcess(row), steps };
  }

  async steps(processId: number): Promise<ProcessStep[]> {
    return (await this.get(processId)).steps;
  }

  async getStep(id: number, db: Kysely<DB> = this.db): Promise<ProcessStep> {
    const row = await repo.findStep(db, id);
    if (!row) throw notFound(STEP_NOT_FOUND);
    return toStep(row);
  }

  /**
   * The process as a request will run it, read in the caller's transaction: a plain JSON object the requests module
   * stores on the request, so later edits of the process leave running requests alone. A process without steps cannot
   * run a request (409). In a transaction the process is locked for use: deleting it waits for the request (whose
   * snapshot is JSON, with no foreign key) and then counts it.
   */
  async snapshot(processId: number, db: Kysely<DB> = this.db): Promise<ProcessSnapshot> {
    if (db.isTransaction) await lockRow(db, 'processes', processId, 'use');
    const p = await this.get(processId, db);
    if (p.steps.length === 0) throw conflict(`Quy trình "${p.name}" chưa có bước nào nên chưa thể xử lý yêu cầu.`);
    return {
      process: { id: p.id, code: p.code, name: p.name, version: p.version },
      steps: p.steps.map((s) => ({
        id: s.id,
        position: s.position,
        name: s.name,
        department_id: s.department_id,
        default_assignee_id: s.default_assignee_id,
        duration_hours: s.duration_hours,
        produces_result: s.produces_result,
      })),
    };
  }

  private async checkCode(db: Kysely<DB>, code: string, selfId?: number) {
    const other = await repo.findByCode(db, code);
    if (other && other.id !== selfId) throw taken('processes.code');
  }

  /**
   * A step's department must exist; its default assignee must exist, be active, and work in that department or one
   * under it. `prefix` names the field inside a create body's `steps` array.
   */
  private async checkStepRefs(db: Kysely<DB>, body: ProcessStepBody, prefix = '') {
    if (!(await repo.departmentExists(db, body.department_id))) {
      throw invalid(`${prefix}department_id`, 'Phòng ban phụ trách không tồn tại.');
    }
    if (!body.default_assignee_id) return;
    const user = await repo.userForStep(db, body.default_assignee_id);
    if (!user) throw invalid(`${prefix}default_assignee_id`, 'Người thực hiện mặc định không tồn tại.');
    if (user.status !== 'active') {
      throw invalid(`${prefix}default_assignee_id`, 'Người thực hiện mặc định đã bị khóa tài khoản.');
    }
    const parentOf = new Map((await repo.departmentParents(db)).map((d) => [d.id, d.parent_id]));
    let at = user.department_id;
    for (let hops = 0; at && at !== body.department_id && hops <= parentOf.size; hops++) at = parentOf.get(at) ?? null;
    if (at !== body.department_id) {
      throw invalid(`${prefix}default_assignee_id`, 'Người thực hiện mặc định phải thuộc phòng ban phụ trách bước này.');
    }
  }

  private processValues(body: ProcessCreateBody | ProcessUpdateBody) {
    return {
      code: body.code,
      name: body.name,
      description: body.description ?? null,
      active: body.active ? 1 : 0,
      search_text: searchText(body.code, body.name),
    };
  }

  async create(actor: Actor, body: ProcessCreateBody): Promise<ProcessDetail> {
    const steps = body.steps ?? [];
    const results = steps.flatMap((s, i) => (s.produces_result ? [i] : []));
    if (results.length > 1) throw invalid(`steps.${results[1]}.produces_result`, ONE_RESULT_STEP);
    return this.db.transaction().execute(async (trx) => {
      await this.checkCode(trx, body.code);
      for (const [i, step] of steps.entries()) await this.checkStepRefs(trx, step, `steps.${i}.`);
      const now = nowIso();
      const stamps = { created_at: now, updated_at: now, created_by: actor.id };
      const id = await repo.insert(trx, { ...this.processValues(body), ...stamps });
      for (const [i, step] of steps.entries()) {
        await repo.insertStep(trx, { ...stepValues(step), process_id: id, position: i + 1, ...stamps });
      }
      const created = await this.get(id, trx);
      await writeAudit(trx, actor, {
        entity: 'processes',
        entityId: id,
        action: 'create',
        changes: diff(null, { ...created, steps: created.steps.map(stepForAudit) }),
      });
      return created;
    });
  }

  async update(actor: Actor, id: number, body: ProcessUpdateBody): Promise<ProcessDetail> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.checkCode(trx, body.code, id);
      if (!(await repo.updateVersioned(trx, id, body.version, this.processValues(body)))) throw staleVersion();
      const after = await this.get(id, trx);
      const { steps: _b, ...b } = before;
      const { steps: _a, ...a } = after;
      await writeAudit(trx, actor, { entity: 'processes', entityId: id, action: 'update', changes: diff(b, a) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a request type being written with this process is waited for (its foreign key),
      // and so is a request being received on it (the flow locks the process: its snapshot has no foreign key).
      await lockRow(trx, 'processes', id, 'delete');
      const p = await this.get(id, trx);
      const types = await repo.requestTypesUsing(trx, id);
      if (types > 0) {
        throw conflict(
          `Không thể xóa quy trình đang được dùng cho ${types} loại yêu cầu. Hãy chọn quy trình khác cho chúng trước.`,
        );
      }
      const requests = await repo.requestsRanOn(trx, this.kind, id);
      if (requests > 0) {
        throw conflict(`Không thể xóa quy trình đã có ${requests} yêu cầu xử lý theo. Hãy ngừng sử dụng quy trình thay vì xóa.`);
      }
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: 'processes',
        entityId: id,
        action: 'delete',
        changes: diff({ ...p, steps: p.steps.map(stepForAudit) }, null),
      });
    });
  }

  // Steps: each change bumps the process version (which also serialises changes of one process) and is written to
  // the process's history.

  private async lockProcess(db: Kysely<DB>, processId: number, expected?: number) {
    if (await repo.bumpVersion(db, processId, expected)) return;
    if (expected !== undefined && (await repo.find(db, processId))) throw staleVersion();
    throw notFound(NOT_FOUND);
  }

  /** Once a step is flagged as giving the customer the result, the other steps of the process lose the flag. */
  private async keepOneResultStep(db: Kysely<DB>, processId: number, step: ProcessStep) {
    if (step.produces_result) await repo.clearResultFlag(db, processId, step.id);
  }

  private resultStepName(steps: ProcessStep[]) {
    return steps.find((s) => s.produces_result)?.name ?? null;
  }

  async createStep(actor: Actor, processId: number, body: ProcessStepCreateBody): Promise<ProcessStep> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockProcess(trx, processId);
      const before = await this.get(processId, trx);
      if (before.steps.length >= MAX_PROCESS_STEPS) {
        throw conflict(`Quy trình đã có đủ ${MAX_PROCESS_STEPS} bước, không thể thêm.`);
      }
      const last = before.steps.length + 1;
      if (body.position !== undefined && body.position > last) {
        throw invalid('position', `Vị trí phải từ 1 đến ${last}.`);
      }
      await this.checkStepRefs(trx, body);
      const position = body.position ?? last;
      if (position < last) await repo.shiftPositions(trx, processId, position, 1);
      const now = nowIso();
      const id = await repo.insertStep(trx, {
        ...stepValues(body),
        process_id: processId,
        position,
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      const step = await this.getStep(id, trx);
      await this.keepOneResultStep(trx, processId, step);
      const after = await this.get(processId, trx);
      const changes: Record<string, unknown> = diff(null, stepForAudit(step));
      const [fromResult, toResult] = [this.resultStepName(before.steps), this.resultStepName(after.steps)];
      if (fromResult !== toResult) changes.result_step = [fromResult, toResult];
      await writeAudit(trx, actor, { entity: 'processes', entityId: processId, action: 'step_create', changes });
      return step;
    });
  }

  async updateStep(actor: Actor, id: number, body: ProcessStepUpdateBody): Promise<ProcessStep> {
    return this.db.transaction().execute(async (trx) => {
      const found = await this.getStep(id, trx);
      await this.lockProcess(trx, found.process_id);
      const before = await this.get(found.process_id, trx);
      const beforeStep = await this.getStep(id, trx);
      await this.checkStepRefs(trx, body);
      if (!(await repo.updateStepVersioned(trx, id, body.version, stepValues(body)))) throw staleVersion();
      const step = await this.getStep(id, trx);
      await this.keepOneResultStep(trx, step.process_id, step);
      const after = await this.get(step.process_id, trx);
      const changes: Record<string, unknown> = { step_id: [id, id], ...diff(stepForAudit(beforeStep), stepForAudit(step)) };
      const [fromResult, toResult] = [this.resultStepName(before.steps), this.resultStepName(after.steps)];
      if (fromResult !== toResult) changes.result_step = [fromResult, toResult];
      await writeAudit(trx, actor, { entity: 'processes', entityId: step.process_id, action: 'step_update', changes });
      return step;
    });
  }

  async deleteStep(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const found = await this.getStep(id, trx);
      await this.lockProcess(trx, found.process_id);
      const step = await this.getStep(id, trx);
      await repo.deleteStep(trx, id);
      await repo.shiftPositions(trx, step.process_id, step.position + 1, -1);
      await writeAudit(trx, actor, {
        entity: 'processes',
        entityId: step.process_id,
        action: 'step_delete',
        changes: diff(stepForAudit(step), null),
      });
    });
  }

  /** Puts the steps in the given order; the list must name every step of the process exactly once. */
  async reorderSteps(actor: Actor, processId: number, body: ProcessStepOrderBody): Promise<ProcessDetail> {
    return this.db.transaction().execute(async (trx) => {
      await this.lockProcess(trx, processId, body.version);
      const before = await this.get(processId, trx);
      const current = new Set(before.steps.map((s) => s.id));
      const given = new Set(body.step_ids);
      if (given.size !== body.step_ids.length) throw invalid('step_ids', 'Danh sách bước có bước bị lặp lại.');
      if (given.size !== current.size || body.step_ids.some((sid) => !current.has(sid))) {
        throw invalid(
          'step_ids',
          'Danh sách bước phải gồm đúng các bước hiện có của quy trình. Vui lòng tải lại trang rồi sắp xếp lại.',
        );
      }
      for (const [i, sid] of body.step_ids.entries()) {
        if (before.steps.find((s) => s.id === sid)?.position !== i + 1) await repo.setPosition(trx, sid, i + 1);
      }
      const after = await this.get(processId, trx);
      const ids = (p: ProcessDetail) => p.steps.map((s) => s.id).join(',');
      const names = (p: ProcessDetail) => p.steps.map((s) => s.name);
      if (ids(before) !== ids(after)) {
        await writeAudit(trx, actor, {
          entity: 'processes',
          entityId: processId,
          action: 'step_reorder',
          changes: { steps: [names(before), names(after)] },
        });
      }
      return after;
    });
  }
}
