import type { LeaveAdjustmentBody, LeaveBalance, LeavePolicy } from '@qlcv/common/schemas/leaves';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { forbidden, invalid } from '../../lib/errors';
import { lockRow } from '../../lib/row-lock';
import { leaveBalancesRepository as repo } from './leave-balances.repository';
import { type DayCounter, viDate } from './leave-days';

/**
 * What the year-end writes need of the balance service (LeaveBalancesService passes itself): named here so that this
 * file does not import the service that imports it.
 */
export interface BalanceLedger {
  counter(years: Iterable<number>): Promise<DayCounter>;
  annualTypeId(db: Kysely<DB>): Promise<number>;
  ensureEntitlement(db: Kysely<DB>, userId: number, year: number, typeId?: number): Promise<void>;
  remainingHalf(db: Kysely<DB>, userId: number, year: number): Promise<number>;
  balance(userId: number, year: number, db: Kysely<DB>, counter: DayCounter): Promise<LeaveBalance>;
  policy(): Promise<LeavePolicy>;
}

// HR's writes to the annual ledger: an adjustment with a reason, and the year-end carry-over. Each also goes to the
// employee's history (entity `users`), as a change of their balance.

/** An `adjustment` row of a year (entitlement written first); answers the balance after it. */
export async function adjustBalance(
  db: Kysely<DB>,
  balances: BalanceLedger,
  actor: Actor,
  body: LeaveAdjustmentBody,
): Promise<LeaveBalance> {
  // Separation of duties (QUALITY.md): nobody raises their own balance; another HR person or the administrator does.
  if (body.user_id === actor.id)
    throw forbidden('Không thể tự điều chỉnh số ngày phép của chính mình. Hãy nhờ một người khác của bộ phận nhân sự.');
  const counter = await balances.counter([body.year]);
  return db.transaction().execute(async (trx) => {
    // After any leave being checked against the balance this changes (leaves.service.ts takes the same lock).
    await lockRow(trx, 'users', body.user_id);
    const user = await repo.joinedAt(trx, body.user_id);
    if (!user) throw invalid('user_id', 'Nhân viên không tồn tại.');
    const typeId = await balances.annualTypeId(trx);
    await balances.ensureEntitlement(trx, body.user_id, body.year, typeId);
    await repo.insert(trx, {
      user_id: body.user_id,
      leave_type_id: typeId,
      year: body.year,
      kind: 'adjustment',
      half_days: Math.round(body.days * 2),
      leave_id: null,
      note: body.note,
      expires_on: null,
      created_by: actor.id,
    });
    await writeAudit(trx, actor, {
      entity: 'users',
      entityId: body.user_id,
      action: 'leave_adjustment',
      changes: { leave_balance: [null, `${body.days > 0 ? '+' : ''}${body.days} ngày (${body.year}): ${body.note}`] },
    });
    return balances.balance(body.user_id, body.year, trx, counter);
  });
}

/**
 * Carries each active employee's remaining days of `year` into the next, up to the policy's cap, expiring on the
 * policy's MM-DD; one transaction per employee, idempotent (the carry-over row is written once).
 */
export async function closeYear(
  db: Kysely<DB>,
  balances: BalanceLedger,
  actor: Actor,
  year: number,
): Promise<{ year: number; carried: number; skipped: number }> {
  const policy = await balances.policy();
  const cap = policy.carry_over_cap_days * 2;
  const expires = `${year + 1}-${policy.carry_over_expires}`;
  let carried = 0;
  let skipped = 0;
  for (const userId of await repo.activeUserIds(db)) {
    await db.transaction().execute(async (trx) => {
      const typeId = await balances.annualTypeId(trx);
      const remaining = await balances.remainingHalf(trx, userId, year);
      const carry = Math.min(Math.max(0, remaining), cap);
      const done =
        carry > 0 &&
        (await repo.insertOnce(trx, {
          user_id: userId,
          leave_type_id: typeId,
          year: year + 1,
          kind: 'carry_over',
          half_days: carry,
          note: `Chuyển ${carry / 2} ngày phép còn lại của năm ${year} (hết hạn ${viDate(expires)})`,
          leave_id: null,
          expires_on: expires,
          created_by: actor.id,
        }));
      if (!done) {
        skipped += 1;
        return;
      }
      carried += 1;
      await writeAudit(trx, actor, {
        entity: 'users',
        entityId: userId,
        action: 'leave_carry_over',
        changes: {
          leave_balance: [null, `+${carry / 2} ngày chuyển từ năm ${year} sang ${year + 1} (hết hạn ${viDate(expires)})`],
        },
      });
    });
  }
  return { year, carried, skipped };
}
