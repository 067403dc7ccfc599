import { UNIT_SORTS, type Unit, type UnitCreateBody, type UnitListQuery, type UnitOption } from '@qlcv/common/schemas/units';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as kit from '../../lib/plain-record';
import { unitsRepository as repo, type UnitRow } from './units.repository';

export const UNIT_ENTITY = 'units';

const units = new kit.PlainRecords({
  table: UNIT_ENTITY,
  notFound: 'Không tìm thấy đơn vị tính.',
  find: repo.find,
  toRecord: toUnit,
  values: (body: UnitCreateBody) => kit.codeNameValues(body),
  inUse: (_db, unit) =>
    kit.refusedWhileUsed(
      unit.services_count,
      `Không thể xóa đơn vị tính đang được dùng cho ${unit.services_count} dịch vụ. Hãy ngừng sử dụng thay vì xóa.`,
      'IN_USE',
    ),
});

const list = new kit.PlainList({ sorts: UNIT_SORTS, sort: 'code', rows: repo.list, count: repo.count, toRecord: toUnit });

/** Units of measure (settings.units): plain CRUD; a unit a service is priced in is never deleted, only set inactive. */
export class UnitsService extends kit.ListedRecordService<typeof units, UnitListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, units, list);
  }

  /** Every unit for the pickers, active ones first (an inactive unit still labels the services priced in it). */
  async options(q: Parameters<typeof repo.options>[1]): Promise<UnitOption[]> {
    const rows = await repo.options(this.db, q);
    return rows.map((r) => ({ ...r, active: Boolean(Number(r.active)) }));
  }
}

function toUnit(r: UnitRow): Unit {
  return {
    ...kit.recordHead(r),
    description: r.description,
    active: Boolean(Number(r.active)),
    services_count: Number(r.services_count ?? 0),
    ...kit.recordStamps(r),
  };
}
