import { type Insertable, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB, DeliveriesTable } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface DeliveryFilter {
  channels?: string[];
  statuses?: string[];
  event?: string;
  /** A pattern from `likePattern`: the recipient's address, or the name of the user it went to. */
  search: string | null;
}

function filtered(db: Kysely<DB>, f: DeliveryFilter) {
  let q = db.selectFrom('deliveries as d');
  if (f.channels?.length) q = q.where('d.channel', 'in', f.channels);
  if (f.statuses?.length) q = q.where('d.status', 'in', f.statuses);
  if (f.event) q = q.where('d.event', '=', f.event);
  if (f.search) {
    const pattern = f.search;
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(d.recipient) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.id', '=', 'd.user_id')
            .where(likeNormalized('u.search_text', pattern)),
        ),
      ]),
    );
  }
  return q;
}

export const deliveriesRepository = {
  list(db: Kysely<DB>, f: DeliveryFilter, sort: { column: string; direction: 'asc' | 'desc' }, limit: number, offset: number) {
    return filtered(db, f)
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select('u.name as user_name')
      .orderBy(`d.${sort.column}` as 'd.created_at', sort.direction)
      .orderBy('d.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: DeliveryFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('deliveries as d')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select('u.name as user_name')
      .where('d.id', '=', id)
      .executeTakeFirst();
  },
  /** Closes a `failed` delivery that is being resent by hand; false when it is no longer `failed`. */
  async closeFailed(db: Kysely<DB>, id: number, lastError: string, now: string): Promise<boolean> {
    const r = await db
      .updateTable('deliveries')
      .set({ status: 'dead', last_error: lastError, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) !== 0;
  },

  async insert(db: Kysely<DB>, row: Insertable<DeliveriesTable>): Promise<number> {
    const { id } = await db.insertInto('deliveries').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },
};

export type DeliveryListRow = NonNullable<Awaited<ReturnType<typeof deliveriesRepository.find>>>;
