import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';

describe('demo services', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
  });
  afterAll(() => t?.close());

  it('loads units and about forty services, with a service for every request type group', async () => {
    const services = await t.call({ method: 'GET', url: '/api/services?per_page=100', token: t.adminToken });
    expect(services.statusCode).toBe(200);
    expect(services.json().meta.total).toBeGreaterThanOrEqual(40);
    const units = (await t.call({ method: 'GET', url: '/api/units/options', token: t.adminToken })).json();
    expect(units.map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(['mẫu', 'lần', 'điểm', 'ngày công', 'bộ']));
    const groups = (await t.call({ method: 'GET', url: '/api/services/groups', token: t.adminToken })).json();
    const types = await t.database.db.selectFrom('request_types').select('service_group').execute();
    for (const type of types) if (type.service_group) expect(groups).toContain(type.service_group);
    const rates = new Set(services.json().data.map((s: { vat_rate: string }) => s.vat_rate));
    expect(rates.has('10') && rates.has('none')).toBe(true);
  });
});
