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
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as kit from '../../lib/plain-record';
import { type KpiTypeRow, kpiTypesRepository as repo } from './kpi-types.repository';

export const KPI_TYPE_ENTITY = 'kpi_types';

const kpiTypes = new kit.PlainRecords({
  table: KPI_TYPE_ENTITY,
  notFound: 'Không tìm thấy loại KPI.',
  find: repo.find,
  toRecord: toKpiType,
  values: (body: KpiTypeCreateBody) => ({
    ...kit.codeNameValues(body),
    unit: body.unit ?? null,
    direction: body.direction,
    measure: body.measure,
    default_weight: body.default_weight,
    default_target: body.default_target,
  }),
  inUse: (_db, type) =>
    kit.refusedWhileUsed(
      type.criteria_count,
      `Không thể xóa loại KPI đang được dùng trong ${type.criteria_count} tiêu chí đánh giá. Hãy ngừng sử dụng thay vì xóa.`,
      'IN_USE',
    ),
});

const list = new kit.PlainList({ sorts: KPI_TYPE_SORTS, sort: 'code', rows: repo.list, count: repo.count, toRecord: toKpiType });

/** KPI types (kpi_types.*): plain CRUD; what each evaluation criterion measures. */
export class KpiTypesService extends kit.ListedRecordService<typeof kpiTypes, KpiTypeListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, kpiTypes, list);
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

function toKpiType(r: KpiTypeRow): KpiType {
  return {
    ...kit.recordHead(r),
    description: r.description,
    unit: r.unit,
    direction: r.direction as KpiDirection,
    measure: r.measure as KpiMeasure,
    default_weight: Number(r.default_weight),
    default_target: Number(r.default_target),
    active: Boolean(Number(r.active)),
    criteria_count: Number(r.criteria_count ?? 0),
    ...kit.recordStamps(r),
  };
}
