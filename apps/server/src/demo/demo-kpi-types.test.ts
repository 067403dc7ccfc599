import { KPI_MEASURE_KEYS } from '@qlcv/common/schemas/kpi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';

describe('demo KPI types', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
  });
  afterAll(() => t?.close());

  it('loads twelve types covering every measure, their default weights adding up to 100', async () => {
    const res = await t.call({ method: 'GET', url: '/api/kpi-types?per_page=100', token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const types = res.json().data as { name: string; measure: string; default_weight: number }[];
    expect(types).toHaveLength(12);
    expect(new Set(types.map((k) => k.measure))).toEqual(new Set(KPI_MEASURE_KEYS));
    expect(types.reduce((sum, k) => sum + k.default_weight, 0)).toBe(100);
    expect(types.map((k) => k.name)).toContain('Tuân thủ an toàn lao động khi lấy mẫu');
  });
});
