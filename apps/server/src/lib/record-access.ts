import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from './audit';

/** Whether the actor may do something with one record: false for a record that does not exist or lies outside their scope. */
export type RecordCheck = (db: Kysely<DB>, entityId: number, actor: Actor) => Promise<boolean>;

/** Who may see and change the files attached to an entity's records. */
export interface RecordAccess {
  canRead: RecordCheck;
  canEdit: RecordCheck;
}

/**
 * What a module declares, in one place (its `<name>.access.ts`), about the records it owns, for the modules that
 * keep things about any record: the documents attached to them and their history. `app.ts` wires every declaration.
 */
export interface ModuleAccess {
  /** The files of the module's records, by entity name. */
  documents?: Record<string, RecordAccess>;
  /** The history of a scoped entity's records: read only inside the scope (404 outside), by entity name. */
  history?: Record<string, RecordCheck>;
}
