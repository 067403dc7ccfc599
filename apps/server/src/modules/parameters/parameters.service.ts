import {
  MEDIUM_LABELS,
  type Medium,
  PARAMETER_SORTS,
  type Parameter,
  type ParameterCreateBody,
  type ParameterListQuery,
  type ParameterOption,
  type ParameterOptionsQuery,
  type ParameterPlace,
} from '@qlcv/common/schemas/parameters';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { type ParameterRow, parametersRepository as repo } from './parameters.repository';

export const PARAMETER_ENTITY = 'parameters';

const parameters = new kit.PlainRecords({
  table: PARAMETER_ENTITY,
  notFound: 'Không tìm thấy chỉ tiêu.',
  find: repo.find,
  toRecord: toParameter,
  values: (body: ParameterCreateBody) => ({
    ...kit.codeNameValues(body),
    medium: body.medium,
    unit: body.unit,
    method: body.method,
    place: body.place,
    lod: body.lod ?? null,
    loq: body.loq ?? null,
    holding_hours: body.holding_hours ?? null,
    preservation: body.preservation ?? null,
    turnaround_days: body.turnaround_days ?? null,
    vimcerts: body.vimcerts ? 1 : 0,
    vilas: body.vilas ? 1 : 0,
    service_id: body.service_id ?? null,
    analyte: body.analyte ?? null,
    // Found by code, name, method and medium ("nước thải", "SMEWW 5220").
    search_text: searchText(body.code, body.name, body.method, MEDIUM_LABELS[body.medium], body.analyte),
  }),
  check: async (db, body) => {
    if (body.service_id && !(await repo.serviceExists(db, body.service_id)))
      throw invalid('service_id', 'Dịch vụ không tồn tại.');
  },
  inUse: async (db, parameter) => {
    const points = await repo.plannedPoints(db, parameter.id);
    return kit.refusedWhileUsed(
      points,
      `Không thể xóa chỉ tiêu ${parameter.code} đang có trong kế hoạch của ${points} điểm quan trắc. Hãy ngừng sử dụng thay vì xóa.`,
      'IN_USE',
    );
  },
});

const list = new kit.PlainList({
  sorts: PARAMETER_SORTS,
  sort: 'code',
  rows: repo.list,
  count: repo.count,
  toRecord: toParameter,
});

/**
 * The parameter catalogue (issue 24): what the company measures, by medium, with its method and limits. Read with
 * `monitoring.index`, written with `monitoring.create` / `.edit`; the pickers (`options`) are any signed-in user's.
 */
export class ParametersService extends kit.ListedRecordService<typeof parameters, ParameterListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, parameters, list);
  }

  /** The pickers' list; `db`: the caller's transaction (another module checking a body). */
  async options(q: ParameterOptionsQuery, db: Kysely<DB> = this.db): Promise<ParameterOption[]> {
    const rows = await repo.options(db, q);
    return rows.map((r) => ({
      ...r,
      medium: r.medium as Medium,
      place: r.place as ParameterPlace,
      active: Boolean(Number(r.active)),
    }));
  }

  /** Some parameters' unit, place, holding time (hours) and preservation; `db`: the caller's transaction. */
  async byIds(ids: readonly number[], db: Kysely<DB> = this.db) {
    return (await repo.byIds(db, ids)).map((r) => ({
      ...r,
      place: r.place as ParameterPlace,
      holding_hours: r.holding_hours === null ? null : Number(r.holding_hours),
    }));
  }
}

function toParameter(r: ParameterRow): Parameter {
  return {
    ...kit.recordHead(r),
    medium: r.medium as Medium,
    unit: r.unit,
    method: r.method,
    place: r.place as ParameterPlace,
    lod: r.lod,
    loq: r.loq,
    holding_hours: r.holding_hours === null ? null : Number(r.holding_hours),
    preservation: r.preservation,
    turnaround_days: r.turnaround_days === null ? null : Number(r.turnaround_days),
    analyte: r.analyte,
    vimcerts: Boolean(Number(r.vimcerts)),
    vilas: Boolean(Number(r.vilas)),
    service:
      r.service_id !== null && r.service_code !== null
        ? { id: r.service_id, code: r.service_code, name: r.service_name ?? '' }
        : null,
    description: r.description,
    active: Boolean(Number(r.active)),
    ...kit.recordStamps(r),
  };
}
