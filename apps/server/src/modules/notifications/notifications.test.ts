import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../lib/realtime/hub';
import { MemoryHub } from '../../lib/realtime/memory-hub';
import { expectError } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

interface Note {
  id: number;
  event: string;
  event_label: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

describe('notifications', () => {
  let t: TestApp;
  const hub = new MemoryHub();
  let an: { id: number; token: string };
  let binh: { id: number; token: string };
  let works: number[];

  const get = (url: string, token: string | null) => t.call({ method: 'GET', url, token });
  const post = (url: string, token: string | null) => t.call({ method: 'POST', url, token });
  const list = async (query: string, token: string) => {
    const res = await get(`/api/notifications?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Note[]; meta: { total: number; last_page: number } };
  };

  beforeAll(async () => {
    t = await createTestApp({ realtime: hub });
    an = await t.userWith([]);
    binh = await t.userWith([]);
    works = [];
    for (const [title, who] of [
      ['Lấy mẫu nước mặt sông Hồng', an.id],
      ['Phân tích COD mẫu nước thải', an.id],
      ['Lập báo cáo quan trắc quý IV', an.id],
      ['Hiệu chuẩn máy đo bụi', binh.id],
    ] as const) {
      const res = await t.call({ method: 'POST', url: '/api/works', token: t.adminToken, payload: { title, assignee_id: who } });
      expect(res.statusCode, res.body).toBe(201);
      works.push(res.json().id);
    }
    await t.app.workers.dispatcher.runOnce();
  });
  afterAll(() => t.close());

  it('lists one’s own notifications, newest first, with a link to the record', async () => {
    const page = await list('', an.token);
    expect(page.meta.total).toBe(3);
    expect(page.data.map((n) => n.link)).toEqual([
      `/admin/works/${works[2]}`,
      `/admin/works/${works[1]}`,
      `/admin/works/${works[0]}`,
    ]);
    expect(page.data[0]).toMatchObject({ event: 'work.assigned', event_label: 'Được giao công việc', read_at: null });
    expect(page.data[0]?.body).toContain('Lập báo cáo quan trắc quý IV');
    expect((await list('', binh.token)).data.map((n) => n.link)).toEqual([`/admin/works/${works[3]}`]);
    expect((await list('', t.adminToken)).meta.total).toBe(0);
  });

  it('counts the unread ones, marks one read (told to the user’s other pages) and lists unread first', async () => {
    const count = async (token: string) => (await get('/api/notifications/unread-count', token)).json().count;
    expect(await count(an.token)).toBe(3);
    const newest = (await list('', an.token)).data[0] as Note;
    const seen: RealtimeMessage[] = [];
    const off = hub.subscribe(an.id, (m) => seen.push(m));
    const res = await post(`/api/notifications/${newest.id}/read`, an.token);
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(newest.id);
    expect(typeof res.json().read_at).toBe('string');
    expect(seen).toEqual([{ id: '', type: 'read', data: { ids: [newest.id], unread_count: 2 } }]);
    expect(await count(an.token)).toBe(2);
    // Reading it again changes nothing.
    const again = await post(`/api/notifications/${newest.id}/read`, an.token);
    expect(again.json().read_at).toBe(res.json().read_at);

    const all = await list('', an.token);
    expect(all.data.map((n) => n.read_at === null)).toEqual([true, true, false]);
    expect((await list('status=unread', an.token)).data).toHaveLength(2);
    expect((await list('status=read', an.token)).data.map((n) => n.id)).toEqual([newest.id]);
    const page2 = await list('per_page=2&page=2', an.token);
    expect(page2.meta).toMatchObject({ total: 3, last_page: 2 });
    expect(page2.data.map((n) => n.id)).toEqual([newest.id]);
    expectError(await get('/api/notifications?status=old', an.token), 422, 'VALIDATION_FAILED', 'status');
  });

  it('marks all read', async () => {
    const res = await post('/api/notifications/read-all', an.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, count: 0 });
    expect((await post('/api/notifications/read-all', an.token)).json()).toEqual({ updated: 0, count: 0 });
    // Bình's stay unread.
    expect((await get('/api/notifications/unread-count', binh.token)).json().count).toBe(1);
  });

  it('answers 404 for someone else’s notification or an unknown one, and leaves it unread', async () => {
    const hers = (await list('', binh.token)).data[0] as Note;
    expectError(await post(`/api/notifications/${hers.id}/read`, an.token), 404, 'NOT_FOUND');
    expectError(await post('/api/notifications/99999999/read', an.token), 404, 'NOT_FOUND');
    expectError(await post('/api/notifications/abc/read', an.token), 422, 'VALIDATION_FAILED', 'id');
    expect((await list('', binh.token)).data[0]?.read_at).toBeNull();
  });

  it('answers 401 without a sign-in', async () => {
    const hers = (await list('', binh.token)).data[0] as Note;
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', `/api/notifications/${hers.id}/read`],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      expectError(await t.call({ method, url, token: null }), 401, 'UNAUTHENTICATED');
      expectError(await t.call({ method, url, token: 'x'.repeat(43) }), 401, 'UNAUTHENTICATED');
    }
  });
});
