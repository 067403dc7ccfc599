import type { Paginated } from '@qlcv/common/schemas/common';
import {
  SERVICE_OPTIONS_LIMIT,
  SERVICE_SORTS,
  type Service,
  type ServiceCreateBody,
  type ServiceListQuery,
  type ServiceOption,
  type ServiceOptionsQuery,
  type ServiceUpdateBody,
  type VatRate,
} from '@qlcv/common/schemas/services';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { invalid, notFound, staleVersion } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export const SERVICE_ENTITY = 'services';

type Filter = Partial<Pick<ServiceListQuery, 'search' | 'group' | 'unit_id' | 'vat_rate' | 'active'>> & { ids?: number[] };

function filtered(db: Kysely<DB>, f: Filter) {
  let q = db.selectFrom('services as s').innerJoin('units as u', 'u.id', 's.unit_id');
  const pattern = likePattern(f.search);
  if (pattern) q = q.where(likeNormalized('s.search_text', pattern));
  if (f.group) q = q.where('s.group_name', '=', f.group);
  if (f.unit_id) q = q.where('s.unit_id', '=', f.unit_id);
  if (f.vat_rate?.length) q = q.where('s.vat_rate', 'in', f.vat_rate);
  if (f.active !== undefined) q = q.where('s.active', '=', f.active ? 1 : 0);
  if (f.ids) q = q.where('s.id', 'in', f.ids.length ? f.ids : [0]);
  return q;
}

const withUnit = (q: ReturnType<typeof filtered>) => q.selectAll('s').select(['u.code as unit_code', 'u.name as unit_name']);

type ServiceRow = Awaited<ReturnType<ReturnType<typeof withUnit>['executeTakeFirstOrThrow']>>;

/** The sort columns of the API, as the table names them. */
const SORT_COLUMN: Record<(typeof SERVICE_SORTS)[number], string> = {
  code: 's.code',
  name: 's.name',
  group: 's.group_name',
  unit_price: 's.unit_price',
  created_at: 's.created_at',
  updated_at: 's.updated_at',
};

export function toService(r: ServiceRow): Service {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    group: r.group_name,
    unit_id: r.unit_id,
    unit: { id: r.unit_id, code: r.unit_code, name: r.unit_name },
    unit_price: Number(r.unit_price),
    vat_rate: r.vat_rate as VatRate,
    vat_reducible: Boolean(Number(r.vat_reducible)),
    description: r.description,
    active: Boolean(Number(r.active)),
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

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

/** The service catalogue (master data): read by every signed-in user, written with `settings.edit`. */
export class ServicesService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: ServiceListQuery): Promise<Paginated<Service>> {
    const sort = parseSort(q.sort, SERVICE_SORTS, 'code');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      withUnit(filtered(this.db, q))
        .orderBy(SORT_COLUMN[sort.column] as 's.code', sort.direction)
        .orderBy('s.id', sort.direction)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
      filtered(this.db, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return toPage(rows.map(toService), Number(total.n), w);
  }

  exportRows(q: ServiceListQuery): Promise<AsyncIterable<Service>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** The pickers (contract lines): by text, group or ids, at most SERVICE_OPTIONS_LIMIT, by code. */
  async options(q: ServiceOptionsQuery): Promise<ServiceOption[]> {
    const rows = await withUnit(filtered(this.db, { search: q.search, group: q.group, active: q.active, ids: q.ids }))
      .orderBy('s.code')
      .orderBy('s.id')
      .limit(SERVICE_OPTIONS_LIMIT)
      .execute();
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
    const rows = await this.db.selectFrom('services').select('group_name').distinct().execute();
    // Sorted here: the engines' collations differ on Đ and on accents.
    return rows.map((r) => r.group_name).sort((a, b) => a.localeCompare(b, 'vi'));
  }

  /** The active units' names, for the import template's help. */
  async activeUnitNames(): Promise<string[]> {
    const rows = await this.db.selectFrom('units').select('name').where('active', '=', 1).orderBy('name').execute();
    return rows.map((r) => r.name);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Service> {
    const r = await withUnit(filtered(db, {})).where('s.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Không tìm thấy dịch vụ.');
    return toService(r);
  }

  private async checkRefs(db: Kysely<DB>, body: ServiceCreateBody, selfId?: number) {
    let same = db.selectFrom('services').select('id').where('code', '=', body.code);
    if (selfId) same = same.where('id', '!=', selfId);
    if (await same.executeTakeFirst()) throw taken('services.code');
    const unit = await db.selectFrom('units').select('id').where('id', '=', body.unit_id).executeTakeFirst();
    if (!unit) throw invalid('unit_id', 'Đơn vị tính không tồn tại.');
  }

  async create(actor: Actor, body: ServiceCreateBody): Promise<Service> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, body);
      const now = nowIso();
      const r = await trx
        .insertInto('services')
        .values({ ...serviceValues(body), created_by: actor.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await this.get(r.id, trx);
      await writeAudit(trx, actor, { entity: SERVICE_ENTITY, entityId: r.id, action: 'create', changes: diff(null, after) });
      return after;
    });
  }

  async update(actor: Actor, id: number, body: ServiceUpdateBody): Promise<Service> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.checkRefs(trx, body, id);
      const r = await trx
        .updateTable('services')
        .set({ ...serviceValues(body), version: body.version + 1, updated_at: nowIso() })
        .where('id', '=', id)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw staleVersion();
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: SERVICE_ENTITY, entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await trx.deleteFrom('services').where('id', '=', id).execute();
      await writeAudit(trx, actor, { entity: SERVICE_ENTITY, entityId: id, action: 'delete', changes: diff(before, null) });
    });
  }
}
