import type { Paginated } from '@qlcv/common/schemas/common';
import {
  KPI_TYPE_SORTS,
  type KpiDirection,
  type KpiMeasure,
  type KpiType,
  type KpiTypeCreateBody,
  type KpiTypeListQuery,
  type KpiTypeOption,
  type KpiTypeOptionsQuery,
  type KpiTypeUpdateBody,
} from '@qlcv/common/schemas/kpi-types';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { conflict, notFound, staleVersion } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export const KPI_TYPE_ENTITY = 'kpi_types';

function filtered(db: Kysely<DB>, q: Partial<Pick<KpiTypeListQuery, 'search' | 'active' | 'measure' | 'direction'>>) {
  let s = db.selectFrom('kpi_types as k');
  const pattern = likePattern(q.search);
  if (pattern) s = s.where(likeNormalized('k.search_text', pattern));
  if (q.active !== undefined) s = s.where('k.active', '=', q.active ? 1 : 0);
  if (q.measure?.length) s = s.where('k.measure', 'in', q.measure);
  if (q.direction) s = s.where('k.direction', '=', q.direction);
  return s;
}

/** A type an evaluation criterion uses is never deleted, only set inactive. */
function withCount(q: ReturnType<typeof filtered>) {
  return q.selectAll('k').select((eb) =>
    eb
      .selectFrom('evaluation_criteria as ec')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('ec.kpi_type_id', '=', 'k.id')
      .as('criteria_count'),
  );
}

type KpiTypeRow = Awaited<ReturnType<ReturnType<typeof withCount>['executeTakeFirstOrThrow']>>;

function toKpiType(r: KpiTypeRow): KpiType {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    unit: r.unit,
    direction: r.direction as KpiDirection,
    measure: r.measure as KpiMeasure,
    default_weight: Number(r.default_weight),
    default_target: Number(r.default_target),
    active: Boolean(Number(r.active)),
    criteria_count: Number(r.criteria_count ?? 0),
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** KPI types (kpi_types.*): plain CRUD; what each evaluation criterion measures. */
export class KpiTypesService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: KpiTypeListQuery): Promise<Paginated<KpiType>> {
    const sort = parseSort(q.sort, KPI_TYPE_SORTS, 'code');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      withCount(filtered(this.db, q))
        .orderBy(`k.${sort.column}`, sort.direction)
        .orderBy('k.id', sort.direction)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
      filtered(this.db, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return toPage(rows.map(toKpiType), Number(total.n), w);
  }

  exportRows(q: KpiTypeListQuery): Promise<AsyncIterable<KpiType>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** Every type for the pickers, active first (an inactive type still names the criteria that use it). */
  async options(q: KpiTypeOptionsQuery): Promise<KpiTypeOption[]> {
    const rows = await filtered(this.db, { active: q.active })
      .select([
        'k.id',
        'k.code',
        'k.name',
        'k.unit',
        'k.direction',
        'k.measure',
        'k.default_weight',
        'k.default_target',
        'k.active',
      ])
      .orderBy('k.active', 'desc')
      .orderBy('k.name')
      .orderBy('k.id')
      .execute();
    return rows.map((r) => ({
      ...r,
      direction: r.direction as KpiDirection,
      measure: r.measure as KpiMeasure,
      default_weight: Number(r.default_weight),
      default_target: Number(r.default_target),
      active: Boolean(Number(r.active)),
    }));
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<KpiType> {
    const r = await withCount(filtered(db, {})).where('k.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Không tìm thấy loại KPI.');
    return toKpiType(r);
  }

  private async uniqueCode(db: Kysely<DB>, code: string, selfId?: number) {
    let q = db.selectFrom('kpi_types').select('id').where('code', '=', code);
    if (selfId) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) throw taken('kpi_types.code');
  }

  private values(body: KpiTypeCreateBody) {
    return {
      code: body.code,
      name: body.name,
      description: body.description ?? null,
      unit: body.unit ?? null,
      direction: body.direction,
      measure: body.measure,
      default_weight: body.default_weight,
      default_target: body.default_target,
      active: body.active ? 1 : 0,
      search_text: searchText(body.code, body.name),
    };
  }

  async create(actor: Actor, body: KpiTypeCreateBody): Promise<KpiType> {
    return this.db.transaction().execute(async (trx) => {
      await this.uniqueCode(trx, body.code);
      const now = nowIso();
      const r = await trx
        .insertInto('kpi_types')
        .values({ ...this.values(body), created_by: actor.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await this.get(r.id, trx);
      await writeAudit(trx, actor, { entity: KPI_TYPE_ENTITY, entityId: r.id, action: 'create', changes: diff(null, after) });
      return after;
    });
  }

  async update(actor: Actor, id: number, body: KpiTypeUpdateBody): Promise<KpiType> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.uniqueCode(trx, body.code, id);
      const r = await trx
        .updateTable('kpi_types')
        .set({ ...this.values(body), version: body.version + 1, updated_at: nowIso() })
        .where('id', '=', id)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw staleVersion();
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: KPI_TYPE_ENTITY, entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a row being written that references it is waited for, a later one finds it gone.
      await lockRow(trx, 'kpi_types', id, 'delete');
      const before = await this.get(id, trx);
      if (before.criteria_count > 0) {
        throw conflict(
          `Không thể xóa loại KPI đang được dùng trong ${before.criteria_count} tiêu chí đánh giá. Hãy ngừng sử dụng thay vì xóa.`,
          'IN_USE',
        );
      }
      await trx.deleteFrom('kpi_types').where('id', '=', id).execute();
      await writeAudit(trx, actor, { entity: KPI_TYPE_ENTITY, entityId: id, action: 'delete', changes: diff(before, null) });
    });
  }
}
