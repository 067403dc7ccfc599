import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of contracts (docs/architecture.md, "Rules across rows"): a contract number belongs to one
// contract, typed or drawn from the year's sequence — under N identical requests at once.

describe('contract numbers under concurrent requests', () => {
  let t: TestApp;
  let customerId: number;
  const body = (over: Record<string, unknown> = {}) => ({
    customer_id: customerId,
    title: 'Quan trắc môi trường lao động',
    start_date: '2031-01-01',
    end_date: '2031-12-31',
    items: [{ name: 'Đo vi khí hậu', unit_name: 'mẫu', quantity: 3, unit_price: 400_000, vat_rate: '10' }],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: 'Công ty May Thành Công' },
    });
    customerId = c.json().id;
  });
  afterAll(() => t?.close());

  it('gives a typed number to one of 12 contracts created at once', async () => {
    const number = `${Date.now() % 100000}/2031/HĐ-QT`;
    const answers = await race(t, 12, () => ({
      method: 'POST',
      url: '/api/contracts',
      token: t.adminToken,
      payload: body({ number }),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(answers, 201, { status: 422, field: 'number', message: `Số hợp đồng ${number} đã được dùng.` });
  });

  it('gives 12 contracts created at once without a number 12 different numbers from the sequence', async () => {
    const answers = await race(t, 12, () => ({ method: 'POST', url: '/api/contracts', token: t.adminToken, payload: body() }));
    expect(statusCounts(answers)).toEqual({ 201: 12 });
    expect(new Set(answers.map((a) => a.body.number)).size).toBe(12);
  });
});
