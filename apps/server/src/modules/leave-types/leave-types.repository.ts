import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const leaveTypesRepository = {
  list(db: Kysely<DB>) {
    return db.selectFrom('leave_types').selectAll().orderBy('sort_order').orderBy('id').execute();
  },

  find(db: Kysely<DB>, id: number) {
    return db.selectFrom('leave_types').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByCode(db: Kysely<DB>, code: string) {
    return db.selectFrom('leave_types').selectAll().where('code', '=', code).executeTakeFirst();
  },

  /** Whether a leave or a balance entry names the type. */
  async inUse(db: Kysely<DB>, id: number): Promise<boolean> {
    const used = await db.selectFrom('leaves').select('id').where('leave_type_id', '=', id).executeTakeFirst();
    const ledger = await db.selectFrom('leave_ledger').select('id').where('leave_type_id', '=', id).executeTakeFirst();
    return Boolean(used || ledger);
  },
};
