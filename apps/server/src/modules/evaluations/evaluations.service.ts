import type { Paginated } from '@qlcv/common/schemas/common';
import {
  EVALUATION_SORTS,
  type Evaluation,
  type EvaluationCreateBody,
  type EvaluationListQuery,
  type EvaluationUpdateBody,
} from '@qlcv/common/schemas/evaluations';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import { evaluationNameKey, evaluationPeriodKey } from '../../db/migrations/0032-rules-across-rows';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { invalid, notFound, staleVersion } from '../../lib/errors';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { invalidState, locked } from './evaluation-errors';
import {
  EVALUATION_ENTITY,
  type EvaluationRow,
  type EvaluationUniqueKeys,
  evaluationsRepository as repo,
} from './evaluations.repository';

const NOT_FOUND = 'Không tìm thấy kỳ đánh giá.';

/** What the history shows of a period. */
export function evaluationAudit(e: Evaluation): Record<string, unknown> {
  return {
    name: e.name,
    period_type: e.period_type,
    period_start: e.period_start,
    period_end: e.period_end,
    self_deadline: e.self_deadline,
    review_deadline: e.review_deadline,
    status: e.status,
    departments: e.departments.map((d) => d.name).join(', '),
    criteria: e.criteria.map((c) => `${c.kpi_type.name}: ${c.weight}% (chỉ tiêu ${c.target})`).join('; '),
  };
}

/** Evaluation periods: the list, the record, creating, editing (criteria and departments only in draft), deleting. */
export class EvaluationsService {
  constructor(private readonly db: Kysely<DB>) {}

  async row(db: Kysely<DB>, id: number): Promise<EvaluationRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async list(q: EvaluationListQuery): Promise<Paginated<Evaluation>> {
    const w = pageWindow(q);
    const sort = parseSort<(typeof EVALUATION_SORTS)[number]>(q.sort, EVALUATION_SORTS, '-period_start');
    const { rows, total } = await repo.page(
      this.db,
      { search: q.search || null, status: q.status, periodType: q.period_type, year: q.year },
      sort,
      w.limit,
      w.offset,
    );
    return toPage(await repo.hydrate(this.db, rows), total, w);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Evaluation> {
    const [e] = await repo.hydrate(db, [await this.row(db, id)]);
    return e as Evaluation;
  }

  /** Weights summing to 100, KPI types that exist (active for a new criterion), departments that exist: the 422s. */
  private async check(db: Kysely<DB>, body: EvaluationCreateBody, current: Evaluation | null): Promise<void> {
    const types = await repo.kpiTypes(
      db,
      body.criteria.map((c) => c.kpi_type_id),
    );
    const byId = new Map(types.map((t) => [t.id, t]));
    const kept = new Set(current?.criteria.map((c) => c.kpi_type.id) ?? []);
    body.criteria.forEach((c, i) => {
      const t = byId.get(c.kpi_type_id);
      if (!t) throw invalid(`criteria.${i}.kpi_type_id`, 'Loại KPI không tồn tại.');
      if (!Number(t.active) && !kept.has(t.id))
        throw invalid(`criteria.${i}.kpi_type_id`, `Loại KPI "${t.name}" đã ngừng sử dụng.`);
    });
    const sum = body.criteria.reduce((s, c) => s + c.weight, 0);
    if (sum !== 100) {
      const names = body.criteria.map((c) => `${byId.get(c.kpi_type_id)?.name} (${c.weight})`).join(', ');
      throw invalid('criteria', `Tổng trọng số các tiêu chí phải bằng 100, hiện là ${sum}: ${names}.`, 'WEIGHTS_NOT_100');
    }
    const depts = await repo.departmentsExist(db, body.department_ids);
    if (depts.length !== new Set(body.department_ids).size) throw invalid('department_ids', 'Phòng ban không tồn tại.');
  }

  /**
   * A period is unique by name and by type + dates (unique indexes of migration 0032 hold it under a race; this check
   * gives the same answer first). A period made before the rule keeps its duplicate mark while its name (or type and
   * dates) stays as it was.
   */
  private async uniqueKeys(db: Kysely<DB>, body: EvaluationCreateBody, id: number | null): Promise<EvaluationUniqueKeys> {
    const before = id === null ? undefined : await repo.uniqueKeys(db, id);
    const nameKey = evaluationNameKey(body.name);
    const periodKey = evaluationPeriodKey(body);
    const k: EvaluationUniqueKeys = {
      name_key: nameKey,
      name_dup: before?.name_key === nameKey ? Number(before.name_dup) : 0,
      period_key: periodKey,
      period_dup: before?.period_key === periodKey ? Number(before.period_dup) : 0,
    };
    const clashes = await repo.clashes(db, k, id);
    if (clashes.some((c) => c.name_key === k.name_key && Number(c.name_dup) === k.name_dup)) {
      throw taken('evaluations.name_key,name_dup');
    }
    if (clashes.length > 0) throw taken('evaluations.period_key,period_dup');
    return k;
  }

  async create(actor: Actor, body: EvaluationCreateBody): Promise<Evaluation> {
    const id = await this.db.transaction().execute(async (trx) => {
      await this.check(trx, body, null);
      const keys = await this.uniqueKeys(trx, body, null);
      const now = nowIso();
      const insertedId = await repo.insert(trx, {
        name: body.name,
        period_type: body.period_type,
        period_start: body.period_start,
        period_end: body.period_end,
        self_deadline: body.self_deadline,
        review_deadline: body.review_deadline,
        status: 'draft',
        opened_at: null,
        closed_at: null,
        search_text: searchText(body.name),
        ...keys,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      await repo.replaceChildren(trx, insertedId, body.department_ids, body.criteria);
      const after = await this.get(insertedId, trx);
      await writeAudit(trx, actor, {
        entity: EVALUATION_ENTITY,
        entityId: insertedId,
        action: 'create',
        changes: diff(null, evaluationAudit(after)),
      });
      return insertedId;
    });
    return this.get(id);
  }

  /** Draft: everything. Open: the name and the deadlines; criteria and departments must stay. Closed: locked. */
  async update(actor: Actor, id: number, body: EvaluationUpdateBody): Promise<Evaluation> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      if (before.status === 'closed') throw locked();
      if (before.status === 'open') {
        const same =
          JSON.stringify(before.criteria.map((c) => [c.kpi_type.id, c.weight, c.target])) ===
            JSON.stringify(body.criteria.map((c) => [c.kpi_type_id, c.weight, c.target])) &&
          JSON.stringify(before.departments.map((d) => d.id).sort()) === JSON.stringify([...new Set(body.department_ids)].sort());
        if (!same)
          throw invalid(
            'criteria',
            'Kỳ đánh giá đã mở: chỉ sửa được tên và các hạn; tiêu chí và phòng ban chỉ sửa khi còn nháp.',
          );
        if (body.period_start !== before.period_start || body.period_end !== before.period_end)
          throw invalid('period_start', 'Kỳ đánh giá đã mở: không đổi được thời gian của kỳ.');
      }
      await this.check(trx, body, before);
      const keys = await this.uniqueKeys(trx, body, id);
      const updated = await repo.updateAt(trx, id, body.version, {
        name: body.name,
        period_type: body.period_type,
        period_start: body.period_start,
        period_end: body.period_end,
        self_deadline: body.self_deadline,
        review_deadline: body.review_deadline,
        search_text: searchText(body.name),
        ...keys,
        version: body.version + 1,
        updated_at: nowIso(),
      });
      if (!updated) throw staleVersion();
      if (before.status === 'draft') await repo.replaceChildren(trx, id, body.department_ids, body.criteria);
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, {
        entity: EVALUATION_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(evaluationAudit(before), evaluationAudit(after)),
      });
    });
    return this.get(id);
  }

  /** Only a draft (nothing was handed out yet). */
  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      if (before.status === 'closed') throw locked();
      if (before.status !== 'draft') throw invalidState('Chỉ xóa được kỳ đánh giá còn nháp.');
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: EVALUATION_ENTITY,
        entityId: id,
        action: 'delete',
        changes: diff(evaluationAudit(before), null),
      });
    });
  }
}
