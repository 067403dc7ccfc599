import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { uniquePhone } from '../../test/request-helpers';

// Rules across rows of customers (docs/architecture.md, "Rules across rows"): a tax code belongs to one customer, a
// requester's phone finds one customer (created once), a customer with requests is never deleted — under N identical
// requests at once.

describe('customers under concurrent requests', () => {
  let t: TestApp;
  let typeId: number;
  const customer = async (over: Record<string, unknown> = {}) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: 'Công ty Nước sạch Hà Nam', ...over },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  };
  const request = (over: Record<string, unknown>) => ({
    method: 'POST' as const,
    url: '/api/requests',
    token: t.adminToken,
    payload: {
      request_type_id: typeId,
      requester_name: 'Phạm Thị Dung',
      requester_phone: uniquePhone(),
      title: 'Quan trắc nước thải quý I',
      ...over,
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    const dept = (await createDepartment(t, { code: uniq('HT'), name: 'Đội hiện trường' })).id;
    const p = await t.call({
      method: 'POST',
      url: '/api/processes',
      token: t.adminToken,
      payload: { code: uniq('QT'), name: 'Quan trắc', steps: [{ name: 'Lấy mẫu', department_id: dept, duration_hours: 8 }] },
    });
    const type = await t.call({
      method: 'POST',
      url: '/api/request-types',
      token: t.adminToken,
      payload: { code: uniq('LYC'), name: 'Quan trắc', process_id: p.json().id },
    });
    expect(type.statusCode, type.body).toBe(201);
    typeId = type.json().id;
  });
  afterAll(() => t?.close());

  it('gives a tax code to one of 12 customers created at once; the others are told which customer holds it', async () => {
    const taxCode = `0109${String(Date.now()).slice(-6)}`;
    const answers = await race(t, 12, (i) => ({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: `Công ty Thép ${i}`, tax_code: taxCode },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    const winner = answers.find((a) => a.status === 201)?.body.code as string;
    expectRefusals(answers, 201, {
      status: 422,
      field: 'tax_code',
      message: `Mã số thuế đã được dùng cho khách hàng ${winner}.`,
    });
  });

  it('creates one customer for 10 requests sent at once by the same new requester', async () => {
    const phone = uniquePhone();
    const answers = await race(t, 10, () => request({ requester_phone: phone }));
    expect(statusCounts(answers)).toEqual({ 201: 10 });
    const customers = await t.database.db.selectFrom('customers').select('id').where('phone', '=', phone).execute();
    expect(customers).toHaveLength(1);
  });

  it('never deletes a customer that a request made at the same time names', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await customer();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/customers/${c.id}`, token: t.adminToken },
        () => request({ customer_id: c.id }),
        {
          inUse: { message: /^Không thể xóa khách hàng KH\d+ vì đang có \d+ yêu cầu liên quan/ },
          missing: { field: 'customer_id', message: 'Khách hàng không tồn tại.' },
        },
      );
      const requests = await t.database.db.selectFrom('requests').select('id').where('customer_id', '=', c.id).execute();
      expect(requests).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
