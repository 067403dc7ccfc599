import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of the catalogue (docs/architecture.md, "Rules across rows"): unit and service codes are unique,
// a unit a service is priced in is never deleted — under N identical requests at once.

describe('units and services under concurrent requests', () => {
  let t: TestApp;
  const unit = async (code = uniq('U')) => {
    const res = await t.call({ method: 'POST', url: '/api/units', token: t.adminToken, payload: { code, name: 'mẫu' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number };
  };
  const service = (code: string, unitId: number) => ({
    code,
    name: 'Phân tích mẫu nước',
    group: 'Phân tích',
    unit_id: unitId,
    unit_price: 100_000,
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one of 15 units sent at once with the same code; the others get the check’s answer', async () => {
    const code = uniq('KG');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/units',
      token: t.adminToken,
      payload: { code, name: 'ki-lô-gam' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã đơn vị tính đã tồn tại.' });
    expect(await t.database.db.selectFrom('units').select('id').where('code', '=', code).execute()).toHaveLength(1);
  });

  it('renames one of 12 units to a code when all are renamed to it at once', async () => {
    const code = uniq('L');
    const units = await Promise.all(Array.from({ length: 12 }, () => unit()));
    const answers = await race(t, units.length, (i) => ({
      method: 'PUT',
      url: `/api/units/${units[i]?.id}`,
      token: t.adminToken,
      payload: { code, name: 'lít', version: units[i]?.version },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 422: 11 });
    expectRefusals(answers, 200, { status: 422, field: 'code', message: 'Mã đơn vị tính đã tồn tại.' });
  });

  it('creates one of 15 services sent at once with the same code', async () => {
    const u = await unit();
    const code = uniq('DV');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/services',
      token: t.adminToken,
      payload: service(code, u.id),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã dịch vụ đã tồn tại.' });
  });

  it('never deletes a unit that a service created at the same time is priced in', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await unit();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        12,
        { method: 'DELETE', url: `/api/units/${u.id}`, token: t.adminToken },
        () => ({ method: 'POST', url: '/api/services', token: t.adminToken, payload: service(uniq('DV'), u.id) }),
        {
          inUse: { code: 'IN_USE', message: /^Không thể xóa đơn vị tính đang được dùng cho \d+ dịch vụ/ },
          missing: { field: 'unit_id', message: 'Đơn vị tính không tồn tại.' },
        },
      );
      const stored = await t.database.db.selectFrom('services').select('id').where('unit_id', '=', u.id).execute();
      expect(stored).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
