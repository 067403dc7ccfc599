import type { LeavePolicy, LeavePolicyBody } from '@qlcv/common/schemas/leaves';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { staleVersion } from '../../lib/errors';
import { leaveBalancesRepository as repo } from './leave-balances.repository';

// The rules of the annual balance: the entitlement of a year, and the company's policy row (negative balance,
// carry-over cap and expiry).

/** Annual days before seniority; one more per full five years of service (Labour Code art. 113–114). */
export const BASE_ANNUAL_DAYS = 12;

/**
 * Entitlement of a year, in half days. Seniority counts the full years of service at 31 December of the year. In the
 * joining year it is prorated by month: the months from the joining month to December (the joining month counts in
 * full), 12 × months / 12, rounded down to a half day. No entitlement before the joining year.
 */
export function entitlementHalfDays(joinedAt: string | null, year: number): number {
  if (!joinedAt) return BASE_ANNUAL_DAYS * 2;
  const joinYear = Number(joinedAt.slice(0, 4));
  const joinMonth = Number(joinedAt.slice(5, 7));
  if (year < joinYear) return 0;
  if (year === joinYear) return Math.floor((BASE_ANNUAL_DAYS * (13 - joinMonth) * 2) / 12);
  const years = year - joinYear;
  return (BASE_ANNUAL_DAYS + Math.floor(years / 5)) * 2;
}

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
