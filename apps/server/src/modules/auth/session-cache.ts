import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { authRepository } from './auth.repository';

export type TokenRow = NonNullable<Awaited<ReturnType<typeof authRepository.findToken>>>;

/** Past this many tokens the oldest kept one is forgotten (and read from the database on its next call). */
const MAX_SESSIONS = 10_000;

/**
 * The token, user and role rows behind recent bearer tokens, reused while the `sessions` data version is unchanged
 * (migration 0026: every committed change to a token, a user's name, status, role or department, or a role raises
 * it, on any instance). A call then reads one version row instead of joining three tables; a revoked token or a
 * locked user is refused on the very next call. Keyed by the token's hash, as the table is.
 */
export class SessionCache {
  private readonly entries = new Map<string, { version: number; row: TokenRow }>();
  private readonly versionQuery: CompiledQuery<{ version: number }>;

  constructor(private readonly db: Kysely<DB>) {
    this.versionQuery = db.selectFrom('data_versions').select('version').where('name', '=', 'sessions').compile();
  }

  /**
   * The token's row: the kept one when nothing changed since it was read, else `read()`'s. The version is read first,
   * so a change committed while `read` runs leaves the row under the older version, which the next call refreshes.
   */
  async row(tokenHash: string, read: () => Promise<TokenRow | undefined>): Promise<TokenRow | undefined> {
    const result = await this.db.executeQuery(this.versionQuery);
    const version = Number(result.rows[0]?.version ?? -1);
    const hit = this.entries.get(tokenHash);
    if (hit && hit.version === version) return hit.row;
    const row = await read();
    this.entries.delete(tokenHash);
    if (!row) return undefined;
    this.entries.set(tokenHash, { version, row });
    if (this.entries.size > MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value as string);
    return row;
  }
}
