import type { LeaveType, LeaveTypeCreateBody, LeaveTypeUpdateBody } from '@qlcv/common/schemas/leave-types';
import type { Kysely, Selectable } from 'kysely';
import type { DB, LeaveTypesTable } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { conflict, notFound, staleVersion } from '../../lib/errors';
import { lockRow } from '../../lib/row-lock';

const ENTITY = 'leave_types';

function toType(r: Selectable<LeaveTypesTable>): LeaveType {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    symbol: r.symbol,
    paid: Boolean(Number(r.paid)),
    uses_balance: Boolean(Number(r.uses_balance)),
    active: Boolean(Number(r.active)),
    sort_order: r.sort_order,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Leave types are data (a company may add one); one in use is never deleted, only set inactive. */
export class LeaveTypesService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(): Promise<LeaveType[]> {
    const rows = await this.db.selectFrom('leave_types').selectAll().orderBy('sort_order').orderBy('id').execute();
    return rows.map(toType);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<LeaveType> {
    const r = await db.selectFrom('leave_types').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Không tìm thấy loại nghỉ.');
    return toType(r);
  }

  private async uniqueCode(db: Kysely<DB>, code: string, selfId?: number) {
    let q = db.selectFrom('leave_types').select('id').where('code', '=', code);
    if (selfId) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) throw taken('leave_types.code');
  }

  private values(body: LeaveTypeCreateBody) {
    return {
      code: body.code,
      name: body.name,
      symbol: body.symbol,
      paid: body.paid ? 1 : 0,
      uses_balance: body.uses_balance ? 1 : 0,
      active: body.active ? 1 : 0,
      sort_order: body.sort_order,
    };
  }

  async create(actor: Actor, body: LeaveTypeCreateBody): Promise<LeaveType> {
    return this.db.transaction().execute(async (trx) => {
      await this.uniqueCode(trx, body.code);
      const now = nowIso();
      const r = await trx
        .insertInto('leave_types')
        .values({ ...this.values(body), created_by: actor.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await this.get(r.id, trx);
      await writeAudit(trx, actor, { entity: ENTITY, entityId: r.id, action: 'create', changes: diff(null, after) });
      return after;
    });
  }

  async update(actor: Actor, id: number, body: LeaveTypeUpdateBody): Promise<LeaveType> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.uniqueCode(trx, body.code, id);
      const r = await trx
        .updateTable('leave_types')
        .set({ ...this.values(body), version: body.version + 1, updated_at: nowIso() })
        .where('id', '=', id)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw staleVersion();
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: ENTITY, entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a row being written that references it is waited for, a later one finds it gone.
      await lockRow(trx, 'leave_types', id, 'delete');
      const before = await this.get(id, trx);
      const used = await trx.selectFrom('leaves').select('id').where('leave_type_id', '=', id).executeTakeFirst();
      const ledger = await trx.selectFrom('leave_ledger').select('id').where('leave_type_id', '=', id).executeTakeFirst();
      if (used || ledger) throw conflict('Loại nghỉ đã được dùng trong đơn nghỉ, chỉ có thể ngừng sử dụng.', 'IN_USE');
      await trx.deleteFrom('leave_types').where('id', '=', id).execute();
      await writeAudit(trx, actor, { entity: ENTITY, entityId: id, action: 'delete', changes: diff(before, null) });
    });
  }
}
