import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type Actor, writeAudit } from './audit';
import { nowIso } from './clock';
import { type DomainEventType, recordEvent } from './domain-events';
import type { AppError } from './errors';

/** Columns every status change may write that its history entry leaves out. */
const UNAUDITED = ['updated_at', 'hold_status'];

/** One status change of a record (a request, a work), as `changeStatus` makes it. */
export interface StatusChange<R extends { code: string; status: string }> {
  /** The entity name in the history and the domain events (`requests`, `works`). */
  entity: string;
  id: number;
  /** The record as read in this transaction. */
  row: R;
  /** The statuses the change is allowed from. */
  from: readonly string[];
  /** The 409 for a record in a status the change is not allowed from. */
  wrongState: (status: string) => AppError;
  /** Checks of its own, then the columns to write (`status` among them); runs once the status allows the change. */
  values: (now: string) => Promise<Record<string, unknown>>;
  /** The repository's conditional UPDATE (`… WHERE id = ? AND status IN (from)`): whether the row changed. */
  write: (values: Record<string, unknown>) => Promise<boolean>;
  /** The record's status now, for the 409 of a change that lost the race. */
  statusNow: () => Promise<string | undefined>;
  /** Further writes in the same transaction once the row has changed; what they add to the history entry. */
  after?: (now: string) => Promise<Record<string, unknown> | undefined>;
  action: string;
  event: DomainEventType;
  /** Added to the event's `{ code, from, to }`; asked for once `values` and `after` have run. */
  payload?: () => Record<string, unknown>;
  /** Written columns the history leaves out, besides `updated_at` and `hold_status`. */
  unaudited?: readonly string[];
}

/**
 * One status change inside the caller's transaction: allowed only from `from`, made as a conditional UPDATE so that
 * of concurrent calls exactly one changes the record (the others get the 409 of the status they find), then its
 * history entry (each written column that changed, plus what `after` adds) and its domain event. Returns the new
 * status.
 */
export async function changeStatus<R extends { code: string; status: string }>(
  trx: Kysely<DB>,
  actor: Actor,
  c: StatusChange<R>,
): Promise<string> {
  if (!c.from.includes(c.row.status)) throw c.wrongState(c.row.status);
  const now = nowIso();
  const values: Record<string, unknown> = { ...(await c.values(now)), updated_at: now };
  if (!(await c.write(values))) throw c.wrongState((await c.statusNow()) ?? c.row.status);
  const to = String(values.status ?? c.row.status);
  const skip = [...UNAUDITED, ...(c.unaudited ?? [])];
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (skip.includes(key)) continue;
    const old = (c.row as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[key] = [old, value ?? null];
  }
  Object.assign(changes, (await c.after?.(now)) ?? {});
  await writeAudit(trx, actor, { entity: c.entity, entityId: c.id, action: c.action, changes });
  await recordEvent(trx, {
    type: c.event,
    entity: c.entity,
    entityId: c.id,
    actorId: actor.id,
    payload: { code: c.row.code, from: c.row.status, to, ...(c.payload?.() ?? {}) },
  });
  return to;
}
