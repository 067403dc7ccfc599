import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { DEMO_PASSWORD, loadDemo } from './demo';

describe('demo equipment', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
  }, 120_000);
  afterAll(() => t?.close());

  it('loads a dozen instruments and three vehicles: one calibration lapsed, one due in ten days, the rest in date', async () => {
    const res = await t.call({ method: 'GET', url: '/api/equipment?per_page=100', token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      code: string;
      kind: string;
      identifier: string | null;
      department: unknown;
      calibration_state: string;
      days_left: number | null;
    }[];
    const instruments = rows.filter((r) => r.kind === 'instrument');
    const vehicles = rows.filter((r) => r.kind === 'vehicle');
    expect(instruments.length).toBeGreaterThanOrEqual(12);
    expect(vehicles).toHaveLength(3);
    expect(rows.filter((r) => r.calibration_state === 'lapsed').map((r) => r.code)).toEqual(['TB-KT-01']);
    expect(rows.filter((r) => r.calibration_state === 'due_soon').map((r) => [r.code, r.days_left])).toEqual([['TB-DCT-02', 10]]);
    // Only the Van Dorn bottle has nothing to calibrate.
    expect(rows.filter((r) => r.calibration_state === 'none').map((r) => r.code)).toEqual(['TB-VD-01']);
    expect(vehicles.map((v) => v.identifier)).toEqual(expect.arrayContaining(['51C-123.45']));
    expect(rows.every((r) => r.department !== null)).toBe(true);
  });

  it('lets a field employee read the list and the options, and a head of department add to it', async () => {
    const login = async (username: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password: DEMO_PASSWORD } })).json().token;
    const employee = await login('tai.mv');
    const head = await login('thanh.dc');
    expect((await t.call({ method: 'GET', url: '/api/equipment', token: employee })).statusCode).toBe(200);
    const options = await t.call({ method: 'GET', url: '/api/equipment/options?kind=vehicle', token: employee });
    expect(options.json()).toHaveLength(3);
    const body = { code: 'TB-X', name: 'Máy đo pH', kind: 'instrument' };
    expect((await t.call({ method: 'POST', url: '/api/equipment', token: employee, payload: body })).statusCode).toBe(403);
    const byHead = await t.call({ method: 'POST', url: '/api/equipment', token: head, payload: body });
    expect(byHead.statusCode, byHead.body).toBe(201);
  });
});
