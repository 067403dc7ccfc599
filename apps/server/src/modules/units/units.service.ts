import type { Paginated } from '@qlcv/common/schemas/common';
import {
  UNIT_SORTS,
  type Unit,
  type UnitCreateBody,
  type UnitListQuery,
  type UnitOption,
  type UnitOptionsQuery,
} from '@qlcv/common/schemas/units';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { allRows, parseSort } from '../../lib/pagination';
import { PlainRecordService, PlainRecords, pageOf } from '../../lib/plain-record';
import { unitsRepository as repo, type UnitRow } from './units.repository';

export const UNIT_ENTITY = 'units';

function toUnit(r: UnitRow): Unit {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    active: Boolean(Number(r.active)),
    services_count: Number(r.services_count ?? 0),
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const units = new PlainRecords({
  table: 'units',
  entity: UNIT_ENTITY,
  notFound: 'Không tìm thấy đơn vị tính.',
  code: 'units.code',
  find: repo.find,
  toRecord: toUnit,
  values: (body: UnitCreateBody) => ({
    code: body.code,
    name: body.name,
    description: body.description ?? null,
    active: body.active ? 1 : 0,
    search_text: searchText(body.code, body.name),
  }),
  inUse: (_db, unit) =>
    unit.services_count > 0
      ? conflict(
          `Không thể xóa đơn vị tính đang được dùng cho ${unit.services_count} dịch vụ. Hãy ngừng sử dụng thay vì xóa.`,
          'IN_USE',
        )
      : null,
});

/** Units of measure (settings.units): plain CRUD; a unit a service is priced in is never deleted, only set inactive. */
export class UnitsService extends PlainRecordService<typeof units> {
  constructor(db: Kysely<DB>) {
    super(db, units);
  }

  async list(q: UnitListQuery): Promise<Paginated<Unit>> {
    const sort = parseSort(q.sort, UNIT_SORTS, 'code');
    return pageOf(
      q,
      (w) => repo.list(this.db, q, sort, w),
      () => repo.count(this.db, q),
      toUnit,
    );
  }

  exportRows(q: UnitListQuery): Promise<AsyncIterable<Unit>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** Every unit for the pickers, active ones first (an inactive unit still labels the services priced in it). */
  async options(q: UnitOptionsQuery): Promise<UnitOption[]> {
    const rows = await repo.options(this.db, q);
    return rows.map((r) => ({ ...r, active: Boolean(Number(r.active)) }));
  }
}
