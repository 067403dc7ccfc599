import { MEDIA } from '@qlcv/common/schemas/parameters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, loadDemo } from './demo';

describe('demo parameters', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
  }, 120_000);
  afterAll(() => t?.close());

  it('loads about forty parameters over every medium, field and laboratory, many priced by a service', async () => {
    const res = await t.call({ method: 'GET', url: '/api/parameters?per_page=100', token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { medium: string; place: string; service: unknown; lod: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.medium))).toEqual(new Set(MEDIA));
    expect(new Set(rows.map((r) => r.place))).toEqual(new Set(['field', 'lab']));
    expect(rows.filter((r) => r.service !== null).length).toBeGreaterThanOrEqual(10);
    // Limits keep the laboratory's figures.
    expect(rows.map((r) => r.lod)).toContain('0.0005');
  });

  it('lets a field employee read the catalogue and a head of department edit it', async () => {
    const login = async (username: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password: DEMO_PASSWORD } })).json().token;
    const staff = await t.database.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.username', 'r.code'])
      .where('r.code', 'in', ['nhan_vien', 'truong_phong'])
      .execute();
    const employee = staff.find((s) => s.code === 'nhan_vien')?.username as string;
    const head = staff.find((s) => s.code === 'truong_phong')?.username as string;
    expect((await t.call({ method: 'GET', url: '/api/parameters', token: await login(employee) })).statusCode).toBe(200);
    const created = await t.call({
      method: 'POST',
      url: '/api/parameters',
      token: await login(employee),
      payload: { code: 'NT-X', name: 'X', medium: 'wastewater', unit: 'mg/L', method: 'M', place: 'lab' },
    });
    expect(created.statusCode).toBe(403);
    const byHead = await t.call({
      method: 'POST',
      url: '/api/parameters',
      token: await login(head),
      payload: { code: 'NT-X', name: 'X', medium: 'wastewater', unit: 'mg/L', method: 'M', place: 'lab' },
    });
    expect(byHead.statusCode, byHead.body).toBe(201);
  });
});
