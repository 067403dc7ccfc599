import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const auditLogsRepository = {
  /** Entries in the order they were written (`asc`) or newest first (`desc`); the id follows the write order. */
  list(db: Kysely<DB>, entity: string, entityId: number, direction: 'asc' | 'desc', limit: number, offset: number) {
    return db
      .selectFrom('audit_logs as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.entity',
        'a.entity_id',
        'a.action',
        'a.changes',
        'a.user_id',
        'a.ip',
        'a.created_at',
        'u.name as user_name',
      ])
      .where('a.entity', '=', entity)
      .where('a.entity_id', '=', entityId)
      .orderBy('a.id', direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, entity: string, entityId: number): Promise<number> {
    const row = await db
      .selectFrom('audit_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
