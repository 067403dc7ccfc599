import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/** Tables whose rows decide which ids a cached list page holds and its total (lib/list-cache.ts). */
export const LIST_VERSION_TABLES = ['requests', 'works', 'work_participants', 'customers'] as const;

/**
 * One version number for the big lists, raised by every committed write to their tables, so a list page's ids and
 * total can be reused until something changes; plus the indexes that let "my works" read its page in order.
 */
export function listVersion(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('works_assignee_created_idx')
        .on('works')
        .columns(['assignee_id', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('works_creator_created_idx').on('works').columns(['created_by', 'created_at', 'id']).execute();

      await db.schema
        .createTable('data_versions')
        .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into data_versions (name, version) values ('lists', 0)`.execute(db);

      if (kind === 'postgres') {
        // Raised once per transaction, at commit (a deferred trigger): the version row is the last lock a writer
        // takes, so two writers can never wait on each other through it.
        await sql
          .raw(`create function qlcv_bump_list_version() returns trigger language plpgsql as $$
            begin
              if current_setting('qlcv.list_version_txid', true) is distinct from txid_current()::text then
                perform set_config('qlcv.list_version_txid', txid_current()::text, true);
                update data_versions set version = version + 1 where name = 'lists';
              end if;
              return null;
            end $$`)
          .execute(db);
        for (const table of LIST_VERSION_TABLES) {
          await sql
            .raw(`create constraint trigger ${table}_list_version after insert or update or delete on ${table}
              deferrable initially deferred for each row execute function qlcv_bump_list_version()`)
            .execute(db);
        }
        return;
      }
      // SQLite has one writer at a time: a plain trigger per change is enough.
      for (const table of LIST_VERSION_TABLES) {
        for (const [suffix, event] of [
          ['ai', 'insert'],
          ['au', 'update'],
          ['ad', 'delete'],
        ] as const) {
          await sql
            .raw(`create trigger ${table}_list_version_${suffix} after ${event} on ${table} begin
              update data_versions set version = version + 1 where name = 'lists'; end`)
            .execute(db);
        }
      }
    },
  };
}
