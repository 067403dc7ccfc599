import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of the company calendar (docs/architecture.md, "Rules across rows"): a year's holidays are one
// row (its key the year), each date once in it, saved against the version read — under N identical requests at once.

describe('company holidays under concurrent requests', () => {
  let t: TestApp;
  const save = (i: number, version: number) => ({
    method: 'PUT' as const,
    url: '/api/settings/company/holidays',
    token: t.adminToken,
    payload: {
      year: 2035,
      version,
      days: [
        { date: '2035-01-01', name: 'Tết Dương lịch', kind: 'holiday' },
        { date: `2035-05-${String(2 + i).padStart(2, '0')}`, name: `Nghỉ bù ${i}`, kind: 'holiday' },
      ],
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('saves one of 12 first saves of a year sent at once, then one of 12 edits of the version read', async () => {
    for (const version of [0, 1]) {
      const answers = await race(t, 12, (i) => save(i, version));
      expect(statusCounts(answers)).toEqual({ 200: 1, 409: 11 });
      expectRefusals(answers, 200, { status: 409, code: 'CONFLICT' });
      const rows = await t.database.db.selectFrom('company_holiday_years').selectAll().where('year', '=', 2035).execute();
      expect(rows).toHaveLength(1);
      const days = JSON.parse(String(rows[0]?.days)) as { date: string }[];
      expect(new Set(days.map((d) => d.date)).size).toBe(days.length);
      expect(Number(rows[0]?.version)).toBe(version + 1);
    }
  });
});
