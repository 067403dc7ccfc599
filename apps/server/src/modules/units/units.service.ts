import type { Paginated } from '@qlcv/common/schemas/common';
import {
  UNIT_SORTS,
  type Unit,
  type UnitCreateBody,
  type UnitListQuery,
  type UnitOption,
  type UnitOptionsQuery,
  type UnitUpdateBody,
} from '@qlcv/common/schemas/units';
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

export const UNIT_ENTITY = 'units';

function filtered(db: Kysely<DB>, q: Pick<UnitListQuery, 'search' | 'active'>) {
  let s = db.selectFrom('units as u');
  const pattern = likePattern(q.search);
  if (pattern) s = s.where(likeNormalized('u.search_text', pattern));
  if (q.active !== undefined) s = s.where('u.active', '=', q.active ? 1 : 0);
  return s;
}

function withCount(q: ReturnType<typeof filtered>) {
  return q.selectAll('u').select((eb) =>
    eb
      .selectFrom('services')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('services.unit_id', '=', 'u.id')
      .as('services_count'),
  );
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof withCount>['executeTakeFirstOrThrow']>>;

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

/** Units of measure (settings.units): plain CRUD; a unit a service is priced in is never deleted, only set inactive. */
export class UnitsService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: UnitListQuery): Promise<Paginated<Unit>> {
    const sort = parseSort(q.sort, UNIT_SORTS, 'code');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      withCount(filtered(this.db, q))
        .orderBy(`u.${sort.column}`, sort.direction)
        .orderBy('u.id', sort.direction)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
      filtered(this.db, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return toPage(rows.map(toUnit), Number(total.n), w);
  }

  exportRows(q: UnitListQuery): Promise<AsyncIterable<Unit>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** Every unit for the pickers, active ones first (an inactive unit still labels the services priced in it). */
  async options(q: UnitOptionsQuery): Promise<UnitOption[]> {
    let s = this.db.selectFrom('units').select(['id', 'code', 'name', 'active']);
    if (q.active !== undefined) s = s.where('active', '=', q.active ? 1 : 0);
    const rows = await s.orderBy('active', 'desc').orderBy('name').orderBy('id').execute();
    return rows.map((r) => ({ ...r, active: Boolean(Number(r.active)) }));
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Unit> {
    const r = await withCount(filtered(db, {})).where('u.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Không tìm thấy đơn vị tính.');
    return toUnit(r);
  }

  private async uniqueCode(db: Kysely<DB>, code: string, selfId?: number) {
    let q = db.selectFrom('units').select('id').where('code', '=', code);
    if (selfId) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) throw taken('units.code');
  }

  private values(body: UnitCreateBody) {
    return {
      code: body.code,
      name: body.name,
      description: body.description ?? null,
      active: body.active ? 1 : 0,
      search_text: searchText(body.code, body.name),
    };
  }

  async create(actor: Actor, body: UnitCreateBody): Promise<Unit> {
    return this.db.transaction().execute(async (trx) => {
      await this.uniqueCode(trx, body.code);
      const now = nowIso();
      const r = await trx
        .insertInto('units')
        .values({ ...this.values(body), created_by: actor.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await this.get(r.id, trx);
      await writeAudit(trx, actor, { entity: UNIT_ENTITY, entityId: r.id, action: 'create', changes: diff(null, after) });
      return after;
    });
  }

  async update(actor: Actor, id: number, body: UnitUpdateBody): Promise<Unit> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.uniqueCode(trx, body.code, id);
      const r = await trx
        .updateTable('units')
        .set({ ...this.values(body), version: body.version + 1, updated_at: nowIso() })
        .where('id', '=', id)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw staleVersion();
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: UNIT_ENTITY, entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a service being created in this unit is waited for, a later one finds it gone.
      await lockRow(trx, 'units', id, 'delete');
      const before = await this.get(id, trx);
      if (before.services_count > 0) {
        throw conflict(
          `Không thể xóa đơn vị tính đang được dùng cho ${before.services_count} dịch vụ. Hãy ngừng sử dụng thay vì xóa.`,
          'IN_USE',
        );
      }
      await trx.deleteFrom('units').where('id', '=', id).execute();
      await writeAudit(trx, actor, { entity: UNIT_ENTITY, entityId: id, action: 'delete', changes: diff(before, null) });
    });
  }
}
