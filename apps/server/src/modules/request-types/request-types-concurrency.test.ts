import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { uniquePhone } from '../../test/request-helpers';

// Rules across rows of request types (docs/architecture.md, "Rules across rows"): codes are unique, a request type a
// request was made for is never deleted — under N identical requests at once.

describe('request types under concurrent requests', () => {
  let t: TestApp;
  let processId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const dept = (await createDepartment(t, { code: uniq('HT'), name: 'Đội hiện trường' })).id;
    const p = await t.call({
      method: 'POST',
      url: '/api/processes',
      token: t.adminToken,
      payload: { code: uniq('QT'), name: 'Quan trắc', steps: [{ name: 'Lấy mẫu', department_id: dept, duration_hours: 8 }] },
    });
    expect(p.statusCode, p.body).toBe(201);
    processId = p.json().id;
  });
  afterAll(() => t?.close());

  it('creates one of 15 request types sent at once with the same code', async () => {
    const code = uniq('LYC');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/request-types',
      token: t.adminToken,
      payload: { code, name: 'Quan trắc định kỳ', process_id: processId },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã loại yêu cầu đã tồn tại.' });
  });

  it('never deletes a request type that a request made at the same time is of', async () => {
    const customer = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: 'Công ty Môi trường Xanh' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    for (let round = 0; round < 3; round++) {
      const type = await t.call({
        method: 'POST',
        url: '/api/request-types',
        token: t.adminToken,
        payload: { code: uniq('LYC'), name: 'Quan trắc', process_id: processId },
      });
      const typeId = type.json().id as number;
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/request-types/${typeId}`, token: t.adminToken },
        (i) => ({
          method: 'POST',
          url: '/api/requests',
          token: t.adminToken,
          payload: {
            request_type_id: typeId,
            customer_id: customer.json().id,
            requester_name: 'Trần Thị Bình',
            requester_phone: uniquePhone(),
            title: `Quan trắc nước thải ${i}`,
          },
        }),
        {
          inUse: { message: /^Không thể xóa loại yêu cầu đã có \d+ yêu cầu/ },
          missing: { field: 'request_type_id', message: 'Loại yêu cầu không tồn tại hoặc đã ngừng tiếp nhận.' },
        },
      );
      const requests = await t.database.db.selectFrom('requests').select('id').where('request_type_id', '=', typeId).execute();
      expect(requests).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
