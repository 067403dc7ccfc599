import { REQUEST_STATUSES } from '@qlcv/common/schemas/requests';
import { MY_WORK_TABS } from '@qlcv/common/schemas/works';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnYymm } from '../lib/vn-time';
import { createTestApp, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, loadDemo } from './demo';
import { loadDemoActivity } from './demo-activity';
import { DEMO_REQUESTS } from './demo-activity-data';

const DAY = 24 * 3600_000;

describe('demo company activity', () => {
  let t: TestApp;
  let director: string;
  let counts: Record<string, number>;
  let loading: { start: number; end: number };

  const countRows = async () => {
    const db = t.database.db;
    const count = async (table: 'customers' | 'requests' | 'works' | 'work_comments' | 'audit_logs' | 'notifications') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      customers: await count('customers'),
      requests: await count('requests'),
      works: await count('works'),
      comments: await count('work_comments'),
      audit: await count('audit_logs'),
      notifications: await count('notifications'),
    };
  };
  const requests = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/requests?per_page=100&${query}`, token: director });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Record<string, unknown>[]; meta: { total: number } };
    return { data: body.data, total: body.meta.total };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const start = Date.now();
    expect(await loadDemo(t.database.db)).toBe(true);
    expect(await loadDemoActivity(t.database, t.config.dataDir)).toBe(true);
    loading = { start, end: Date.now() };
    console.info(`demo loaded on ${t.database.kind} in ${loading.end - loading.start} ms`);
    counts = await countRows();
    director = await t.login('hung.nv', DEMO_PASSWORD);
  }, 120_000);
  afterAll(() => t?.close());

  it('shows the director requests in every status, spread over the last four months', async () => {
    const all = await requests('sort=created_at');
    expect(all.total).toBe(DEMO_REQUESTS.length);
    for (const status of REQUEST_STATUSES) {
      expect((await requests(`status=${status}`)).total, status).toBeGreaterThan(0);
    }
    const created = all.data.map((r) => Date.parse(r.created_at as string));
    expect(Math.min(...created)).toBeGreaterThan(Date.now() - 125 * DAY);
    expect(Math.min(...created)).toBeLessThan(Date.now() - 90 * DAY);
    expect(Math.max(...created)).toBeLessThan(Date.now());
    // Codes carry the month the request was created in; the public ones came with a tracking code.
    for (const r of all.data)
      expect(r.code).toBe(`YC${vnYymm(new Date(r.created_at as string))}-${(r.code as string).slice(-4)}`);
    expect((await requests('source=public')).total).toBe(DEMO_REQUESTS.filter((r) => r.visitor).length);
  });

  it('keeps each received request due at its receipt plus the sum of its steps', async () => {
    const rows = await t.database.db
      .selectFrom('requests')
      .select(['received_at', 'due_at', 'process_snapshot', 'status'])
      .where('received_at', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) {
      const hours = (JSON.parse(r.process_snapshot as string) as { steps: { duration_hours: number }[] }).steps.reduce(
        (sum, s) => sum + s.duration_hours,
        0,
      );
      expect(Date.parse(r.due_at as string) - Date.parse(r.received_at as string)).toBe(hours * 3600_000);
    }
  });

  it('dates the history, comments and events at the moments they happened, none at the load', async () => {
    const db = t.database.db;
    const atLoad = (iso: string) => Date.parse(iso) >= loading.start && Date.parse(iso) <= loading.end;
    const history = await db.selectFrom('audit_logs').select(['created_at', 'changes']).execute();
    expect(history.length).toBeGreaterThan(500);
    for (const a of history) {
      expect(atLoad(a.created_at)).toBe(false);
      for (const [time] of (a.changes ?? '').matchAll(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g))
        expect(atLoad(time), a.changes ?? '').toBe(false);
    }
    const comments = await db.selectFrom('work_comments').select('created_at').execute();
    expect(comments.length).toBeGreaterThan(10);
    for (const c of comments) expect(atLoad(c.created_at)).toBe(false);
    // The deadline reminders are raised as the demo ends, as the scheduler would on the first start.
    const events = await db
      .selectFrom('domain_events')
      .select('created_at')
      .where('type', 'not in', ['work.due_soon', 'work.overdue', 'work.escalated'])
      .execute();
    for (const e of events) expect(atLoad(e.created_at)).toBe(false);
    for (const table of ['requests', 'works', 'customers'] as const) {
      for (const r of await db.selectFrom(table).select(['created_at', 'updated_at']).execute()) {
        expect(atLoad(r.created_at) || atLoad(r.updated_at), table).toBe(false);
      }
    }
  });

  it('gives yen.pt works in every tab of her works, some of them late', async () => {
    const token = await t.login('yen.pt', DEMO_PASSWORD);
    for (const tab of MY_WORK_TABS) {
      const res = await t.call({ method: 'GET', url: `/api/works/my?tab=${tab}`, token });
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.total, tab).toBeGreaterThan(0);
    }
    const late = await t.call({ method: 'GET', url: '/api/works/my?overdue=true', token });
    expect(late.json().meta.total).toBeGreaterThan(0);
    const field = await t.login('tai.mv', DEMO_PASSWORD);
    const assigned = await t.call({ method: 'GET', url: '/api/works/my?tab=assigned', token: field });
    expect(assigned.json().meta.total).toBeGreaterThan(0);
  });

  it('lists the customers, from the public page and from the staff', async () => {
    const res = await t.call({ method: 'GET', url: '/api/customers?per_page=100', token: director });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { source: string; tax_code: string | null }[]; meta: { total: number } };
    expect(body.meta.total).toBeGreaterThanOrEqual(20);
    expect(body.data.some((c) => c.source === 'public')).toBe(true);
    expect(body.data.some((c) => c.source === 'staff')).toBe(true);
    expect(body.data.filter((c) => c.tax_code && /^\d{10}$/.test(c.tax_code)).length).toBeGreaterThanOrEqual(15);
  });

  it('shows a completed public request its result on the public lookup', async () => {
    const done = await requests('status=completed&source=public');
    expect(done.total).toBeGreaterThan(0);
    const r = done.data[0] as { tracking_code: string; requester_phone: string };
    const res = await t.call({
      method: 'POST',
      url: '/api/public/requests/lookup',
      payload: { tracking_code: r.tracking_code, mobile: r.requester_phone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', result_text: expect.stringMatching(/\S/) });
  });

  it('leaves nothing for the notification dispatcher, and links the notifications to its records', async () => {
    const db = t.database.db;
    const pending = await db.selectFrom('domain_events').select('id').where('processed_at', 'is', null).execute();
    expect(pending).toEqual([]);
    const token = await t.login('yen.pt', DEMO_PASSWORD);
    const res = await t.call({ method: 'GET', url: '/api/notifications', token });
    const links = (res.json().data as { link: string }[]).map((n) => n.link);
    expect(links.length).toBe(5);
    for (const link of links) {
      const found = await t.call({ method: 'GET', url: link.replace('/admin/', '/api/'), token: director });
      expect(found.statusCode, link).toBe(200);
    }
  });

  it('adds nothing when loaded again', async () => {
    expect(await loadDemo(t.database.db)).toBe(false);
    expect(await loadDemoActivity(t.database, t.config.dataDir)).toBe(false);
    expect(await countRows()).toEqual(counts);
  });
});
