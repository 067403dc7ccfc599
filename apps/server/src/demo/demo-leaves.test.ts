import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';
import { loadDemoLeaves } from './demo-leaves';

describe('demo leaves', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
    await loadDemoLeaves(t.database.db);
  });
  afterAll(() => t?.close());

  it('fills a year of leaves: half days, pending and decided ones, a substitute, some for an employee', async () => {
    const db = t.database.db;
    const leaves = await db.selectFrom('leaves').selectAll().execute();
    expect(leaves.length).toBeGreaterThan(60);
    const statuses = new Set(leaves.map((l) => l.status));
    for (const s of ['pending', 'approved', 'rejected']) expect(statuses.has(s)).toBe(true);
    expect(leaves.some((l) => l.half_days % 2 === 1)).toBe(true);
    expect(leaves.some((l) => l.created_by !== l.user_id)).toBe(true);
    expect(await db.selectFrom('leave_substitutes').select('id').execute()).toHaveLength(1);
  });

  it('keeps every approved annual leave in the ledger and no balance below zero', async () => {
    const db = t.database.db;
    const annual = await db.selectFrom('leave_types').select('id').where('code', '=', 'annual').executeTakeFirstOrThrow();
    const approved = await db
      .selectFrom('leaves')
      .select(['id', 'half_days'])
      .where('status', '=', 'approved')
      .where('leave_type_id', '=', annual.id)
      .execute();
    for (const l of approved) {
      const sum = await db
        .selectFrom('leave_ledger')
        .select((eb) => eb.fn.sum<number>('half_days').as('n'))
        .where('leave_id', '=', l.id)
        .executeTakeFirstOrThrow();
      expect(-Number(sum.n)).toBe(l.half_days);
    }
    const sums = await db
      .selectFrom('leave_ledger')
      .select(['user_id', 'year', (eb) => eb.fn.sum<number>('half_days').as('n')])
      .groupBy(['user_id', 'year'])
      .execute();
    for (const s of sums) expect(Number(s.n)).toBeGreaterThanOrEqual(0);
  });

  it('leaves HR something to see: last year closed with carry-over and its expiry, two adjustments', async () => {
    const db = t.database.db;
    const year = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();
    const carried = await db.selectFrom('leave_ledger').selectAll().where('kind', '=', 'carry_over').execute();
    expect(carried.length).toBeGreaterThan(5);
    for (const r of carried) {
      expect(r.year).toBe(year);
      expect(r.half_days).toBeLessThanOrEqual(10);
      expect(r.expires_on).toBe(`${year}-03-31`);
    }
    const adjustments = await db.selectFrom('leave_ledger').selectAll().where('kind', '=', 'adjustment').execute();
    expect(adjustments.map((r) => r.half_days).sort()).toEqual([-1, 2]);
    expect(adjustments.every((r) => r.note && r.created_by)).toBe(true);
  });

  it('leaves the monitoring head (and his substitute) a leave to decide, whatever the weekday it loads on', async () => {
    const db = t.database.db;
    const head = await db.selectFrom('users').select('id').where('username', '=', 'duc.tv').executeTakeFirstOrThrow();
    // A week of load days from 00:30 in Vietnam (the hour CI once ran at): every weekday once.
    for (let i = 0; i < 7; i++) {
      await db.deleteFrom('leave_ledger').execute();
      await db.deleteFrom('leave_substitutes').execute();
      await db.deleteFrom('leaves').execute();
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(Date.UTC(2026, 10, 28 + i, 17, 30)) });
      try {
        await loadDemoLeaves(db);
      } finally {
        vi.useRealTimers();
      }
      const pending = await db
        .selectFrom('leaves')
        .select(['start_date', 'user_id'])
        .where('approver_id', '=', head.id)
        .where('status', '=', 'pending')
        .execute();
      expect(pending.length, `load day ${i}`).toBeGreaterThan(0);
      expect(pending.every((l) => l.user_id !== head.id)).toBe(true);
    }
  });
});
