import { contractTotals } from '@qlcv/common/contract-money';
import type { PermissionKey } from '@qlcv/common/permissions';
import { addDays } from '@qlcv/common/work-calendar';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnToday } from '../../lib/vn-time';
import { race, statusCounts } from '../../test/concurrency';
import { auditOf, createDepartment, expectError, expectXlsx, looksVietnamese, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart, PNG } from '../../test/multipart';
import { sampleTemplate } from '../contract-templates/sample-template';
import { ContractExpiryJob } from './contract-expiry.job';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
type Who = { id: number; token: string };

/** The text of a .docx body, paragraphs joined by new lines. */
function docxText(buf: Buffer): string {
  const xml = new PizZip(buf).file('word/document.xml')?.asText() ?? '';
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

describe('contracts API', () => {
  let t: TestApp;
  let seller: Who;
  let reader: Who;
  let lister: Who;
  let head: Who;
  /** Holds contracts.approve: signs and returns what others submitted (issue 21). */
  let director: Who | undefined;
  let customerId: number;
  let customer2Id: number;
  let unitId: number;
  let templateId: number;
  const today = vnToday();
  const year = today.slice(0, 4);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = seller.token) =>
    t.call({ method, url, token, payload: payload as Record<string, unknown> });
  const items = () => [
    { name: 'Lấy mẫu không khí xung quanh', unit_name: 'mẫu', quantity: 4, unit_price: 1_500_000, vat_rate: '10' },
    { name: 'Phân tích nước thải', unit_name: 'mẫu', quantity: 2.5, unit_price: 1_000_001, vat_rate: '10', vat_reducible: false },
    { name: 'Báo cáo quan trắc định kỳ', unit_name: 'báo cáo', quantity: 1, unit_price: 5_000_000, vat_rate: '5' },
  ];
  const body = (extra: Record<string, unknown> = {}) => ({
    customer_id: customerId,
    title: 'Quan trắc môi trường định kỳ năm 2027',
    start_date: '2027-01-01',
    end_date: '2027-12-31',
    payment_terms: 'Thanh toán 100% sau khi bàn giao báo cáo.',
    items: items(),
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, token = seller.token) => {
    const res = await call('POST', '/api/contracts', body(extra), token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const approver = async () =>
    (director ??= await t.userWith(['contracts.index', 'contracts.show', 'contracts.approve'] as PermissionKey[]));
  /** A verb by the seller; signing and returning a contract waiting for approval by the director (issue 21). */
  const act = async (id: number, verb: string, payload: Record<string, unknown> = {}) => {
    const token = verb === 'sign' || verb === 'return' ? (await approver()).token : seller.token;
    const res = await call('POST', `/api/contracts/${id}/${verb}`, payload, token);
    expect(res.statusCode, `${verb}: ${res.body}`).toBe(200);
    return res.json();
  };
  const rules = async () => (await call('GET', '/api/vat-rules', undefined, reader.token)).json();

  beforeAll(async () => {
    t = await createTestApp();
    const dept = await createDepartment(t, { code: uniq('KD'), name: 'Phòng Kinh doanh' });
    head = await t.userWith(['contracts.index'], { department_id: dept.id });
    await t.database.db.updateTable('departments').set({ head_id: head.id }).where('id', '=', dept.id).execute();
    // A salesperson reads requests (the demo's role does), so she may start a contract from one.
    seller = await t.userWith(['contracts.index', 'contracts.show', 'contracts.create', 'customer.edit', 'requests.show'], {
      department_id: dept.id,
    });
    reader = await t.userWith([]);
    lister = await t.userWith(['contracts.index']);
    const c1 = await call(
      'POST',
      '/api/customers',
      { type: 'organization', name: 'Công ty TNHH Bia Hà Nội - Mê Linh', tax_code: '2500123456' },
      t.adminToken,
    );
    customerId = c1.json().id;
    customer2Id = (
      await call('POST', '/api/customers', { type: 'organization', name: 'Công ty Cổ phần Thép Đông Á' }, t.adminToken)
    ).json().id;
    unitId = (await call('POST', '/api/units', { code: uniq('MAU'), name: 'mẫu' }, t.adminToken)).json().id;
    const form = multipart([
      { name: 'code', value: uniq('MHD') },
      { name: 'name', value: 'Mẫu hợp đồng quan trắc' },
      { name: 'file', filename: 'mau.docx', data: sampleTemplate(), contentType: DOCX },
    ]);
    const tpl = await t.call({ method: 'POST', url: '/api/contract-templates', token: t.adminToken, ...form });
    expect(tpl.statusCode, tpl.body).toBe(201);
    templateId = tpl.json().id;
  });
  afterAll(() => t?.close());

  it('needs a sign-in and the keys; an unknown contract is 404', async () => {
    expect((await t.call({ method: 'GET', url: '/api/contracts' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/vat-rules' })).statusCode).toBe(401);
    expectError(await call('GET', '/api/contracts', undefined, reader.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/contracts', body(), lister.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/contracts/1', undefined, lister.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/contracts/999999'), 404, 'NOT_FOUND');
    expectError(await call('POST', '/api/contracts/999999/submit', {}), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/contracts/999999/document'), 404, 'NOT_FOUND');
  });

  it('serves the dated VAT rules to anyone signed in', async () => {
    const list = await rules();
    expect(list.map((r: { name: string }) => r.name)).toEqual([
      'Nghị định 72/2024/NĐ-CP',
      'Nghị định 180/2024/NĐ-CP',
      'Nghị định 174/2025/NĐ-CP',
    ]);
    expect(list[2]).toMatchObject({ from_rate: 10, to_rate: 8, valid_from: '2025-07-01', valid_to: '2026-12-31' });
  });

  it('creates a draft: the number from the pattern, the totals computed here (the client’s ignored), the history', async () => {
    const c = await create({ subtotal: 1, total: 2, vat_amount: 3, status: 'signed', template_id: templateId });
    expect(c.number).toMatch(new RegExp(`^\\d{3}/${year}/HĐ-QT$`));
    expect(c.status).toBe('draft');
    expect(c.signed_date).toBeNull();
    expect(c.created_by).toEqual({ id: seller.id, name: expect.any(String) });
    expect(c.template).toEqual({ id: templateId, name: 'Mẫu hợp đồng quan trắc' });
    const expected = contractTotals(
      items().map((i) => ({ ...i, vat_reducible: i.vat_reducible ?? true, vat_rate: i.vat_rate as '10' })),
      today,
      await rules(),
    );
    expect(c.subtotal).toBe(expected.subtotal);
    expect(c.subtotal).toBe(6_000_000 + 2_500_003 + 5_000_000);
    expect(c.vat_amount).toBe(expected.vat_amount);
    expect(c.total).toBe(expected.total);
    expect(c.items.map((i: { amount: number }) => i.amount)).toEqual([6_000_000, 2_500_003, 5_000_000]);
    expect(c.items[1]).toMatchObject({ quantity: 2.5, vat_reducible: false, applied_rate: 10 });
    expect(c.vat_lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(c.vat_amount);
    expect(c.total_in_words).toMatch(/^[A-ZĐ].* đồng$/);
    expect(c.actions).toEqual(['submit', 'cancel']);
    expect(c.can).toEqual({ edit: true, delete: true, document: true });
    const history = await auditOf(t, 'contracts', c.id);
    expect(history.map((h: { action: string }) => h.action)).toContain('create');

    // The next one takes the next number of the year.
    const next = await create();
    expect(Number(next.number.slice(0, 3))).toBe(Number(c.number.slice(0, 3)) + 1);
  });

  it('follows the company’s number pattern; a taken number or a bad pattern is refused in Vietnamese', async () => {
    const settings = (await call('GET', '/api/settings/company', undefined, t.adminToken)).json();
    expect(settings.contract_number_pattern).toBe('{seq:3}/{yyyy}/HĐ-QT');
    const bad = await call('PUT', '/api/settings/company', { ...settings, contract_number_pattern: 'HĐ/{yyyy}' }, t.adminToken);
    const err = expectError(bad, 422, 'VALIDATION_FAILED', 'contract_number_pattern');
    expect(looksVietnamese(err.errors[0]?.message ?? '')).toBe(true);
    const ok = await call(
      'PUT',
      '/api/settings/company',
      { ...settings, contract_number_pattern: 'HĐ-{yy}{mm}-{seq:4}' },
      t.adminToken,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const c = await create();
    expect(c.number).toMatch(new RegExp(`^HĐ-${year.slice(2)}${today.slice(5, 7)}-\\d{4}$`));
    // Left out: the pattern stays.
    const { contract_number_pattern: _, ...rest } = ok.json() as Record<string, unknown>;
    const kept = await call('PUT', '/api/settings/company', rest, t.adminToken);
    expect(kept.json().contract_number_pattern).toBe('HĐ-{yy}{mm}-{seq:4}');
    await call(
      'PUT',
      '/api/settings/company',
      { ...(kept.json() as object), contract_number_pattern: '{seq:3}/{yyyy}/HĐ-QT' },
      t.adminToken,
    );

    const manual = await create({ number: `015/${year}/HĐ-KT` });
    expect(manual.number).toBe(`015/${year}/HĐ-KT`);
    expectError(await call('POST', '/api/contracts', body({ number: `015/${year}/HĐ-KT` })), 422, 'VALIDATION_FAILED', 'number');
  });

  it('validates in Vietnamese: no lines, dates out of order, a bad quantity, an unknown customer', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [] }, 'items'],
      [{ end_date: '2026-12-01' }, 'end_date'],
      [{ items: [{ ...items()[0], quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ ...items()[0], quantity: 1.2345 }] }, 'items.0.quantity'],
      [{ items: [{ ...items()[0], vat_rate: '8' }] }, 'items.0.vat_rate'],
      [{ items: [{ ...items()[0], unit_price: -1 }] }, 'items.0.unit_price'],
      [{ customer_id: 999999 }, 'customer_id'],
      [{ title: '' }, 'title'],
    ];
    for (const [extra, field] of cases) {
      const err = expectError(await call('POST', '/api/contracts', body(extra)), 422, 'VALIDATION_FAILED', field);
      expect(looksVietnamese(err.errors.map((e) => e.message).join(' ')), JSON.stringify(err)).toBe(true);
    }
  });

  it('goes through the status flow; wrong moves are 409; notes and the signing date are required', async () => {
    const c = await create();
    expectError(await call('POST', `/api/contracts/${c.id}/start`, {}), 409, 'INVALID_STATE');
    const pending = await act(c.id, 'submit', { note: 'Trình giám đốc' });
    expect(pending.status).toBe('pending_approval');
    // The seller who submitted it may only cancel it now; the director may return or sign it.
    expect(pending.actions).toEqual(['cancel']);
    const dir = await approver();
    expect((await call('GET', `/api/contracts/${c.id}`, undefined, dir.token)).json().actions).toEqual([
      'return',
      'sign',
      'cancel',
    ]);
    expectError(await call('POST', `/api/contracts/${c.id}/return`, {}, dir.token), 422, 'VALIDATION_FAILED', 'note');
    expect((await act(c.id, 'return', { note: 'Sửa đơn giá' })).status).toBe('draft');
    await act(c.id, 'submit');
    expectError(await call('POST', `/api/contracts/${c.id}/sign`, {}, dir.token), 422, 'VALIDATION_FAILED', 'signed_date');
    const signed = await act(c.id, 'sign', { signed_date: '2026-12-20' });
    expect(signed).toMatchObject({ status: 'signed', signed_date: '2026-12-20' });
    expect(signed.can.edit).toBe(false);
    expectError(await call('PUT', `/api/contracts/${c.id}`, body({ version: signed.version })), 409, 'INVALID_STATE');
    expectError(await call('DELETE', `/api/contracts/${c.id}`), 409, 'INVALID_STATE');
    expect((await act(c.id, 'start')).status).toBe('in_progress');
    expect((await act(c.id, 'complete')).status).toBe('completed');
    expectError(await call('POST', `/api/contracts/${c.id}/cancel`, { note: 'Khách hủy' }), 409, 'INVALID_STATE');
    const done = await act(c.id, 'liquidate', { note: 'Biên bản thanh lý số 12' });
    expect(done.status).toBe('liquidated');
    expect(done.actions).toEqual([]);
    const history = (await auditOf(t, 'contracts', c.id)).map((h: { action: string }) => h.action);
    for (const verb of ['create', 'submit', 'return', 'sign', 'start', 'complete', 'liquidate']) expect(history).toContain(verb);

    const other = await create();
    expectError(await call('POST', `/api/contracts/${other.id}/cancel`, {}), 422, 'VALIDATION_FAILED', 'note');
    const cancelled = await act(other.id, 'cancel', { note: 'Khách không ký' });
    expect(cancelled.status).toBe('cancelled');
    // A stale version on a verb is refused.
    const third = await create();
    expectError(await call('POST', `/api/contracts/${third.id}/submit`, { version: third.version + 5 }), 409, 'CONFLICT');
  });

  it('makes one transition of many concurrent ones; the others get 409', async () => {
    const c = await create();
    const results = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/contracts/${c.id}/submit`, {})));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(9);
    const submits = (await auditOf(t, 'contracts', c.id)).filter((h: { action: string }) => h.action === 'submit');
    expect(submits).toHaveLength(1);
  });

  it('signs or returns a contract waiting for approval only with contracts.approve, never by who submitted it', async () => {
    // Issue 21: a salesperson signed the contract she created and submitted.
    const c = await create();
    const pending = await act(c.id, 'submit');
    expect(pending.actions).toEqual(['cancel']);
    const signBody = { signed_date: today };
    expectError(await call('POST', `/api/contracts/${c.id}/sign`, signBody), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/contracts/${c.id}/return`, { note: 'Tự trả lại' }), 403, 'FORBIDDEN');

    // A holder of the key who submitted it herself is refused too, in Vietnamese, and so is the administrator.
    const dir = await approver();
    const mine = await create();
    const submitted = await call('POST', `/api/contracts/${mine.id}/submit`, {}, dir.token);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().actions).toEqual(['cancel']);
    expect(submitted.json().approval).toMatchObject({ submitted_by: { id: dir.id }, can_approve: false });
    for (const [verb, payload] of [
      ['sign', signBody],
      ['return', { note: 'Tự trả lại' }],
    ] as const) {
      const err = expectError(await call('POST', `/api/contracts/${mine.id}/${verb}`, payload, dir.token), 403, 'FORBIDDEN');
      expect(err.message).toContain('gửi duyệt');
      expect(looksVietnamese(err.message)).toBe(true);
    }
    const byAdmin = await create();
    await call('POST', `/api/contracts/${byAdmin.id}/submit`, {}, t.adminToken);
    expectError(await call('POST', `/api/contracts/${byAdmin.id}/sign`, signBody, t.adminToken), 403, 'FORBIDDEN');
    // Nothing moved: no sign or return in their histories.
    for (const id of [c.id, mine.id, byAdmin.id]) {
      const detail = (await call('GET', `/api/contracts/${id}`, undefined, t.adminToken)).json();
      expect(detail.status).toBe('pending_approval');
      const actions = (await auditOf(t, 'contracts', id)).map((h: { action: string }) => h.action);
      expect(actions).not.toContain('sign');
      expect(actions).not.toContain('return');
    }

    // The page says who submitted it and who can approve it; whoever else holds the key signs it.
    const seen = (await call('GET', `/api/contracts/${c.id}`)).json();
    expect(seen.approval).toMatchObject({
      submitted_by: { id: seller.id },
      submitted_at: expect.any(String),
      can_approve: false,
    });
    const approverIds = seen.approval.approvers.map((a: { id: number }) => a.id);
    expect(approverIds).toContain(dir.id);
    expect(approverIds).not.toContain(seller.id);
    expect(
      (await call('GET', `/api/contracts/${mine.id}`)).json().approval.approvers.map((a: { id: number }) => a.id),
    ).not.toContain(dir.id);
    const forDirector = (await call('GET', `/api/contracts/${c.id}`, undefined, dir.token)).json();
    expect(forDirector.approval.can_approve).toBe(true);
    const signed = await call('POST', `/api/contracts/${c.id}/sign`, signBody, dir.token);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().approval).toBeNull();
    const returned = await call('POST', `/api/contracts/${mine.id}/return`, { note: 'Thiếu phụ lục' }, t.adminToken);
    expect(returned.statusCode, returned.body).toBe(200);
    const entry = (await auditOf(t, 'contracts', c.id)).find((h: { action: string }) => h.action === 'sign');
    expect(entry?.user?.id).toBe(dir.id);
  });

  it('makes one signature of many concurrent ones by different approvers', async () => {
    const c = await create();
    await act(c.id, 'submit');
    const others = [await approver(), await t.userWith(['contracts.show', 'contracts.approve'] as PermissionKey[])];
    const answers = await race(t, 10, (i) => ({
      method: 'POST',
      url: `/api/contracts/${c.id}/sign`,
      token: (others[i % 2] as Who).token,
      payload: { signed_date: today },
    }));
    const counts = statusCounts(answers);
    expect(counts[200]).toBe(1);
    expect(counts[409]).toBe(9);
    const signs = (await auditOf(t, 'contracts', c.id)).filter((h: { action: string }) => h.action === 'sign');
    expect(signs).toHaveLength(1);
  });

  it('computes VAT by the signing date: 8 % through 31/12/2026, 10 % from 01/01/2027, with the rule named', async () => {
    const one = [{ name: 'Quan trắc khí thải', unit_name: 'lần', quantity: 1, unit_price: 10_000_000, vat_rate: '10' }];
    const sign = async (date: string) => {
      const c = await create({ items: one, end_date: '2028-12-31' });
      await act(c.id, 'submit');
      return act(c.id, 'sign', { signed_date: date });
    };
    const late2026 = await sign('2026-12-31');
    expect(late2026).toMatchObject({ subtotal: 10_000_000, vat_amount: 800_000, total: 10_800_000 });
    expect(late2026.items[0].applied_rate).toBe(8);
    expect(late2026.applied_rule.name).toBe('Nghị định 174/2025/NĐ-CP');
    expect(late2026.vat_note).toBe('Thuế suất 8 % theo Nghị định 174/2025/NĐ-CP (giảm 2 % từ 01/07/2025 đến 31/12/2026)');
    expect(late2026.vat_lines).toEqual([{ rate: 8, base: 10_000_000, amount: 800_000 }]);
    expect(late2026.total_in_words).toBe('Mười triệu tám trăm nghìn đồng');
    const early2027 = await sign('2027-01-01');
    expect(early2027).toMatchObject({ vat_amount: 1_000_000, total: 11_000_000, applied_rule: null, vat_note: null });
    expect(early2027.items[0].applied_rate).toBe(10);
    // Between two decrees' dates that leave a gap nothing is reduced.
    const gap = await sign('2024-06-30');
    expect(gap.vat_amount).toBe(1_000_000);
    // The history says the totals changed at signing.
    const entry = (await auditOf(t, 'contracts', early2027.id)).find((h: { action: string }) => h.action === 'sign');
    expect(entry?.changes?.signed_date).toEqual([null, '2027-01-01']);
  });

  it('edits a draft with its version (409 when stale), recomputing totals; deletes drafts only', async () => {
    const c = await create();
    const res = await call(
      'PUT',
      `/api/contracts/${c.id}`,
      body({ version: c.version, items: [items()[2]], title: 'Báo cáo ĐTM' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.number).toBe(c.number);
    expect(after.items).toHaveLength(1);
    expect(after.subtotal).toBe(5_000_000);
    expect(after.vat_amount).toBe(250_000);
    expectError(await call('PUT', `/api/contracts/${c.id}`, body({ version: c.version })), 409, 'CONFLICT');
    const history = await auditOf(t, 'contracts', c.id);
    const update = history.find((h: { action: string }) => h.action === 'update');
    expect(update?.changes?.title).toEqual(['Quan trắc môi trường định kỳ năm 2027', 'Báo cáo ĐTM']);
    expect((await call('DELETE', `/api/contracts/${c.id}`)).statusCode).toBe(204);
    expectError(await call('GET', `/api/contracts/${c.id}`), 404, 'NOT_FOUND');
  });

  it('lists with filters, accent-insensitive search, expiring soon, the sum of totals, and exports', async () => {
    const a = await create({
      customer_id: customer2Id,
      title: 'Lắp đặt trạm quan trắc tự động',
      end_date: addDays(today, 10),
      start_date: today,
    });
    await act(a.id, 'submit');
    await act(a.id, 'sign', { signed_date: today });
    const far = await create({
      customer_id: customer2Id,
      title: 'Đo kiểm môi trường lao động',
      end_date: addDays(today, 90),
      start_date: today,
    });
    await act(far.id, 'submit');
    await act(far.id, 'sign', { signed_date: today });

    const byCustomer = (await call('GET', `/api/contracts?customer_id=${customer2Id}`, undefined, lister.token)).json();
    expect(byCustomer.meta.total).toBe(2);
    expect(byCustomer.meta.sums.signed).toEqual({
      count: 2,
      total: byCustomer.data.reduce((s: number, c: { total: number }) => s + c.total, 0),
    });
    expect(byCustomer.data[0]).toEqual({
      id: far.id,
      number: far.number,
      title: far.title,
      status: 'signed',
      customer: { id: customer2Id, code: expect.stringMatching(/^KH/), name: 'Công ty Cổ phần Thép Đông Á' },
      signed_date: today,
      start_date: today,
      end_date: addDays(today, 90),
      subtotal: expect.any(Number),
      vat_amount: expect.any(Number),
      total: expect.any(Number),
      created_by: { id: seller.id, name: expect.any(String) },
      created_at: expect.any(String),
    });
    const expiring = (await call('GET', `/api/contracts?expiring=1&customer_id=${customer2Id}`, undefined, lister.token)).json();
    expect(expiring.data.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const search = (await call('GET', '/api/contracts?search=lap dat tram', undefined, lister.token)).json();
    expect(search.data.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const byCustomerName = (await call('GET', '/api/contracts?search=thep dong a', undefined, lister.token)).json();
    expect(byCustomerName.meta.total).toBe(2);
    const status = (await call('GET', '/api/contracts?status=signed,in_progress&per_page=100', undefined, lister.token)).json();
    expect(status.data.every((c: { status: string }) => ['signed', 'in_progress'].includes(c.status))).toBe(true);
    const range = (await call('GET', `/api/contracts?from=2027-01-01&to=2027-01-01`, undefined, lister.token)).json();
    expect(range.data.every((c: { signed_date: string }) => c.signed_date === '2027-01-01')).toBe(true);
    expectError(await call('GET', '/api/contracts?sort=secret', undefined, lister.token), 422, 'VALIDATION_FAILED');
    expectError(await call('GET', '/api/contracts?status=open', undefined, lister.token), 422, 'VALIDATION_FAILED');

    const file = await t.call({
      method: 'GET',
      url: `/api/contracts?customer_id=${customer2Id}`,
      token: lister.token,
      headers: { 'x-export': 'xlsx' },
    });
    const rows = await expectXlsx(file, 'hop-dong');
    expect(rows[0]).toContain('Số hợp đồng');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[1])).toContain('Lắp đặt trạm quan trắc tự động');
  });

  it('sums what a reader means: signed and onward, drafts and cancelled apart (issue 21)', async () => {
    const customer = (
      await call('POST', '/api/customers', { type: 'organization', name: `Công ty Gạch Thạch Bàn ${uniq('c')}` }, t.adminToken)
    ).json().id;
    const one = (price: number) => [{ name: 'Quan trắc', unit_name: 'lần', quantity: 1, unit_price: price, vat_rate: 'none' }];
    const make = async (price: number, verbs: [string, Record<string, unknown>][]) => {
      const c = await create({ customer_id: customer, items: one(price) });
      for (const [verb, payload] of verbs) await act(c.id, verb, payload);
      return c;
    };
    const sign: [string, Record<string, unknown>] = ['sign', { signed_date: today }];
    await make(1_000_000, []);
    await make(2_000_000, [['submit', {}]]);
    await make(4_000_000, [['submit', {}], sign]);
    await make(8_000_000, [['submit', {}], sign, ['start', {}]]);
    await make(16_000_000, [['submit', {}], sign, ['start', {}], ['complete', {}]]);
    await make(32_000_000, [['submit', {}], sign, ['start', {}], ['complete', {}], ['liquidate', {}]]);
    await make(64_000_000, [['cancel', { note: 'Khách không ký' }]]);
    await make(128_000_000, [['submit', {}], sign, ['cancel', { note: 'Khách rút' }]]);

    const list = (await call('GET', `/api/contracts?customer_id=${customer}&per_page=2`, undefined, lister.token)).json();
    expect(list.meta.total).toBe(8);
    expect(list.meta.sums).toEqual({
      signed: { count: 4, total: 60_000_000 },
      unsigned: { count: 2, total: 3_000_000 },
      cancelled: { count: 2, total: 192_000_000 },
    });
    // The sums follow the filters, a status filter included.
    const drafts = (
      await call('GET', `/api/contracts?customer_id=${customer}&status=draft,cancelled`, undefined, lister.token)
    ).json();
    expect(drafts.meta.sums).toEqual({
      signed: { count: 0, total: 0 },
      unsigned: { count: 1, total: 1_000_000 },
      cancelled: { count: 2, total: 192_000_000 },
    });
  });

  it('prefills from a request: its customer and the active services of its type’s group', async () => {
    const group = `Quan trắc ${uniq('g')}`;
    const svc = async (code: string, name: string, price: number, extra: Record<string, unknown> = {}) =>
      call(
        'POST',
        '/api/services',
        { code, name, group, unit_id: unitId, unit_price: price, vat_rate: '10', ...extra },
        t.adminToken,
      );
    await svc(uniq('KK'), 'Lấy mẫu không khí', 1_200_000);
    await svc(uniq('NT'), 'Phân tích nước thải', 900_000, { vat_rate: '5' });
    await svc(uniq('OLD'), 'Dịch vụ ngừng', 1, { active: false });
    const process = (await call('POST', '/api/processes', { code: uniq('QT'), name: 'Quy trình hợp đồng' }, t.adminToken)).json()
      .id;
    const type = (
      await call(
        'POST',
        '/api/request-types',
        { code: uniq('LY'), name: 'Quan trắc định kỳ', process_id: process, service_group: group },
        t.adminToken,
      )
    ).json().id;
    const plain = (
      await call('POST', '/api/request-types', { code: uniq('LY'), name: 'Khác', process_id: process }, t.adminToken)
    ).json().id;
    const request = (
      await call(
        'POST',
        '/api/requests',
        {
          request_type_id: type,
          requester_name: 'Nguyễn Văn Hùng',
          requester_phone: '0912345001',
          title: 'Quan trắc quý I/2027',
          customer_id: customerId,
        },
        t.adminToken,
      )
    ).json();
    const pre = await call('GET', `/api/contracts/prefill?request_id=${request.id}`);
    expect(pre.statusCode, pre.body).toBe(200);
    const p = pre.json();
    expect(p).toMatchObject({
      request_id: request.id,
      request: { id: request.id, code: request.code },
      title: 'Quan trắc quý I/2027',
    });
    expect(p.customer_id).toBe(request.customer_id);
    expect(p.items.map((i: { name: string }) => i.name).sort()).toEqual(['Lấy mẫu không khí', 'Phân tích nước thải']);
    expect(p.items[0]).toMatchObject({ unit_name: 'mẫu', quantity: 1, vat_reducible: true });

    const other = (
      await call(
        'POST',
        '/api/requests',
        { request_type_id: plain, requester_name: 'Trần Thị Lan', requester_phone: '0912345002', title: 'Tư vấn' },
        t.adminToken,
      )
    ).json();
    expect((await call('GET', `/api/contracts/prefill?request_id=${other.id}`)).json().items).toEqual([]);
    expectError(await call('GET', '/api/contracts/prefill?request_id=999999'), 404, 'NOT_FOUND');
    expectError(await call('GET', `/api/contracts/prefill?request_id=${request.id}`, undefined, lister.token), 403, 'FORBIDDEN');

    // The contract made from it names the request, and the request filter finds it.
    const c = await create({ customer_id: p.customer_id, request_id: request.id, items: p.items });
    expect(c.request).toEqual({ id: request.id, code: request.code });
    const list = (await call('GET', `/api/contracts?request_id=${request.id}`)).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });

  it('prefills only from a request the caller may open (404 otherwise, like the request page)', async () => {
    // Issue 21: a contracts.create holder refused GET /api/requests/N read every request through the prefill.
    const process = (await call('POST', '/api/processes', { code: uniq('QT'), name: 'Quy trình tư vấn' }, t.adminToken)).json()
      .id;
    const type = (
      await call('POST', '/api/request-types', { code: uniq('LY'), name: 'Tư vấn hồ sơ', process_id: process }, t.adminToken)
    ).json().id;
    const request = (
      await call(
        'POST',
        '/api/requests',
        {
          request_type_id: type,
          requester_name: 'Lê Minh Tuấn',
          requester_phone: '0912345003',
          title: 'Tư vấn hồ sơ môi trường',
          customer_id: customerId,
        },
        t.adminToken,
      )
    ).json();
    const url = (id: number) => `/api/contracts/prefill?request_id=${id}`;

    const maker = await t.userWith(['contracts.index', 'contracts.show', 'contracts.create']);
    expectError(await call('GET', `/api/requests/${request.id}`, undefined, maker.token), 403, 'FORBIDDEN');
    const hidden = expectError(await call('GET', url(request.id), undefined, maker.token), 404, 'NOT_FOUND');
    const unknown = expectError(await call('GET', url(999999), undefined, maker.token), 404, 'NOT_FOUND');
    // An existing request and a missing one answer alike: the prefill tells nothing of requests out of reach.
    expect(hidden.message).toBe(unknown.message);
    expect(hidden.message).toBe('Không tìm thấy yêu cầu.');

    for (const key of ['requests.show', 'requests.edit'] as const) {
      const reader = await t.userWith(['contracts.create', key]);
      const res = await call('GET', url(request.id), undefined, reader.token);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({
        request: { id: request.id, code: request.code },
        title: 'Tư vấn hồ sơ môi trường',
        customer: { id: customerId },
      });
      expectError(await call('GET', url(999999), undefined, reader.token), 404, 'NOT_FOUND');
    }
    expect((await t.call({ method: 'GET', url: url(request.id) })).statusCode).toBe(401);
    const requestReader = await t.userWith(['requests.show']);
    expectError(await call('GET', url(request.id), undefined, requestReader.token), 403, 'FORBIDDEN');

    // Linking a request to a contract follows the same rule; a request linked by someone who may stays on edits.
    const linked = expectError(
      await call('POST', '/api/contracts', body({ request_id: request.id }), maker.token),
      422,
      'VALIDATION_FAILED',
      'request_id',
    );
    expect(linked.errors[0]?.message).toBe('Yêu cầu không tồn tại.');
    const c = await create({ request_id: request.id });
    const edited = await call('PUT', `/api/contracts/${c.id}`, body({ request_id: request.id, version: c.version }), maker.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().request).toEqual({ id: request.id, code: request.code });
  });

  it('generates the .docx from its template, and again after an edit; 422 without a template', async () => {
    const c = await create({ template_id: templateId, title: 'Quan trắc định kỳ Nhà máy Mê Linh' });
    const res = await call('GET', `/api/contracts/${c.id}/document`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe(DOCX);
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(c.number.replaceAll('/', '-'))}.docx`,
    );
    const text = docxText(res.rawPayload);
    expect(text).toContain(c.number);
    expect(text).toContain('Công ty TNHH Bia Hà Nội - Mê Linh');
    for (const item of items()) expect(text).toContain(item.name);
    const money = (n: number) => n.toLocaleString('de-DE');
    expect(text).toContain(money(c.total));
    expect(text).toContain(c.total_in_words);
    expect(text).toContain('01/01/2027');

    const edited = await call(
      'PUT',
      `/api/contracts/${c.id}`,
      body({
        version: c.version,
        template_id: templateId,
        title: 'Quan trắc định kỳ Nhà máy Mê Linh',
        items: [
          {
            name: 'Lập báo cáo đánh giá tác động môi trường',
            unit_name: 'báo cáo',
            quantity: 1,
            unit_price: 45_000_000,
            vat_rate: '10',
          },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const again = docxText((await call('GET', `/api/contracts/${c.id}/document`)).rawPayload);
    expect(again).toContain('Lập báo cáo đánh giá tác động môi trường');
    expect(again).not.toContain('Phân tích nước thải');
    expect(again).toContain(money(edited.json().total));
    expect(again).toContain(edited.json().total_in_words);

    const bare = await create();
    expectError(await call('GET', `/api/contracts/${bare.id}/document`), 422, 'NO_TEMPLATE');
  });

  it('keeps attachments like customers: attached ids, files with the contract, readable with contracts.show', async () => {
    const form = multipart([{ name: 'files[]', filename: 'phu-luc.png', data: PNG, contentType: 'image/png' }]);
    const up = await t.call({ method: 'POST', url: '/api/documents', token: seller.token, ...form });
    expect(up.statusCode, up.body).toBe(201);
    const doc = (Array.isArray(up.json()) ? up.json() : up.json().data)[0];
    const c = await create({ attachment_ids: [doc.id] });
    expect(c.attachments.map((a: { id: number }) => a.id)).toEqual([doc.id]);
    expect((await call('GET', `/api/documents/${doc.id}/download`)).statusCode).toBe(200);
    expect((await call('GET', `/api/documents/${doc.id}/download`, undefined, lister.token)).statusCode).toBe(404);
  });

  it('takes a multipart form: bracketed fields and files as attachments', async () => {
    const form = multipart([
      { name: 'customer_id', value: String(customerId) },
      { name: 'title', value: 'Hợp đồng gửi kèm tệp' },
      { name: 'start_date', value: '2027-02-01' },
      { name: 'end_date', value: '2027-03-01' },
      { name: 'items[0][name]', value: 'Đo tiếng ồn' },
      { name: 'items[0][unit_name]', value: 'điểm' },
      { name: 'items[0][quantity]', value: '1.5' },
      { name: 'items[0][unit_price]', value: '250000' },
      { name: 'items[0][vat_rate]', value: '10' },
      { name: 'items[0][vat_reducible]', value: 'false' },
      { name: 'attachments[]', filename: 'ban-ve.png', data: PNG, contentType: 'image/png' },
    ]);
    const res = await t.call({ method: 'POST', url: '/api/contracts', token: seller.token, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c.items[0]).toMatchObject({ quantity: 1.5, amount: 375_000, vat_reducible: false, applied_rate: 10 });
    expect(c.attachments.map((a: { original_name: string }) => a.original_name)).toEqual(['ban-ve.png']);
  });

  it('clears the expiry mark when the end date moves', async () => {
    const c = await create();
    await t.database.db
      .updateTable('contracts')
      .set({ expiring_notified_at: new Date().toISOString() })
      .where('id', '=', c.id)
      .execute();
    const same = await call('PUT', `/api/contracts/${c.id}`, body({ version: c.version, title: 'Đổi tên' }));
    expect(same.statusCode, same.body).toBe(200);
    const mark = () =>
      t.database.db.selectFrom('contracts').select('expiring_notified_at').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect((await mark()).expiring_notified_at).not.toBeNull();
    const moved = await call('PUT', `/api/contracts/${c.id}`, body({ version: same.json().version, end_date: '2028-06-30' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await mark()).expiring_notified_at).toBeNull();
  });

  it('refuses to delete a customer with contracts', async () => {
    const res = await call('DELETE', `/api/customers/${customer2Id}`, undefined, t.adminToken);
    const err = expectError(res, 409, 'CONFLICT');
    expect(err.message).toContain('hợp đồng');
  });

  it('raises contract.expiring once, to the owner and their department head, 30 days ahead', async () => {
    const c = await create({ customer_id: customer2Id, start_date: '2030-01-01', end_date: '2030-06-30' });
    await act(c.id, 'submit');
    await act(c.id, 'sign', { signed_date: '2029-12-20' });
    const job = new ContractExpiryJob(t.database.db);
    const events = () =>
      t.database.db
        .selectFrom('domain_events')
        .selectAll()
        .where('type', '=', 'contract.expiring')
        .where('entity_id', '=', c.id)
        .execute();
    expect(await job.runOnce(new Date('2030-05-30T16:00:00Z'))).toBe(0); // 31/05 in Vietnam: 30 days before is 31/05
    expect(await events()).toHaveLength(0);
    expect(await job.runOnce(new Date('2030-05-31T01:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await job.runOnce(new Date('2030-06-10T01:00:00Z'))).toBe(0);
    const [event] = await events();
    expect(event).toBeDefined();
    const payload = JSON.parse(String(event?.payload));
    expect(payload).toMatchObject({
      code: c.number,
      creator_id: seller.id,
      head_ids: [head.id],
      vars: {
        'contract.code': c.number,
        'contract.end_date': '30/06/2030',
        'contract.days_left': '30',
        'customer.name': 'Công ty Cổ phần Thép Đông Á',
      },
      link: `/admin/contracts/${c.id}`,
    });
    // Delivered in-app to the owner and the head of the owner's department, with the number and the end date.
    await t.app.workers.dispatcher.runOnce();
    for (const who of [seller, head]) {
      const notes = (await call('GET', '/api/notifications', undefined, who.token)).json().data;
      const note = notes.find((n: { title: string }) => n.title.includes(c.number));
      expect(note, JSON.stringify(notes)).toBeDefined();
      expect(note.body).toContain('30/06/2030');
      expect(note.body).toContain('còn 30 ngày');
    }
    // A cancelled or finished contract is not reminded of.
    const cancelled = await create({ customer_id: customer2Id, start_date: '2030-01-01', end_date: '2030-06-29' });
    await act(cancelled.id, 'cancel', { note: 'Không ký' });
    expect(await job.runOnce(new Date('2030-06-01T01:00:00Z'))).toBe(0);
  });
});
