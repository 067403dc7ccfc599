import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';
import { loadDemoEvaluations } from './demo-evaluations';

describe('demo evaluations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
    // The KPI types of demo-kpi-types.ts, when the company was loaded without them.
    if (!(await t.database.db.selectFrom('kpi_types').select('id').limit(1).executeTakeFirst())) {
      const now = new Date().toISOString();
      for (const [code, measure] of <[string, string][]>[
        ['KPI-DUNGHAN', 'works_on_time_rate'],
        ['KPI-HOANTHANH', 'works_done'],
        ['KPI-BAOCAO', 'manual'],
      ]) {
        await t.database.db
          .insertInto('kpi_types')
          .values({
            code,
            name: code,
            description: null,
            unit: null,
            direction: 'higher',
            measure,
            default_weight: 0,
            default_target: 0,
            active: 1,
            search_text: '',
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }
    expect(await loadDemoEvaluations(t.database.db)).toBe(true);
  }, 240_000);
  afterAll(() => t?.close());

  it('makes two closed quarters, all approved with a spread of grades, and an open month with every step', async () => {
    expect(await loadDemoEvaluations(t.database.db)).toBe(false);
    const list = (await t.call({ method: 'GET', url: '/api/evaluations?sort=period_start', token: t.adminToken })).json();
    expect(list.data.map((e: { name: string; status: string }) => [e.name, e.status])).toEqual([
      ['Đánh giá KPI Quý II/2026', 'closed'],
      ['Đánh giá KPI Quý III/2026', 'closed'],
      ['Đánh giá KPI Tháng 11/2026', 'open'],
    ]);
    const [q2, , month] = list.data;
    expect(q2.counts.total).toBeGreaterThan(20);
    expect(q2.counts.approved).toBe(q2.counts.total);
    expect(q2.criteria.reduce((s: number, c: { weight: number }) => s + c.weight, 0)).toBe(100);
    const results = (await t.call({ method: 'GET', url: `/api/evaluations/${q2.id}/results`, token: t.adminToken })).json();
    const grades = results.distribution.by_grade;
    expect(grades.A + grades.B + grades.C + grades.D).toBe(q2.counts.total);
    expect(Object.values(grades).filter((n) => Number(n) > 0).length).toBeGreaterThanOrEqual(3);
    // A closed quarter's history is dated in its own time, not the day the demo loaded.
    const q2Ids = (
      await t.database.db.selectFrom('user_evaluations').select('id').where('evaluation_id', '=', q2.id).execute()
    ).map((r) => r.id);
    const logs = await t.database.db
      .selectFrom('audit_logs')
      .select('created_at')
      .where((eb) =>
        eb.or([
          eb.and([eb('entity', '=', 'evaluations'), eb('entity_id', '=', q2.id)]),
          eb.and([eb('entity', '=', 'user_evaluations'), eb('entity_id', 'in', q2Ids)]),
        ]),
      )
      .execute();
    expect(logs.length).toBeGreaterThan(q2Ids.length * 4);
    expect(logs.every((l) => String(new Date(l.created_at).toISOString()) < '2026-07-13')).toBe(true);
    for (const s of ['draft', 'self_assessed', 'reviewed', 'approved'] as const) expect(month.counts[s]).toBeGreaterThan(0);
    const pending = await t.database.db
      .selectFrom('domain_events')
      .select('id')
      .where('processed_at', 'is', null)
      .where('type', 'like', 'evaluation.%')
      .execute();
    expect(pending).toHaveLength(0);
  });
});
