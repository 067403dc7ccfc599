import type { Paginated } from '@qlcv/common/schemas/common';
import {
  USER_EVALUATION_SORTS,
  type UserEvaluation,
  type UserEvaluationDetail,
  type UserEvaluationListQuery,
  type UserEvaluationUpdateBody,
} from '@qlcv/common/schemas/user-evaluations';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, UserEvaluationsTable } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import type { DepartmentsService } from '../departments/departments.service';
import { invalidState, locked } from '../evaluations/evaluation-errors';
import { fillActuals, recomputeTotal } from './user-evaluation-actuals';
import { seesUserEvaluation, type UserEvaluationScope, userEvaluationScopeOf } from './user-evaluation-scopes';
import { canOf, rolesOf, toCriterion, toUserEvaluation } from './user-evaluations.mappers';
import {
  userEvaluationsRepository as repo,
  type ScoreRow,
  USER_EVALUATION_ENTITY,
  type UserEvaluationRow,
} from './user-evaluations.repository';

export { USER_EVALUATION_ENTITY } from './user-evaluations.repository';

const NOT_FOUND = 'Không tìm thấy phiếu đánh giá.';

/**
 * What the evaluations module (which opens and closes the periods) reads and writes of user evaluations: through
 * here, never through this module's repository.
 */
export const userEvaluationRecords = {
  /** Every user evaluation of a period, unscoped (the results table). */
  ofPeriod: (db: Kysely<DB>, evaluationId: number) => repo.ofEvaluation(db, evaluationId),
  /** The id of an employee's user evaluation in a period, if any. */
  idOfEmployee: (db: Kysely<DB>, evaluationId: number, employeeId: number) => repo.idOfEmployee(db, evaluationId, employeeId),
  /** A period's user evaluations not approved yet. */
  notApproved: (db: Kysely<DB>, evaluationId: number) => repo.notApproved(db, evaluationId),
  /** A new user evaluation with an empty score row per criterion; returns its id. */
  create: (db: Kysely<DB>, row: Insertable<UserEvaluationsTable>, criterionIds: readonly number[]) =>
    repo.insertWithScores(db, row, criterionIds),
  /** Drafts of open periods whose self deadline falls in [today, until] and whose reminder was not raised for it. */
  selfDue: (db: Kysely<DB>, today: string, until: string, limit: number) => repo.selfDue(db, today, until, limit),
  /** Marks the reminder of `deadline` as raised; false when another runner did it first. */
  markSelfDue: (db: Kysely<DB>, id: number, deadline: string) => repo.markSelfDue(db, id, deadline),
};

/** What the history shows of a user evaluation's scores: one line per criterion and field. */
export function scoresAudit(scores: readonly ScoreRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of scores) {
    out[`${s.kpi_name} – tự đánh giá`] = s.self_score === null ? null : Number(s.self_score);
    out[`${s.kpi_name} – quản lý chấm`] = s.reviewer_score === null ? null : Number(s.reviewer_score);
    if (s.kpi_measure === 'manual') out[`${s.kpi_name} – thực tế`] = s.actual === null ? null : Number(s.actual);
    out[`${s.kpi_name} – ghi chú`] = s.note;
  }
  return out;
}

/** User evaluations: the lists, the page (with actuals kept fresh while open), saving scores, refreshing actuals. */
export class UserEvaluationsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly departments: DepartmentsService,
  ) {}

  scope(actor: Actor, db: Kysely<DB> = this.db): Promise<UserEvaluationScope> {
    return userEvaluationScopeOf(db, this.departments, actor);
  }

  /** The user evaluation if the caller sees it, else 404. */
  async visibleRow(db: Kysely<DB>, actor: Actor, id: number): Promise<UserEvaluationRow> {
    const row = await repo.find(db, id);
    if (!row || !seesUserEvaluation(await this.scope(actor, db), row)) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * The row for a write, read once its period's row is locked `share` (lib/row-lock.ts): closing the period waits for
   * the write, and a write after a close reads the period closed — a closed period is frozen (docs/architecture.md,
   * "Rules across rows").
   */
  async rowForWrite(trx: Kysely<DB>, actor: Actor, id: number): Promise<UserEvaluationRow> {
    const evaluationId = await repo.evaluationIdOf(trx, id);
    if (evaluationId !== undefined) await lockRow(trx, 'evaluations', evaluationId, 'share');
    return this.visibleRow(trx, actor, id);
  }

  async canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    const row = await repo.find(db, id);
    return Boolean(row && seesUserEvaluation(await this.scope(actor, db), row));
  }

  async list(actor: Actor, q: UserEvaluationListQuery): Promise<Paginated<UserEvaluation>> {
    const w = pageWindow(q);
    const sort = parseSort<(typeof USER_EVALUATION_SORTS)[number]>(q.sort, USER_EVALUATION_SORTS, '-period_start');
    const { rows, total } = await repo.page(
      this.db,
      {
        scope: await this.scope(actor),
        tab: q.tab,
        search: q.search || null,
        evaluationId: q.evaluation_id,
        status: q.status,
        departmentIds: q.department_id ? await this.departments.withDescendants(q.department_id) : undefined,
        employeeId: q.employee_id,
      },
      sort,
      w.limit,
      w.offset,
    );
    return toPage(rows.map(toUserEvaluation), total, w);
  }

  async detail(db: Kysely<DB>, actor: Actor, row: UserEvaluationRow): Promise<UserEvaluationDetail> {
    return {
      ...toUserEvaluation(row),
      criteria: (await repo.scores(db, row.id)).map(toCriterion),
      version: row.version,
      can: canOf(row, actor),
    };
  }

  /** The page; stale computed actuals are measured again first while the period is open and it is not approved. */
  async get(actor: Actor, id: number): Promise<UserEvaluationDetail> {
    let row = await this.visibleRow(this.db, actor, id);
    if (row.evaluation_status === 'open' && row.status !== 'approved') {
      const refreshed = await fillActuals(this.db, row, { onlyStale: true });
      if (refreshed) row = (await repo.find(this.db, id)) as UserEvaluationRow;
    }
    return this.detail(this.db, actor, row);
  }

  /** A user evaluation the caller has just handed out (its scope may not reach it: a creator without HR keys). */
  async justCreated(actor: Actor, id: number): Promise<UserEvaluationDetail> {
    const row = await repo.find(this.db, id);
    if (!row) throw notFound(NOT_FOUND);
    return this.detail(this.db, actor, row);
  }

  /** `POST …/refresh-actuals`: measured again now, whoever sees it, while the period is open and it is not approved. */
  async refreshActuals(actor: Actor, id: number): Promise<UserEvaluationDetail> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.rowForWrite(trx, actor, id);
      if (row.evaluation_status === 'closed') throw locked();
      if (row.evaluation_status !== 'open') throw invalidState('Kỳ đánh giá chưa mở.');
      if (row.status === 'approved') throw invalidState('Phiếu đánh giá đã duyệt: số liệu thực tế đã chốt.');
      await fillActuals(trx, row);
    });
    return this.get(actor, id);
  }

  /**
   * `PUT /api/user-evaluations/{id}`: the employee's self scores while draft; the reviewer's scores and manual
   * actuals while self-assessed; notes with either. A field that is not the caller's to write may be sent unchanged.
   */
  async update(actor: Actor, id: number, body: UserEvaluationUpdateBody): Promise<UserEvaluationDetail> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.rowForWrite(trx, actor, id);
      if (row.evaluation_status === 'closed') throw locked();
      const can = canOf(row, actor);
      if (!can.edit) {
        const { own, reviewer } = rolesOf(row, actor);
        if (row.evaluation_status !== 'open') throw invalidState('Kỳ đánh giá chưa mở.');
        if (own || reviewer) throw invalidState('Phiếu đánh giá không ở bước bạn chấm điểm.');
        throw forbidden('Bạn không được chấm điểm phiếu đánh giá này.');
      }
      const selfStep = can.self_assess;
      const before = await repo.scores(trx, id);
      const byCriterion = new Map(before.map((s) => [s.criterion_id, s]));
      const changed = (a: number | string | null, b: number | null | undefined) =>
        b !== undefined && (a === null ? null : Number(a)) !== b;
      for (const [i, s] of body.scores.entries()) {
        const cur = byCriterion.get(s.criterion_id);
        if (!cur) throw invalid(`scores.${i}.criterion_id`, 'Tiêu chí không thuộc phiếu đánh giá này.');
        if (changed(cur.reviewer_score, s.reviewer_score) && selfStep)
          throw forbidden('Điểm của quản lý do người đánh giá chấm.');
        if (changed(cur.self_score, s.self_score) && !selfStep) throw forbidden('Điểm tự đánh giá do chính nhân viên chấm.');
        if (changed(cur.actual, s.actual)) {
          if (cur.kpi_measure !== 'manual')
            throw invalid(`scores.${i}.actual`, `Giá trị thực tế của "${cur.kpi_name}" được tính tự động, không sửa tay.`);
          if (selfStep) throw forbidden('Giá trị thực tế do người đánh giá nhập.');
        }
        const set: Updateable<DB['user_evaluation_scores']> = {};
        if (selfStep && s.self_score !== undefined) set.self_score = s.self_score;
        if (!selfStep && s.reviewer_score !== undefined) set.reviewer_score = s.reviewer_score;
        if (!selfStep && s.actual !== undefined && cur.kpi_measure === 'manual' && changed(cur.actual, s.actual)) {
          set.actual = s.actual;
          set.actual_updated_at = nowIso();
        }
        if (s.note !== undefined) set.note = s.note ?? null;
        if (Object.keys(set).length > 0) await repo.updateScore(trx, cur.id, set);
      }
      const saved = await repo.updateAt(trx, id, body.version, { version: body.version + 1, updated_at: nowIso() });
      if (!saved) throw staleVersion();
      await recomputeTotal(trx, id);
      await writeAudit(trx, actor, {
        entity: USER_EVALUATION_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(scoresAudit(before), scoresAudit(await repo.scores(trx, id))),
      });
    });
    return this.get(actor, id);
  }
}
