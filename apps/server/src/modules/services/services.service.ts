import {
  SERVICE_OPTIONS_LIMIT,
  SERVICE_SORTS,
  type Service,
  type ServiceCreateBody,
  type ServiceListQuery,
  type ServiceOption,
  type ServiceOptionsQuery,
  type VatRate,
} from '@qlcv/common/schemas/services';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { servicesRepository as repo, type ServiceRow } from './services.repository';

export const SERVICE_ENTITY = 'services';

/** The columns a service's body writes (shared with the import). */
export function serviceValues(body: ServiceCreateBody) {
  return {
    code: body.code,
    name: body.name,
    group_name: body.group,
    unit_id: body.unit_id,
    unit_price: body.unit_price,
    vat_rate: body.vat_rate,
    vat_reducible: body.vat_reducible ? 1 : 0,
    description: body.description ?? null,
    active: body.active ? 1 : 0,
    search_text: searchText(body.code, body.name, body.group),
  };
}

const services = new kit.PlainRecords({
  table: SERVICE_ENTITY,
  notFound: 'Không tìm thấy dịch vụ.',
  find: repo.find,
  toRecord: toService,
  values: serviceValues,
  check: async (db, body) => {
    if (!(await repo.unitExists(db, body.unit_id))) throw invalid('unit_id', 'Đơn vị tính không tồn tại.');
  },
});

const list = new kit.PlainList({ sorts: SERVICE_SORTS, sort: 'code', rows: repo.list, count: repo.count, toRecord: toService });

/** The service catalogue (master data): read by every signed-in user, written with `settings.edit`. */
export class ServicesService extends kit.ListedRecordService<typeof services, ServiceListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, services, list);
  }

  /** The pickers (contract lines): by text, group or ids, at most SERVICE_OPTIONS_LIMIT, by code. */
  async options(q: ServiceOptionsQuery): Promise<ServiceOption[]> {
    const filter = { search: q.search, group: q.group, active: q.active, ids: q.ids };
    const rows = await repo.options(this.db, filter, SERVICE_OPTIONS_LIMIT);
    return rows.map((r) => {
      const s = toService(r);
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        group: s.group,
        unit_id: s.unit_id,
        unit_name: s.unit.name,
        unit_price: s.unit_price,
        vat_rate: s.vat_rate,
        vat_reducible: s.vat_reducible,
      };
    });
  }

  /** The groups in use, in Vietnamese order (the filter's and the form's suggestions). */
  async groups(): Promise<string[]> {
    // Sorted here: the engines' collations differ on Đ and on accents.
    return (await repo.groups(this.db)).sort((a, b) => a.localeCompare(b, 'vi'));
  }

  /** The active units' names, for the import template's help. */
  activeUnitNames(): Promise<string[]> {
    return repo.activeUnitNames(this.db);
  }
}

export function toService(r: ServiceRow): Service {
  return {
    ...kit.recordHead(r),
    group: r.group_name,
    unit_id: r.unit_id,
    unit: { id: r.unit_id, code: r.unit_code, name: r.unit_name },
    unit_price: Number(r.unit_price),
    vat_rate: r.vat_rate as VatRate,
    vat_reducible: Boolean(Number(r.vat_reducible)),
    description: r.description,
    active: Boolean(Number(r.active)),
    ...kit.recordStamps(r),
  };
}
