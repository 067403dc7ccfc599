import type { ContractTemplate, TemplatePlaceholderCatalogue } from '@qlcv/common/schemas/contract-templates';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, docxText, paragraph as p } from '../../lib/docx-build';
import { auditOf, expectError, expectXlsx, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { sampleTemplate } from './sample-template';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('contract templates', () => {
  let t: TestApp;
  let reader: string;
  let editor: string;

  const form = (fields: Record<string, string | number | boolean>, file?: { name: string; data: Buffer }) =>
    multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
      ...(file ? [{ name: 'file', filename: file.name, data: file.data, contentType: DOCX }] : []),
    ]);
  const create = (fields: Record<string, string | number | boolean>, file?: { name: string; data: Buffer }, token = editor) =>
    t.call({ method: 'POST', url: '/api/contract-templates', token, ...form(fields, file) });
  const update = (
    id: number,
    fields: Record<string, string | number | boolean>,
    file?: { name: string; data: Buffer },
    token = editor,
  ) => t.call({ method: 'PUT', url: `/api/contract-templates/${id}`, token, ...form(fields, file) });
  const sample = () => ({ name: 'Mẫu hợp đồng quan trắc.docx', data: sampleTemplate() });

  beforeAll(async () => {
    t = await createTestApp();
    reader = (await t.userWith([])).token;
    editor = (await t.userWith(['settings.edit'])).token;
  });
  afterAll(() => t?.close());

  it('creates a template from the sample, lists it and keeps the placeholders it found', async () => {
    const res = await create(
      { code: 'HD-QT', name: 'Hợp đồng quan trắc môi trường', description: 'Mẫu chuẩn', active: 1 },
      sample(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ContractTemplate;
    expect(created).toMatchObject({ code: 'HD-QT', active: true, description: 'Mẫu chuẩn', contracts_count: 0, version: 1 });
    expect(created.file?.original_name).toBe('Mẫu hợp đồng quan trắc.docx');
    expect(created.file?.mime).toBe(DOCX);
    expect(created.placeholders).toEqual(expect.arrayContaining(['contract.number', 'customer.name', '#items', 'item.amount']));

    const list = await t.call({ method: 'GET', url: '/api/contract-templates?search=quan trac', token: reader });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: ContractTemplate) => x.code)).toEqual(['HD-QT']);
    const options = await t.call({ method: 'GET', url: '/api/contract-templates/options', token: reader });
    expect(options.json()).toContainEqual({ id: created.id, code: 'HD-QT', name: 'Hợp đồng quan trắc môi trường' });

    const audit = await auditOf(t, 'contract_templates', created.id);
    expect(audit[0]?.action).toBe('create');
    expect(audit[0]?.changes?.file).toEqual([null, 'Mẫu hợp đồng quan trắc.docx']);
  });

  it('refuses a template with problems, listing every one in Vietnamese, and stores nothing', async () => {
    const broken = buildDocx([p('Số: {contract.number'), p('Bên A: {customer.nam}'), p('{#items}{item.name}')].join(''));
    const res = await create({ code: 'HD-LOI', name: 'Mẫu lỗi' }, { name: 'loi.docx', data: broken });
    const body = expectError(res, 422, 'TEMPLATE_INVALID', 'file');
    expect(body.errors.length).toBeGreaterThanOrEqual(1);
    for (const e of body.errors) expect(looksVietnamese(e.message)).toBe(true);
    expect(body.errors[0]?.message).toContain('Thẻ "{contract.number" chưa được đóng');

    const unknown = buildDocx([p('Bên A: {customer.nam}'), p('{khach_hang.ten}'), p('{item.name}')].join(''));
    const res2 = await create({ code: 'HD-LOI', name: 'Mẫu lỗi' }, { name: 'loi.docx', data: unknown });
    const body2 = expectError(res2, 422, 'TEMPLATE_INVALID', 'file');
    expect(body2.errors.map((e) => e.message)).toEqual([
      'Trường "{customer.nam}" không có trong danh mục trường trộn (đoạn 1: "Bên A: {customer.nam}")',
      'Trường "{khach_hang.ten}" không có trong danh mục trường trộn (đoạn 2: "{khach_hang.ten}")',
      'Trường "{item.name}" chỉ dùng được bên trong vòng lặp {#items}…{/items} (đoạn 3: "{item.name}")',
    ]);

    const pdf = await create(
      { code: 'HD-LOI', name: 'Mẫu lỗi' },
      { name: 'mau.pdf', data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n') },
    );
    expect(pdf.statusCode).toBe(422);
    const text = await create({ code: 'HD-LOI', name: 'Mẫu lỗi' }, { name: 'mau.txt', data: Buffer.from('Xin chào {today}') });
    expect(expectError(text, 422, 'TEMPLATE_INVALID', 'file').errors[0]?.message).toBe(
      'Tệp mẫu không phải tệp Word .docx hợp lệ.',
    );

    const none = await create({ code: 'HD-LOI', name: 'Mẫu lỗi' });
    expectError(none, 422, 'VALIDATION_FAILED', 'file');
    const list = await t.call({ method: 'GET', url: '/api/contract-templates?search=HD-LOI', token: reader });
    expect(list.json().meta.total).toBe(0);
  });

  it('validates fields: code required and unique, name required', async () => {
    expectError(await create({ code: '', name: 'X' }, sample()), 422, 'VALIDATION_FAILED', 'code');
    expectError(await create({ code: 'HD-QT', name: 'Trùng mã' }, sample()), 422, 'VALIDATION_FAILED', 'code');
    expectError(await create({ code: 'HD-X', name: '' }, sample()), 422, 'VALIDATION_FAILED', 'name');
  });

  it('updates fields without a file, replaces the file (re-checked), refuses a stale version', async () => {
    const created = (await create({ code: 'HD-UP', name: 'Mẫu cũ' }, sample())).json() as ContractTemplate;
    const renamed = await update(created.id, { code: 'HD-UP', name: 'Mẫu mới', active: 0, version: created.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Mẫu mới', active: false, version: 2 });
    expect(renamed.json().file.id).toBe(created.file?.id);

    const stale = await update(created.id, { code: 'HD-UP', name: 'Cũ', version: 1 });
    expectError(stale, 409, 'CONFLICT');

    const bad = buildDocx(p('{contract.numbr}'));
    const refused = await update(created.id, { code: 'HD-UP', name: 'Mẫu mới', version: 2 }, { name: 'moi.docx', data: bad });
    expectError(refused, 422, 'TEMPLATE_INVALID', 'file');

    const small = buildDocx(p('Hợp đồng số {contract.number} ngày {today}'));
    const replaced = await update(created.id, { code: 'HD-UP', name: 'Mẫu mới', version: 2 }, { name: 'moi.docx', data: small });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json() as ContractTemplate;
    expect(after.file?.original_name).toBe('moi.docx');
    expect(after.file?.id).not.toBe(created.file?.id);
    expect(after.placeholders).toEqual(['contract.number', 'today']);
    // the old document is gone
    const old = await t.call({ method: 'GET', url: `/api/documents/${created.file?.id}/download`, token: t.adminToken });
    expect(old.statusCode).toBe(404);

    const audit = await auditOf(t, 'contract_templates', created.id);
    expect(audit[0]?.changes?.file).toEqual(['Mẫu hợp đồng quan trắc.docx', 'moi.docx']);
    expect(audit[1]?.changes?.name).toEqual(['Mẫu cũ', 'Mẫu mới']);
  });

  it('downloads the file, a preview filled with sample data, and the suggested sample', async () => {
    const created = (await create({ code: 'HD-DL', name: 'Mẫu tải về' }, sample())).json() as ContractTemplate;
    const file = await t.call({ method: 'GET', url: `/api/contract-templates/${created.id}/file`, token: reader });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(DOCX);
    expect(file.rawPayload.equals(sampleTemplate())).toBe(true);

    const preview = await t.call({ method: 'GET', url: `/api/contract-templates/${created.id}/preview`, token: reader });
    expect(preview.statusCode).toBe(200);
    expect(String(preview.headers['content-disposition'])).toContain('xem-thu-HD-DL.docx');
    const text = docxText(preview.rawPayload);
    expect(text).toContain('HỢP ĐỒNG DỊCH VỤ QUAN TRẮC MÔI TRƯỜNG');
    expect(text).toContain('Số: 015/2026/HĐ-QT');
    expect(text).toContain('Lấy mẫu và phân tích nước thải công nghiệp');
    expect(text).toContain('Bằng chữ: Mười chín triệu không trăm linh tám nghìn đồng.');
    expect(text).not.toMatch(/\{[a-z#/]/);

    const suggested = await t.call({ method: 'GET', url: '/api/contract-templates/sample', token: reader });
    expect(suggested.statusCode).toBe(200);
    expect(String(suggested.headers['content-disposition'])).toContain('.docx');
    const zip = new PizZip(suggested.rawPayload);
    expect(zip.file('word/document.xml')?.asText()).toContain('{#items}');
    expect(zip.file('word/styles.xml')?.asText()).toContain('Times New Roman');
  });

  it('returns the placeholder catalogue by group, with the loops', async () => {
    const res = await t.call({ method: 'GET', url: '/api/contract-templates/placeholders', token: reader });
    expect(res.statusCode).toBe(200);
    const catalogue = res.json() as TemplatePlaceholderCatalogue;
    const items = catalogue.groups.find((g) => g.group === 'items');
    expect(items?.loop).toBe('items');
    expect(items?.placeholders.map((x) => x.tag)).toContain('{item.unit_price}');
    const customer = catalogue.groups.find((g) => g.group === 'customer');
    expect(customer?.placeholders.find((x) => x.key === 'customer.tax_code')?.label).toBe('Mã số thuế khách hàng');
  });

  it('exports the list as .xlsx', async () => {
    const res = await t.call({ method: 'GET', url: '/api/contract-templates', token: reader, headers: { 'x-export': 'xlsx' } });
    const rows = await expectXlsx(res, 'mau-hop-dong-');
    expect(rows[0]).toContain('Tên mẫu');
    expect(rows.length).toBeGreaterThan(1);
  });

  it('deletes a template with its file; refuses one a contract uses', async () => {
    const created = (await create({ code: 'HD-DEL', name: 'Mẫu xóa' }, sample())).json() as ContractTemplate;
    const del = await t.call({ method: 'DELETE', url: `/api/contract-templates/${created.id}`, token: editor });
    expect(del.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/contract-templates/${created.id}`, token: reader })).statusCode).toBe(404);
    const doc = await t.call({ method: 'GET', url: `/api/documents/${created.file?.id}/download`, token: t.adminToken });
    expect(doc.statusCode).toBe(404);
    expect((await auditOf(t, 'contract_templates', created.id))[0]?.action).toBe('delete');

    const used = (await create({ code: 'HD-USED', name: 'Mẫu đang dùng' }, sample())).json() as ContractTemplate;
    // A contract made from it (inserted directly: the contracts module owns that API).
    const db = t.database.db;
    const customer = await db
      .insertInto('customers')
      .values({
        code: 'KH-T1',
        type: 'organization',
        name: 'Công ty Thử',
        source: 'staff',
        contacts: '[]',
        search_text: 'cong ty thu',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contracts')
      .values({
        number: '001/2026/HĐ-QT',
        customer_id: customer.id,
        template_id: used.id,
        title: 'Thử',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      } as never)
      .execute();
    const refused = await t.call({ method: 'DELETE', url: `/api/contract-templates/${used.id}`, token: editor });
    const body = expectError(refused, 409, 'CONFLICT');
    expect(body.message).toContain('đang được dùng cho 1 hợp đồng');
    expect(
      (await t.call({ method: 'GET', url: `/api/contract-templates/${used.id}`, token: reader })).json().contracts_count,
    ).toBe(1);
  });

  it('answers 401 without a token, 403 to writers without settings.edit, 404 for a missing template', async () => {
    expect((await t.call({ method: 'GET', url: '/api/contract-templates', token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/contract-templates/sample', token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/contract-templates/1/preview', token: null })).statusCode).toBe(401);
    expectError(await create({ code: 'HD-NO', name: 'Không quyền' }, sample(), reader), 403, 'FORBIDDEN');
    const contractsUser = (await t.userWith(['contracts.create', 'contracts.show'])).token;
    expectError(await create({ code: 'HD-NO', name: 'Không quyền' }, sample(), contractsUser), 403, 'FORBIDDEN');
    expectError(await update(1, { code: 'X', name: 'Y', version: 1 }, undefined, reader), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'DELETE', url: '/api/contract-templates/1', token: reader }), 403, 'FORBIDDEN');
    for (const url of [
      '/api/contract-templates/999999',
      '/api/contract-templates/999999/file',
      '/api/contract-templates/999999/preview',
    ]) {
      expectError(await t.call({ method: 'GET', url, token: reader }), 404, 'NOT_FOUND');
    }
    expectError(await update(999999, { code: 'X', name: 'Y', version: 1 }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'DELETE', url: '/api/contract-templates/999999', token: editor }), 404, 'NOT_FOUND');
  });
});
