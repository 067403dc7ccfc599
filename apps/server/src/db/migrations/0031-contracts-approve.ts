import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 21, separation of duties on contracts: signing or returning a contract that waits for approval needs the new
 * key `contracts.approve` and is never done by whoever submitted it. The contract keeps who submitted it and when
 * (a contract waiting now takes them from its last `submit` in the history).
 *
 * An upgrade keeps who signs: until now anyone who could open a contract (`contracts.show`) signed and returned it,
 * so every role holding `contracts.show` receives `contracts.approve` (and its version moves, so sessions read the new
 * key at once). An administrator narrows it in the role editor. A new installation has no role yet here: the demo
 * gives the key to the director alone.
 */
export function contractsApprove(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('contracts')
        .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('contracts').addColumn('submitted_at', d.timestamp).execute();
      await upgradeContractsApprove(db);
    },
  };
}

/** The data part, apart so a test runs it on a database holding what an upgraded one holds. */
export async function upgradeContractsApprove(db: Kysely<unknown>): Promise<void> {
  await sql`
    update contracts set
      submitted_by = (select a.user_id from audit_logs a
        where a.entity = 'contracts' and a.entity_id = contracts.id and a.action = 'submit'
        order by a.id desc limit 1),
      submitted_at = (select a.created_at from audit_logs a
        where a.entity = 'contracts' and a.entity_id = contracts.id and a.action = 'submit'
        order by a.id desc limit 1)
    where status = 'pending_approval'`.execute(db);

  const holders = await sql<{ role_id: number }>`
    select distinct rp.role_id from role_permissions rp
    where rp.permission = 'contracts.show'
      and not exists (select 1 from role_permissions x where x.role_id = rp.role_id and x.permission = 'contracts.approve')`.execute(
    db,
  );
  for (const { role_id } of holders.rows) {
    await sql`insert into role_permissions (role_id, permission) values (${role_id}, 'contracts.approve')`.execute(db);
    await sql`update roles set version = version + 1 where id = ${role_id}`.execute(db);
  }
}
