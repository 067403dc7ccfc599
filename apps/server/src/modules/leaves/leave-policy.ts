import type { LeavePolicy, LeavePolicyBody } from '@qlcv/common/schemas/leaves';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { staleVersion } from '../../lib/errors';
import { leaveBalancesRepository as repo } from './leave-balances.repository';

// The company's policy row of the annual balance (negative balance, carry-over cap and expiry).

/** The one policy row. */
export async function readPolicy(db: Kysely<DB>): Promise<LeavePolicy> {
  const p = await repo.policy(db);
  return {
    allow_negative_balance: Boolean(Number(p.allow_negative_balance)),
    carry_over_cap_days: p.carry_over_cap_days,
    carry_over_expires: p.carry_over_expires,
    version: p.version,
    updated_at: p.updated_at,
  };
}

/** Saves the policy with the version read (409 when stale). */
export async function savePolicy(db: Kysely<DB>, actor: Actor, body: LeavePolicyBody): Promise<LeavePolicy> {
  return db.transaction().execute(async (trx) => {
    const before = await readPolicy(trx);
    const saved = await repo.savePolicy(
      trx,
      {
        allow_negative_balance: body.allow_negative_balance ? 1 : 0,
        carry_over_cap_days: body.carry_over_cap_days,
        carry_over_expires: body.carry_over_expires,
      },
      body.version,
    );
    if (!saved) throw staleVersion();
    const after = await readPolicy(trx);
    await writeAudit(trx, actor, {
      entity: 'leave_policies',
      entityId: 1,
      action: 'update',
      changes: diff(before, after),
    });
    return after;
  });
}
