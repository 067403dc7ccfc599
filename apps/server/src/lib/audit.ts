import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from './clock';

/** Who did something and from where; every service call that changes data receives one. */
export interface Actor {
  id: number;
  name: string;
  roleId: number;
  roleCode: string;
  departmentId: number | null;
  permissions: readonly string[];
  /** The access token this request came with, so a password change can keep it alive. */
  tokenId: number;
  ip: string | null;
  userAgent: string | null;
}

const HIDDEN = new Set(['password_hash', 'search_text', 'version', 'updated_at', 'created_at']);

/** Field-by-field difference of two records, leaving out what is internal. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const changes: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (HIDDEN.has(key)) continue;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a, b];
  }
  return changes;
}

export async function writeAudit(
  db: Kysely<DB>,
  actor: Pick<Actor, 'id' | 'ip' | 'userAgent'> | null,
  entry: { entity: string; entityId: number; action: string; changes?: Record<string, unknown> | null },
): Promise<void> {
  // An update that changed nothing leaves no entry in the timeline.
  if (entry.action === 'update' && entry.changes && Object.keys(entry.changes).length === 0) return;
  await db
    .insertInto('audit_logs')
    .values({
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      changes: entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(entry.changes) : null,
      user_id: actor?.id ?? null,
      ip: actor?.ip ?? null,
      user_agent: actor?.userAgent?.slice(0, 300) ?? null,
      created_at: nowIso(),
    })
    .execute();
}
