import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of KPI types (docs/architecture.md, "Rules across rows"): codes are unique, a KPI type an
// evaluation criterion uses is never deleted — under N identical requests at once.

describe('KPI types under concurrent requests', () => {
  let t: TestApp;
  let dept: number;
  const kpi = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/kpi-types',
      token: t.adminToken,
      payload: { code: uniq('KPI'), name: 'Tỷ lệ đúng hạn', direction: 'higher' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  /** A period of its own name and dates (periods are unique by both) with one criterion. */
  const period = (i: number, kpiTypeId: number) => ({
    name: `Kỳ thử ${uniq('K')} ${i}`,
    period_type: 'month',
    period_start: '2031-01-01',
    period_end: `2031-01-${String(2 + i).padStart(2, '0')}`,
    self_deadline: '2031-02-05',
    review_deadline: '2031-02-10',
    department_ids: [dept],
    criteria: [{ kpi_type_id: kpiTypeId, weight: 100, target: 1 }],
  });

  beforeAll(async () => {
    t = await createTestApp();
    dept = (await createDepartment(t, { code: uniq('PB'), name: 'Phòng Đánh giá' })).id;
  });
  afterAll(() => t?.close());

  it('creates one of 15 KPI types sent at once with the same code', async () => {
    const code = uniq('KPI');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/kpi-types',
      token: t.adminToken,
      payload: { code, name: 'Số hồ sơ', direction: 'higher' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã KPI đã tồn tại.' });
  });

  it('never deletes a KPI type that a period created at the same time uses', async () => {
    for (let round = 0; round < 3; round++) {
      const k = await kpi();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        12,
        { method: 'DELETE', url: `/api/kpi-types/${k.id}`, token: t.adminToken },
        (i) => ({ method: 'POST', url: '/api/evaluations', token: t.adminToken, payload: period(i, k.id) }),
        {
          inUse: { code: 'IN_USE', message: /^Không thể xóa loại KPI đang được dùng trong \d+ tiêu chí/ },
          missing: { field: 'criteria.0.kpi_type_id', message: 'Loại KPI không tồn tại.' },
        },
      );
      const criteria = await t.database.db
        .selectFrom('evaluation_criteria')
        .select('id')
        .where('kpi_type_id', '=', k.id)
        .execute();
      expect(criteria).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
