import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, expectError, uniq } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import { multipart } from './multipart';

// Issue 21 part 3: ids are ids. A JSON body's id is a whole number (no coercion: `true` was taken as 1, `[5]` as 5,
// and an adjustment with `user_id: true` adjusted the administrator); a query string's or a path's id is digits
// only; a multipart form's digits are numbers where its schema wants one, and nothing else is.

/** What a JSON body may not give as an id. (`1e3` as a JSON number is 1000 itself: it is sent as text.) */
const BODY_NOT_IDS: unknown[] = [true, false, [5], '5', 5.5, '1e3', -1, 0, '0x10', null, {}, 2 ** 31];
/** What a query string or a path may not give as an id. */
const TEXT_NOT_IDS = ['true', '[5]', '5.5', '1e3', '-1', '+5', '0x10', ' 5', '5 ', '0', '2147483648', '', 'abc'];

describe('strict ids', () => {
  let t: TestApp;
  let dept: number;
  let annual: number;
  let emp: { id: number; token: string };
  let hr: { id: number; token: string };
  let adminId: number;
  let requestTypeId: number;
  let ip = 0;

  const adjustments = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('leave_ledger')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'adjustment')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    dept = (await createDepartment(t, { code: uniq('PB'), name: 'Phòng Hành chính' })).id;
    const head = await t.userWith(['leaves.index', 'leaves.create'], { department_id: dept });
    await t.database.db.updateTable('departments').set({ head_id: head.id }).where('id', '=', dept).execute();
    emp = await t.userWith(['leaves.index', 'leaves.create'], { department_id: dept });
    hr = await t.userWith(['leaves.index', 'leaves.all'], { department_id: dept });
    adminId = (await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken })).json().user.id;
    const types = (await t.call({ method: 'GET', url: '/api/leave-types', token: emp.token })).json().data;
    annual = types.find((x: { code: string }) => x.code === 'annual').id;
    const proc = await t.call({
      method: 'POST',
      url: '/api/processes',
      token: t.adminToken,
      payload: { code: uniq('QT'), name: 'Quy trình', steps: [{ name: 'Xử lý', department_id: dept, duration_hours: 8 }] },
    });
    const type = await t.call({
      method: 'POST',
      url: '/api/request-types',
      token: t.adminToken,
      payload: { code: uniq('LY'), name: 'Quan trắc', process_id: proc.json().id, is_public: true },
    });
    requestTypeId = type.json().id;
  });
  afterAll(() => t.close());

  it('a leave application takes leave_type_id as a whole number only', async () => {
    const body = { start_date: '2027-05-03', end_date: '2027-05-03' };
    for (const value of BODY_NOT_IDS) {
      const res = await t.call({
        method: 'POST',
        url: '/api/leaves',
        token: emp.token,
        payload: { ...body, leave_type_id: value },
      });
      expectError(res, 422, 'VALIDATION_FAILED', 'leave_type_id');
    }
    const leaves = await t.database.db.selectFrom('leaves').select('id').where('user_id', '=', emp.id).execute();
    expect(leaves).toEqual([]);
    const ok = await t.call({
      method: 'POST',
      url: '/api/leaves',
      token: emp.token,
      payload: { ...body, leave_type_id: annual },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a balance adjustment with user_id true, [5] or "5" is refused and touches no balance', async () => {
    const before = await adjustments();
    for (const value of BODY_NOT_IDS) {
      const res = await t.call({
        method: 'POST',
        url: '/api/leaves/balance-adjustments',
        token: hr.token,
        payload: { user_id: value, year: 2027, days: 3, note: 'Cộng thêm' },
      });
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'user_id');
      expect(body.errors.find((e) => e.field === 'user_id')?.message).toBe(
        value === null ? 'Vui lòng chọn nhân viên' : 'Nhân viên không hợp lệ',
      );
    }
    // The year is a whole number too.
    for (const year of ['2027', true, 2027.5]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/leaves/balance-adjustments',
        token: hr.token,
        payload: { user_id: emp.id, year, days: 3, note: 'Cộng thêm' },
      });
      expectError(res, 422, 'VALIDATION_FAILED', 'year');
    }
    expect(await adjustments()).toBe(before);
    const admin = await t.database.db
      .selectFrom('leave_ledger')
      .select('id')
      .where('user_id', '=', adminId)
      .where('kind', '=', 'adjustment')
      .execute();
    expect(admin).toEqual([]);
    const ok = await t.call({
      method: 'POST',
      url: '/api/leaves/balance-adjustments',
      token: hr.token,
      payload: { user_id: emp.id, year: 2027, days: 3, note: 'Cộng thêm' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await adjustments()).toBe(before + 1);
  });

  it('a query filter takes digits only', async () => {
    for (const value of TEXT_NOT_IDS) {
      const res = await t.call({
        method: 'GET',
        url: `/api/leaves?tab=all&department_id=${encodeURIComponent(value)}`,
        token: hr.token,
      });
      expectError(res, 422, 'VALIDATION_FAILED', 'department_id');
    }
    // A list of ids is digits, item by item; the same filter given twice is no id either.
    expectError(
      await t.call({ method: 'GET', url: `/api/leaves?tab=all&leave_type_id=${annual},true`, token: hr.token }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.call({ method: 'GET', url: `/api/leaves?tab=all&department_id=${dept}&department_id=${dept}`, token: hr.token }),
      422,
      'VALIDATION_FAILED',
      'department_id',
    );
    const ok = await t.call({ method: 'GET', url: `/api/leaves?tab=all&department_id=${dept}`, token: hr.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.length).toBeGreaterThan(0);
    // A leading zero is still the number's digits.
    const zero = await t.call({ method: 'GET', url: `/api/leaves?tab=all&department_id=0${dept}`, token: hr.token });
    expect(zero.json().meta.total).toBe(ok.json().meta.total);
    // Page numbers are digits too.
    for (const page of ['1e3', '-1', '0x10', 'true']) {
      expectError(
        await t.call({ method: 'GET', url: `/api/users?page=${page}`, token: t.adminToken }),
        422,
        'VALIDATION_FAILED',
        'page',
      );
    }
  });

  it('a path id takes digits only', async () => {
    for (const value of TEXT_NOT_IDS.filter((v) => v !== '')) {
      const res = await t.call({ method: 'GET', url: `/api/users/${encodeURIComponent(value)}`, token: t.adminToken });
      expectError(res, 422, 'VALIDATION_FAILED', 'id');
    }
    expect((await t.call({ method: 'GET', url: `/api/users/${emp.id}`, token: t.adminToken })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users/2147483647', token: t.adminToken })).statusCode).toBe(404);
  });

  it('a multipart form gives its digits as numbers where the schema takes one, and nothing else', async () => {
    const send = (requestTypeValue: string) => {
      ip += 1;
      const form = multipart([
        { name: 'request_type_id', value: requestTypeValue },
        { name: 'name', value: 'Nguyễn Thị Mai' },
        { name: 'mobile', value: '0912000444' },
        { name: 'title', value: 'Quan trắc khí thải' },
        { name: 'content', value: 'Đề nghị quan trắc.' },
        { name: 'consent', value: '1' },
      ]);
      return t.call({
        method: 'POST',
        url: '/api/public/requests',
        payload: form.payload,
        headers: form.headers,
        remoteAddress: `198.51.100.${ip}`,
      });
    };
    for (const value of TEXT_NOT_IDS.filter((v) => v !== '')) {
      expectError(await send(value), 422, 'VALIDATION_FAILED', 'request_type_id');
    }
    const ok = await send(String(requestTypeId));
    expect(ok.statusCode, ok.body).toBe(201);
    // The same route in JSON takes a number only.
    const json = await t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: {
        request_type_id: String(requestTypeId),
        name: 'Nguyễn Thị Mai',
        mobile: '0912000555',
        title: 'Quan trắc khí thải',
        content: 'Đề nghị quan trắc.',
        consent: true,
      },
      remoteAddress: '198.51.100.250',
    });
    expectError(json, 422, 'VALIDATION_FAILED', 'request_type_id');
  });

  it('a contract form keeps a decimal quantity and refuses a quantity written otherwise', async () => {
    const customer = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: 'Công ty Hồng Hà' },
    });
    const send = (quantity: string) => {
      const form = multipart([
        { name: 'customer_id', value: String(customer.json().id) },
        { name: 'title', value: 'Hợp đồng quan trắc' },
        { name: 'start_date', value: '2027-01-01' },
        { name: 'end_date', value: '2027-12-31' },
        { name: 'items[0][name]', value: 'Phân tích COD' },
        { name: 'items[0][unit_name]', value: 'mẫu' },
        { name: 'items[0][quantity]', value: quantity },
        { name: 'items[0][unit_price]', value: '150000' },
        { name: 'items[0][vat_rate]', value: '10' },
      ]);
      return t.call({ method: 'POST', url: '/api/contracts', token: t.adminToken, payload: form.payload, headers: form.headers });
    };
    const ok = await send('1.5');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().items[0]).toMatchObject({ quantity: 1.5, unit_price: 150_000, amount: 225_000 });
    for (const quantity of ['1,5', '1e3', '0x10', ' 2', 'true', '-1', '0']) {
      expectError(await send(quantity), 422, 'VALIDATION_FAILED', 'items.0.quantity');
    }
  });
});
