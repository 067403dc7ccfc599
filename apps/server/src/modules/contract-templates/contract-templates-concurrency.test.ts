import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { sampleTemplate } from './sample-template';

// Rules across rows of contract templates (docs/architecture.md, "Rules across rows"): codes are unique, a template a
// contract was made from is never deleted (contracts.template_id has no foreign key: both sides lock the template) —
// under N identical requests at once.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('contract templates under concurrent requests', () => {
  let t: TestApp;
  let customerId: number;
  const form = (code: string) =>
    multipart([
      { name: 'code', value: code },
      { name: 'name', value: 'Mẫu hợp đồng quan trắc' },
      { name: 'file', filename: 'mau.docx', data: sampleTemplate(), contentType: DOCX },
    ]);
  const template = async () => {
    const res = await t.call({ method: 'POST', url: '/api/contract-templates', token: t.adminToken, ...form(uniq('HD')) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: t.adminToken,
      payload: { type: 'organization', name: 'Công ty Xi măng Hải Phòng' },
    });
    customerId = c.json().id;
  });
  afterAll(() => t?.close());

  it('creates one of 10 templates sent at once with the same code', async () => {
    const code = uniq('HD');
    const answers = await race(t, 10, () => ({
      method: 'POST',
      url: '/api/contract-templates',
      token: t.adminToken,
      raw: form(code),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 9 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã mẫu hợp đồng đã tồn tại.' });
  });

  it('never deletes a template that a contract made at the same time is made from', async () => {
    for (let round = 0; round < 3; round++) {
      const tpl = await template();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/contract-templates/${tpl.id}`, token: t.adminToken },
        (i) => ({
          method: 'POST',
          url: '/api/contracts',
          token: t.adminToken,
          payload: {
            customer_id: customerId,
            template_id: tpl.id,
            title: `Quan trắc định kỳ ${i}`,
            start_date: '2031-01-01',
            end_date: '2031-12-31',
            items: [{ name: 'Quan trắc khí thải', unit_name: 'mẫu', quantity: 2, unit_price: 1_500_000, vat_rate: '10' }],
          },
        }),
        {
          inUse: { message: /^Không thể xóa mẫu hợp đồng đang được dùng cho \d+ hợp đồng/ },
          missing: { field: 'template_id', message: 'Mẫu hợp đồng không tồn tại.' },
        },
      );
      const contracts = await t.database.db.selectFrom('contracts').select('id').where('template_id', '=', tpl.id).execute();
      expect(contracts).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
