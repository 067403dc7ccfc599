import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';
import { loadDemoAnalyses } from './demo-analyses';
import { loadDemoPrograms } from './demo-programs';
import { loadDemoSamples } from './demo-samples';
import { loadDemoSites, SITE_CUSTOMERS } from './demo-sites';
import { loadDemoTestReports } from './demo-test-reports';
import { loadDemoTrips } from './demo-trips';

// The demo's laboratory (issue 25): every state of an analysis shows on the screens, the released results are judged
// against their limits with a few exceedances told to their people, and the verifier is never the analyst.

describe('demo analyses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
    for (const name of new Set(SITE_CUSTOMERS)) {
      const res = await t.call({
        method: 'POST',
        url: '/api/customers',
        token: t.adminToken,
        payload: { type: 'organization', name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await loadDemoSites(t.database.db)).toBe(true);
    expect(await loadDemoPrograms(t.database.db)).toBe(true);
    expect(await loadDemoTrips(t.database.db)).toBe(true);
    expect(await loadDemoSamples(t.database.db)).toBe(true);
    expect(await loadDemoAnalyses(t.database.db)).toBe(true);
    expect(await loadDemoAnalyses(t.database.db)).toBe(false);
  }, 180_000);
  afterAll(() => t?.close());

  const all = () => t.database.db.selectFrom('analyses').selectAll().execute();

  it('shows every state of the bench, results as decimal strings, verified by another than the analyst', async () => {
    const rows = await all();
    expect(new Set(rows.map((r) => r.state))).toEqual(
      new Set(['pending', 'assigned', 'entered', 'verified', 'released', 'returned']),
    );
    for (const r of rows) {
      if (r.value !== null) expect(r.value, `analysis ${r.id}`).toMatch(/^\d+(\.\d+)?$/);
      if (r.verified_by !== null) expect(r.verified_by).not.toBe(r.entered_by);
      if (r.state === 'released') expect(r.verdict, `analysis ${r.id}`).not.toBeNull();
      if (r.state !== 'released') expect(r.verdict).toBeNull();
    }
    // Through the API as the screens read it: an analysis with its history.
    const released = rows.find((r) => r.state === 'released') as { id: number };
    const res = await t.call({ method: 'GET', url: `/api/analyses/${released.id}`, token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history.map((h: { state: string }) => h.state)).toEqual([
      'pending',
      'assigned',
      'entered',
      'verified',
      'released',
    ]);
  });

  it('judges the released results against their limits, a few above them, and tells their people', async () => {
    const rows = (await all()).filter((r) => r.state === 'released');
    const within = rows.filter((r) => r.verdict === 'within');
    const exceeded = rows.filter((r) => r.verdict === 'exceeded');
    expect(within.length).toBeGreaterThan(exceeded.length * 5);
    expect(exceeded.length).toBeGreaterThan(0);
    for (const r of exceeded) {
      expect(r.limit_regulation_code).toMatch(/^QCVN /);
      expect(r.limit_text).toMatch(/\d/);
    }
    const events = await t.database.db.selectFrom('domain_events').selectAll().where('type', '=', 'analysis.exceeded').execute();
    expect(events.length).toBeGreaterThan(0);
    await t.app.workers.dispatcher.runOnce(10_000);
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'link'])
      .where('event', '=', 'analysis.exceeded')
      .execute();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]?.link).toMatch(/^\/admin\/monitoring\/analyses\/\d+$/);
    // A customer's year of exceedances reads them back.
    const first = exceeded[0] as { sample_id: number };
    const customer = await t.database.db
      .selectFrom('samples as s')
      .innerJoin('site_points as p', 'p.id', 's.point_id')
      .innerJoin('sites as si', 'si.id', 'p.site_id')
      .select(['si.customer_id', 's.taken_at'])
      .where('s.id', '=', first.sample_id)
      .executeTakeFirstOrThrow();
    const year = new Date(Date.parse(customer.taken_at) + 7 * 3_600_000).getUTCFullYear();
    const x = await t.call({
      method: 'GET',
      url: `/api/analyses/exceedances?customer_id=${customer.customer_id}&year=${year}`,
      token: t.adminToken,
    });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().total).toBeGreaterThan(0);
  });
  it('issues the done trips’ test reports: signed with their file, one corrected to version 2, the newest a draft', async () => {
    expect(await loadDemoTestReports(t.database.db, t.config.dataDir, 'http://localhost:8080')).toBe(true);
    expect(await loadDemoTestReports(t.database.db, t.config.dataDir, 'http://localhost:8080')).toBe(false);
    const res = await t.call({ method: 'GET', url: '/api/test-reports', token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as {
      id: number;
      number: string;
      report_version: number;
      state: string;
      file_sha256: string | null;
      correction_reason: string | null;
      replaced_by: number | null;
      signed_by: { id: number } | null;
    }[];
    const states = list.map((r) => r.state);
    expect(states).toContain('draft');
    expect(states.filter((x) => x === 'signed').length).toBeGreaterThan(0);
    const v2 = list.find((r) => r.report_version === 2);
    expect(v2?.correction_reason).toContain('Coliform');
    const v1 = list.find((r) => r.number === v2?.number && r.report_version === 1);
    expect(v1?.replaced_by).toBe(v2?.id);
    // A signed version's stored .docx is the file its hash names.
    const doc = await t.call({ method: 'GET', url: `/api/test-reports/${v2?.id}/document`, token: t.adminToken });
    expect(doc.statusCode).toBe(200);
    expect(createHash('sha256').update(doc.rawPayload).digest('hex')).toBe(v2?.file_sha256);
    // Nobody signed a report holding a result they analysed.
    for (const r of list.filter((x) => x.signed_by)) {
      const detail = (await t.call({ method: 'GET', url: `/api/test-reports/${r.id}`, token: t.adminToken })).json();
      for (const row of detail.rows as { analyst_id?: number | null }[]) expect(row.analyst_id ?? null).not.toBe(r.signed_by?.id);
    }
  }, 120_000);
});
