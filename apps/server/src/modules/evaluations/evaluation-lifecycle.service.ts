import type { Evaluation, EvaluationAddEmployeeBody, EvaluationTransitionBody } from '@qlcv/common/schemas/evaluations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { recordEvent } from '../../lib/domain-events';
import { conflict, invalid, staleVersion } from '../../lib/errors';
import { lockRow } from '../../lib/row-lock';
import { headAbove } from '../departments/department-heads';
import type { DepartmentsService } from '../departments/departments.service';
import { fillActuals } from '../user-evaluations/user-evaluation-actuals';
import { userEvaluationEventPayload } from '../user-evaluations/user-evaluation-transitions.service';
import { USER_EVALUATION_ENTITY, userEvaluationRecords } from '../user-evaluations/user-evaluations.service';
import { userReads } from '../users/users.service';
import { invalidState, locked } from './evaluation-errors';
import { EVALUATION_ENTITY, evaluationsRepository as repo } from './evaluations.repository';
import type { EvaluationsService } from './evaluations.service';

/** Opening a period (one user evaluation per active employee in scope) and closing it (everything frozen). */
export class EvaluationLifecycleService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { evaluations: EvaluationsService; departments: DepartmentsService },
  ) {}

  /** The chosen departments and all their sub-departments. */
  private async coveredDepartments(trx: Kysely<DB>, e: Evaluation): Promise<number[]> {
    const ids = new Set<number>();
    for (const d of e.departments) for (const id of await this.deps.departments.withDescendants(d.id, trx)) ids.add(id);
    return [...ids];
  }

  /**
   * draft → open: a user evaluation for each active employee of the covered departments, reviewed by the head above
   * them (departments/department-heads.ts; none → the period's creator, never oneself), with a score row per criterion
   * and the computed actuals measured; `evaluation.opened` to each employee.
   */
  async open(actor: Actor, id: number, body: EvaluationTransitionBody): Promise<Evaluation> {
    await this.db.transaction().execute(async (trx) => {
      // The period's row owns its user evaluations: opening, adding and closing run one at a time, and wait for the
      // user evaluations being written (they hold it `share`).
      await lockRow(trx, 'evaluations', id);
      const e = await this.deps.evaluations.get(id, trx);
      if (e.status === 'closed') throw locked();
      if (e.status !== 'draft') throw invalidState('Kỳ đánh giá đã mở.');
      if (body.version !== undefined && body.version !== e.version) throw staleVersion();
      const departmentIds = await this.coveredDepartments(trx, e);
      const employees = await userReads.activeInDepartments(trx, departmentIds);
      if (employees.length === 0)
        throw invalid('department_ids', 'Các phòng ban đã chọn không có nhân viên nào đang làm việc.', 'NO_EMPLOYEES');
      const now = nowIso();
      const opened = await repo.updateAt(
        trx,
        id,
        e.version,
        { status: 'open', opened_at: now, version: e.version + 1, updated_at: now },
        'draft',
      );
      if (!opened) throw staleVersion();
      for (const emp of employees) await this.handOut(trx, actor, e, emp, now);
      await writeAudit(trx, actor, {
        entity: EVALUATION_ENTITY,
        entityId: id,
        action: 'open',
        changes: { status: ['draft', 'open'], user_evaluations: employees.length },
      });
    });
    return this.deps.evaluations.get(id);
  }

  /**
   * One user evaluation of `emp` in the open period `e`: reviewer = the head above (none → the period's creator,
   * never oneself), a score row per criterion, computed actuals measured, `evaluation.opened` to the employee.
   */
  private async handOut(
    trx: Kysely<DB>,
    actor: Actor,
    e: Evaluation,
    emp: { id: number; name: string; department_id: number | null },
    now: string,
  ): Promise<number> {
    const head = (await headAbove(trx, emp)) ?? e.created_by?.id ?? null;
    const reviewerId = head === emp.id ? null : head;
    const ueId = await userEvaluationRecords.create(
      trx,
      {
        evaluation_id: e.id,
        employee_id: emp.id,
        department_id: emp.department_id,
        reviewer_id: reviewerId,
        status: 'draft',
        total: null,
        grade: null,
        self_submitted_at: null,
        reviewed_at: null,
        approved_at: null,
        approved_by: null,
        return_note: null,
        self_due_deadline: null,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      },
      e.criteria.map((c) => c.id),
    );
    await fillActuals(trx, { id: ueId, employee_id: emp.id, period_start: e.period_start, period_end: e.period_end });
    await writeAudit(trx, actor, { entity: USER_EVALUATION_ENTITY, entityId: ueId, action: 'create', changes: null });
    await recordEvent(trx, {
      type: 'evaluation.opened',
      entity: USER_EVALUATION_ENTITY,
      entityId: ueId,
      actorId: actor.id,
      payload: userEvaluationEventPayload({
        id: ueId,
        employee_id: emp.id,
        department_id: emp.department_id,
        reviewer_id: reviewerId,
        evaluation_name: e.name,
        employee_name: emp.name,
        total: null,
      }),
    });
    return ueId;
  }

  /**
   * `POST /api/evaluations/{id}/employees`: an active employee of a covered department who was not handed one at
   * opening (joined or moved since) gets a user evaluation in the open period. Returns its id.
   */
  async addEmployee(actor: Actor, id: number, body: EvaluationAddEmployeeBody): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // One user evaluation per employee and period: checked under the period's lock (the unique index holds it too).
      await lockRow(trx, 'evaluations', id);
      const e = await this.deps.evaluations.get(id, trx);
      if (e.status === 'closed') throw locked();
      if (e.status !== 'open') throw invalidState('Kỳ đánh giá chưa mở: nhân viên được thêm khi mở kỳ.');
      const emp = await userReads.brief(trx, body.employee_id);
      if (emp?.status !== 'active') throw invalid('employee_id', 'Nhân viên không tồn tại hoặc đã nghỉ việc.');
      const covered = await this.coveredDepartments(trx, e);
      if (emp.department_id === null || !covered.includes(emp.department_id))
        throw invalid('employee_id', 'Nhân viên không thuộc các phòng ban của kỳ đánh giá.');
      const existing = await userEvaluationRecords.idOfEmployee(trx, id, emp.id);
      if (existing !== undefined) throw conflict(`${emp.name} đã có phiếu đánh giá trong kỳ này.`, 'ALREADY_EVALUATED');
      const ueId = await this.handOut(trx, actor, e, emp, nowIso());
      await writeAudit(trx, actor, {
        entity: EVALUATION_ENTITY,
        entityId: id,
        action: 'add_employee',
        changes: { employee: emp.name },
      });
      return ueId;
    });
  }

  /**
   * open → closed: the computed actuals are measured a last time for what is not approved yet, then everything is
   * frozen as it stands (user evaluations keep their status; every later write answers "Kỳ đánh giá đã khóa").
   */
  async close(actor: Actor, id: number, body: EvaluationTransitionBody): Promise<Evaluation> {
    await this.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'evaluations', id);
      const e = await this.deps.evaluations.get(id, trx);
      if (e.status === 'closed') throw locked();
      if (e.status !== 'open') throw invalidState('Kỳ đánh giá chưa mở.');
      if (body.version !== undefined && body.version !== e.version) throw staleVersion();
      const pending = await userEvaluationRecords.notApproved(trx, id);
      for (const ue of pending) await fillActuals(trx, { ...ue, period_start: e.period_start, period_end: e.period_end });
      const now = nowIso();
      const closed = await repo.updateAt(
        trx,
        id,
        e.version,
        { status: 'closed', closed_at: now, version: e.version + 1, updated_at: now },
        'open',
      );
      if (!closed) throw staleVersion();
      await writeAudit(trx, actor, {
        entity: EVALUATION_ENTITY,
        entityId: id,
        action: 'close',
        changes: { status: ['open', 'closed'], not_approved: pending.length },
      });
    });
    return this.deps.evaluations.get(id);
  }
}
