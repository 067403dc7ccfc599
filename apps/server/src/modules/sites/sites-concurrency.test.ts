import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of the sites (docs/architecture.md, "Rules across rows"), under N requests at once: a site code is
// unique, one of several edits of a site wins, a parameter being planned is never deleted from under the plan.

describe('sites under concurrent requests', () => {
  let t: TestApp;
  let customerId: number;
  const parameter = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/parameters',
      token: t.adminToken,
      payload: { code: uniq('P'), name: 'COD', medium: 'wastewater', unit: 'mg/L', method: 'SMEWW 5220C:2017', place: 'lab' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const site = (code: string, parameterId?: number) => ({
    code,
    name: 'Trạm xử lý nước thải tập trung KCN',
    customer_id: customerId,
    points: [
      {
        code: 'NT1',
        name: 'Đầu ra trạm xử lý',
        medium: 'wastewater',
        plan: parameterId ? [{ parameter_id: parameterId, frequency: 'monthly' }] : [],
      },
    ],
  });

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: 'Công ty Phát triển KCN' },
    });
    customerId = res.json().id;
  });
  afterAll(() => t?.close());

  it('creates one of 12 sites sent at once with the same code; the others get the check’s answer', async () => {
    const code = uniq('CS');
    const answers = await race(t, 12, () => ({ method: 'POST', url: '/api/sites', token: t.adminToken, payload: site(code) }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã cơ sở đã tồn tại.' });
    const rows = await t.database.db.selectFrom('sites').select('id').where('code', '=', code).execute();
    expect(rows).toHaveLength(1);
    const points = await t.database.db
      .selectFrom('site_points')
      .select('id')
      .where('site_id', '=', rows[0]?.id ?? 0)
      .execute();
    expect(points).toHaveLength(1);
  });

  it('lets one of 8 edits of the same version through; the others are stale, the points written once', async () => {
    const made = await t.call({ method: 'POST', url: '/api/sites', token: t.adminToken, payload: site(uniq('CS')) });
    const s = made.json();
    const answers = await race(t, 8, (i) => ({
      method: 'PUT',
      url: `/api/sites/${s.id}`,
      token: t.adminToken,
      payload: {
        ...site(s.code),
        version: s.version,
        points: [
          { id: s.points[0].id, code: 'NT1', name: 'Đầu ra', medium: 'wastewater', plan: [] },
          { code: `KK${i}`, name: 'Cổng', medium: 'ambient_air', plan: [] },
        ],
      },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 7 });
    const points = await t.database.db.selectFrom('site_points').select('code').where('site_id', '=', s.id).execute();
    expect(points).toHaveLength(2);
  });

  it('never deletes a parameter that a site created at the same time plans', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await parameter();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        8,
        { method: 'DELETE', url: `/api/parameters/${p}`, token: t.adminToken },
        () => ({ method: 'POST', url: '/api/sites', token: t.adminToken, payload: site(uniq('CS'), p) }),
        {
          inUse: { code: 'IN_USE', message: /^Không thể xóa chỉ tiêu .* đang có trong kế hoạch của \d+ điểm quan trắc/ },
          missing: { field: 'points.0.plan.0.parameter_id', message: 'Chỉ tiêu không tồn tại.' },
        },
      );
      const plans = await t.database.db.selectFrom('site_point_plans').select('point_id').where('parameter_id', '=', p).execute();
      expect(plans).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
