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
} from '@qlcv/common/schemas/kpi-types';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { allRows, parseSort } from '../../lib/pagination';
import { PlainRecordService, PlainRecords, pageOf } from '../../lib/plain-record';
import { type KpiTypeRow, kpiTypesRepository as repo } from './kpi-types.repository';

export const KPI_TYPE_ENTITY = 'kpi_types';

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

const kpiTypes = new PlainRecords({
  table: 'kpi_types',
  entity: KPI_TYPE_ENTITY,
  notFound: 'Không tìm thấy loại KPI.',
  code: 'kpi_types.code',
  find: repo.find,
  toRecord: toKpiType,
  values: (body: KpiTypeCreateBody) => ({
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
  }),
  inUse: (_db, type) =>
    type.criteria_count > 0
      ? conflict(
          `Không thể xóa loại KPI đang được dùng trong ${type.criteria_count} tiêu chí đánh giá. Hãy ngừng sử dụng thay vì xóa.`,
          'IN_USE',
        )
      : null,
});

/** KPI types (kpi_types.*): plain CRUD; what each evaluation criterion measures. */
export class KpiTypesService extends PlainRecordService<typeof kpiTypes> {
  constructor(db: Kysely<DB>) {
    super(db, kpiTypes);
  }

  async list(q: KpiTypeListQuery): Promise<Paginated<KpiType>> {
    const sort = parseSort(q.sort, KPI_TYPE_SORTS, 'code');
    return pageOf(
      q,
      (w) => repo.list(this.db, q, sort, w),
      () => repo.count(this.db, q),
      toKpiType,
    );
  }

  exportRows(q: KpiTypeListQuery): Promise<AsyncIterable<KpiType>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** Every type for the pickers, active first (an inactive type still names the criteria that use it). */
  async options(q: KpiTypeOptionsQuery): Promise<KpiTypeOption[]> {
    const rows = await repo.options(this.db, q.active);
    return rows.map((r) => ({
      ...r,
      direction: r.direction as KpiDirection,
      measure: r.measure as KpiMeasure,
      default_weight: Number(r.default_weight),
      default_target: Number(r.default_target),
      active: Boolean(Number(r.active)),
    }));
  }
}
