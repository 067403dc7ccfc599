import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// An instrument's or vehicle's code is unique under N identical requests at once (docs/architecture.md, "Rules across
// rows"): the unique constraint holds it, its answer is the check's.

describe('equipment under concurrent requests', () => {
  let t: TestApp;
  const body = (code: string) => ({
    code,
    name: 'Bơm lấy mẫu khí SKC',
    kind: 'instrument',
    model: 'SKC AirChek Essential',
    calibration_due: '2027-06-30',
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one of 15 pieces sent at once with the same code; the others get the check’s answer', async () => {
    const code = uniq('TB-BOM');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/equipment',
      token: t.adminToken,
      payload: body(code),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã thiết bị, phương tiện đã tồn tại.' });
    expect(await t.database.db.selectFrom('equipment').select('id').where('code', '=', code).execute()).toHaveLength(1);
  });

  it('renames one of 10 pieces to a code when all are renamed to it at once', async () => {
    const code = uniq('TB-B');
    const made = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await t.call({ method: 'POST', url: '/api/equipment', token: t.adminToken, payload: body(uniq('E')) });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { id: number; version: number };
      }),
    );
    const answers = await race(t, made.length, (i) => ({
      method: 'PUT',
      url: `/api/equipment/${made[i]?.id}`,
      token: t.adminToken,
      payload: { ...body(code), version: made[i]?.version },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 422: 9 });
    expectRefusals(answers, 200, { status: 422, field: 'code', message: 'Mã thiết bị, phương tiện đã tồn tại.' });
  });
});
