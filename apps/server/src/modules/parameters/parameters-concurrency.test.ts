import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// A parameter's code is unique under N identical requests at once (docs/architecture.md, "Rules across rows").

describe('parameters under concurrent requests', () => {
  let t: TestApp;
  const body = (code: string) => ({
    code,
    name: 'Amoni (NH₄⁺ tính theo N)',
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'TCVN 6179-1:1996',
    place: 'lab',
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one of 15 parameters sent at once with the same code; the others get the check’s answer', async () => {
    const code = uniq('NT-NH4');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/parameters',
      token: t.adminToken,
      payload: body(code),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã chỉ tiêu đã tồn tại.' });
    expect(await t.database.db.selectFrom('parameters').select('id').where('code', '=', code).execute()).toHaveLength(1);
  });

  it('renames one of 10 parameters to a code when all are renamed to it at once', async () => {
    const code = uniq('NT-N');
    const made = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await t.call({ method: 'POST', url: '/api/parameters', token: t.adminToken, payload: body(uniq('P')) });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { id: number; version: number };
      }),
    );
    const answers = await race(t, made.length, (i) => ({
      method: 'PUT',
      url: `/api/parameters/${made[i]?.id}`,
      token: t.adminToken,
      payload: { ...body(code), version: made[i]?.version },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 422: 9 });
    expectRefusals(answers, 200, { status: 422, field: 'code', message: 'Mã chỉ tiêu đã tồn tại.' });
  });
});
