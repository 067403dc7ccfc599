import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * What a signed-in caller's actor is read from, column by column: a committed change to any of these raises the
 * `sessions` data version, so each instance may keep the actor of a token in memory and check one version row per
 * call instead of reading the token, user and role (modules/auth/session-cache.ts). Recording the token's last use is
 * not among them.
 */
const WATCHED = [
  ['access_tokens', 'delete', null],
  ['access_tokens', 'update', 'token_hash, user_id, expires_at'],
  ['users', 'delete', null],
  ['users', 'update', 'name, status, role_id, department_id'],
  ['roles', 'delete', null],
  ['roles', 'update', 'code, version'],
] as const;

export function sessionVersion(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`insert into data_versions (name, version) values ('sessions', 0)`.execute(db);
      if (kind === 'postgres') {
        // Once per transaction, at commit, as the lists' version (0007): the last lock a writer takes.
        await sql
          .raw(`create function qlcv_bump_session_version() returns trigger language plpgsql as $$
            begin
              if current_setting('qlcv.session_version_txid', true) is distinct from txid_current()::text then
                perform set_config('qlcv.session_version_txid', txid_current()::text, true);
                update data_versions set version = version + 1 where name = 'sessions';
              end if;
              return null;
            end $$`)
          .execute(db);
        for (const [table, event, columns] of WATCHED) {
          await sql
            .raw(`create constraint trigger ${table}_session_version_${event} after ${event}${columns ? ` of ${columns}` : ''}
              on ${table} deferrable initially deferred for each row execute function qlcv_bump_session_version()`)
            .execute(db);
        }
        return;
      }
      for (const [table, event, columns] of WATCHED) {
        await sql
          .raw(`create trigger ${table}_session_version_${event} after ${event}${columns ? ` of ${columns}` : ''} on ${table}
            begin update data_versions set version = version + 1 where name = 'sessions'; end`)
          .execute(db);
      }
    },
  };
}
