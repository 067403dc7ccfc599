import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface RequestTypeFilter {
  search: string | null;
  isPublic?: boolean;
  active?: boolean;
  processId?: number;
}

function filtered(db: Kysely<DB>, f: RequestTypeFilter) {
  let q = db.selectFrom('request_types as rt');
  if (f.search) q = q.where(likeNormalized('rt.search_text', f.search));
  if (f.isPublic !== undefined) q = q.where('rt.is_public', '=', f.isPublic ? 1 : 0);
  if (f.active !== undefined) q = q.where('rt.active', '=', f.active ? 1 : 0);
  if (f.processId !== undefined) q = q.where('rt.process_id', '=', f.processId);
  return q;
}

function withRelations(q: ReturnType<typeof filtered>) {
  return q
    .leftJoin('processes as p', 'p.id', 'rt.process_id')
    .select([
      'rt.id',
      'rt.code',
      'rt.name',
      'rt.description',
      'rt.process_id',
      'rt.is_public',
      'rt.service_group',
      'rt.active',
      'rt.version',
      'rt.created_at',
      'rt.updated_at',
      'p.name as process_name',
      'p.active as process_active',
    ])
    .select((eb) =>
      eb
        .selectFrom('requests as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.request_type_id', '=', 'rt.id')
        .as('requests_count'),
    );
}

export type RequestTypeRow = NonNullable<Awaited<ReturnType<typeof requestTypesRepository.find>>>;

export const requestTypesRepository = {
  list(db: Kysely<DB>, f: RequestTypeFilter, sort: { column: string; direction: 'asc' | 'desc' }, limit: number, offset: number) {
    // Types without a service group last either way (SQLite and PostgreSQL would put them at opposite ends).
    return withRelations(filtered(db, f))
      .orderBy(`rt.${sort.column}` as 'rt.name', (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('rt.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: RequestTypeFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Every active type, by name: what the request type pickers show. */
  options(db: Kysely<DB>) {
    return db
      .selectFrom('request_types')
      .select(['id', 'code', 'name', 'process_id', 'is_public', 'service_group'])
      .where('active', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withRelations(filtered(db, { search: null }))
      .where('rt.id', '=', id)
      .executeTakeFirst();
  },

  processOf(db: Kysely<DB>, id: number) {
    return db.selectFrom('processes').select(['id', 'active']).where('id', '=', id).executeTakeFirst();
  },

  /**
   * What the public form offers: active, public types whose process is active and has at least one step (a request
   * on a process without steps could never be received). Grouped by service group (types without one last), then name.
   */
  publicList(db: Kysely<DB>) {
    return db
      .selectFrom('request_types as rt')
      .innerJoin('processes as p', 'p.id', 'rt.process_id')
      .select(['rt.id', 'rt.name', 'rt.description', 'rt.service_group'])
      .where('rt.active', '=', 1)
      .where('rt.is_public', '=', 1)
      .where('p.active', '=', 1)
      .where((eb) => eb.exists(eb.selectFrom('process_steps as s').select('s.id').whereRef('s.process_id', '=', 'p.id')))
      .orderBy('rt.service_group', (ob) => ob.asc().nullsLast())
      .orderBy('rt.name')
      .orderBy('rt.id')
      .execute();
  },

  /** The fields a request needs from its type, whatever the type's state (the caller judges). */
  forRequest(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('request_types as rt')
      .leftJoin('processes as p', 'p.id', 'rt.process_id')
      .select(['rt.id', 'rt.name', 'rt.process_id', 'rt.active', 'rt.is_public', 'p.active as process_active'])
      .where('rt.id', '=', id)
      .executeTakeFirst();
  },
};
