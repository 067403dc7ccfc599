import { createHash } from 'node:crypto';
import type { ContractTemplate } from '@qlcv/common/schemas/contract-templates';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, docxText, paragraph as p, table } from '../../lib/docx-build';
import { type LabWorld, labWorld, receivedSample } from '../../test/analysis-fixtures';
import { expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';

// Issue 25 part 4 (decision 40.32): the company's own test report template is a contract template of kind
// `test_report`, checked against the report's catalogue; signing fills the newest active one (the QR appended), else
// the built-in template; a signed report's stored file never changes afterwards; contracts never pick it.

type Who = { id: number; token: string };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const HEADING = 'PHIẾU KẾT QUẢ PHÂN TÍCH – MẪU RIÊNG CỦA CÔNG TY';

/** A report template as a company would write it, with a Word-like root declaring r and wp already. */
function companyTemplate(heading = HEADING): Buffer {
  const rows = table(
    [3000, 3000, 3000],
    [
      [p('Thông số'), p('Kết quả'), p('Đơn vị')],
      [p('{#params}{param.name}'), p('{param.result}'), p('{param.unit}{/params}')],
    ],
  );
  const docx = buildDocx(
    [
      p('{company.name}'),
      p(heading),
      p('Số {report.number} (lần {report.version}) · Khách hàng: {customer.name}'),
      p('{#points}'),
      p('Điểm {point.code} – {point.name}, mẫu {point.sample}'),
      rows,
      p('{/points}'),
      p('Ký: {signer.name} · Mã: {verify.code}'),
    ].join(''),
  );
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  zip.file(
    'word/document.xml',
    xml.replace(
      '<w:document ',
      '<w:document xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ',
    ),
  );
  return zip.generate({ type: 'nodebuffer' });
}

describe('test report templates', () => {
  let t: TestApp;
  let w: LabWorld;
  let analyst: Who;
  let verifier: Who;
  let head: Who;
  let editor: Who;
  let plain: Who;
  let customerId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const upload = (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string | number>,
    data: Buffer | null,
    token: string | null,
  ) =>
    t.call({
      method,
      url,
      token,
      ...multipart([
        ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
        ...(data ? [{ name: 'file', filename: 'mau-phieu.docx', data, contentType: DOCX }] : []),
      ]),
    });

  async function releaseSample() {
    const s = await receivedSample(t, w);
    const rows = [...s.analyses.values()];
    const assigned = await ok('POST', '/api/analyses/assign', t.adminToken, { analyst_id: analyst.id, rows });
    const entered = await ok('POST', '/api/analyses/results', analyst.token, {
      rows: assigned.map((a: { id: number; version: number; parameter: { id: number } }) => ({
        id: a.id,
        version: a.version,
        value: a.parameter.id === w.cod.id ? '212.5' : '1500',
      })),
    });
    const verified = await ok('POST', '/api/analyses/verify', verifier.token, {
      rows: entered.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version })),
    });
    await ok('POST', '/api/analyses/release', verifier.token, {
      rows: verified.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version })),
    });
  }

  /** A report drafted and signed; its stored .docx as downloaded. */
  async function signedReport() {
    const d = await ok('POST', '/api/test-reports', head.token, { trip_id: w.tripId, customer_id: customerId }, 201);
    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: d.version });
    return { signed, ...(await download(d.id)) };
  }
  async function download(id: number) {
    const res = await t.call({ method: 'GET', url: `/api/test-reports/${id}/document`, token: head.token });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = res.rawPayload;
    return { bytes, text: docxText(bytes), sha: createHash('sha256').update(bytes).digest('hex') };
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await labWorld(t);
    analyst = await t.userWith(['lab.analyse']);
    verifier = await t.userWith(['lab.verify']);
    head = await t.userWith(['lab.receive', 'lab.approve']);
    editor = await t.userWith(['settings.edit']);
    plain = await t.userWith([]);
    const point = await t.database.db
      .selectFrom('site_points as sp')
      .innerJoin('sites as si', 'si.id', 'sp.site_id')
      .select(['si.customer_id'])
      .where('sp.id', '=', w.pointId)
      .executeTakeFirstOrThrow();
    customerId = point.customer_id;
    await releaseSample();
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses a report template with tags outside the report catalogue, in Vietnamese (422), and stores nothing', async () => {
    const bad = buildDocx([p('Số hợp đồng: {contract.number}'), p('{#params}{param.name}{/params}'), p('{point.code}')].join(''));
    const res = await upload(
      'POST',
      '/api/contract-templates',
      { code: 'PKQ-LOI', name: 'Mẫu phiếu lỗi', kind: 'test_report' },
      bad,
      editor.token,
    );
    const body = expectError(res, 422, 'TEMPLATE_INVALID', 'file');
    expect(body.message).toContain('Mẫu phiếu kết quả thử nghiệm có 3 lỗi');
    expect(body.errors.map((e) => e.message)).toEqual([
      'Trường "{contract.number}" không có trong danh mục trường trộn (đoạn 1: "Số hợp đồng: {contract.number}")',
      'Vòng lặp "{#params}" chỉ dùng được bên trong vòng lặp {#points}…{/points} (đoạn 2: "{#params}{param.name}{/params}")',
      'Trường "{point.code}" chỉ dùng được bên trong vòng lặp {#points}…{/points} (đoạn 3: "{point.code}")',
    ]);
    for (const e of body.errors) expect(looksVietnamese(e.message)).toBe(true);
    const bad2 = await upload(
      'POST',
      '/api/contract-templates',
      { code: 'PKQ-LOI', name: 'x', kind: 'phieu' },
      bad,
      editor.token,
    );
    expectError(bad2, 422, 'VALIDATION_FAILED', 'kind');
    const list = await ok('GET', '/api/contract-templates?kind=test_report', plain.token);
    expect(list.data).toEqual([]);

    // A contract template is still checked against the contracts' catalogue: a report's tag is unknown there.
    const contractRes = await upload(
      'POST',
      '/api/contract-templates',
      { code: 'HD-PKQ', name: 'Hợp đồng có thẻ phiếu' },
      buildDocx(p('{report.number}')),
      editor.token,
    );
    const cBody = expectError(contractRes, 422, 'TEMPLATE_INVALID', 'file');
    expect(cBody.message).toContain('Mẫu hợp đồng có 1 lỗi');
  });

  it('401 without a session, 403 without settings.edit', async () => {
    const data = companyTemplate();
    expect(
      (await upload('POST', '/api/contract-templates', { code: 'PKQ-X', name: 'x', kind: 'test_report' }, data, null)).statusCode,
    ).toBe(401);
    expectError(
      await upload('POST', '/api/contract-templates', { code: 'PKQ-X', name: 'x', kind: 'test_report' }, data, plain.token),
      403,
      'FORBIDDEN',
    );
    expect((await call('GET', '/api/contract-templates/placeholders?kind=test_report', null)).statusCode).toBe(401);
  });

  it('the next signed report comes from the company template; earlier signed files never change', async () => {
    const before = await signedReport();
    expect(before.text).toContain('PHIẾU KẾT QUẢ THỬ NGHIỆM');
    expect(before.text).not.toContain(HEADING);

    const help = await ok('GET', '/api/contract-templates/placeholders?kind=test_report', plain.token);
    const groups = help.groups.map((g: { group: string }) => g.group);
    expect(groups).toEqual(['report', 'customer', 'company', 'points', 'params', 'signing']);
    const params = help.groups.find((g: { group: string }) => g.group === 'params');
    expect(params.loop).toBe('params');
    expect(params.placeholders.map((x: { tag: string }) => x.tag)).toContain('{param.result}');
    const contractHelp = await ok('GET', '/api/contract-templates/placeholders', plain.token);
    expect(contractHelp.groups.map((g: { group: string }) => g.group)).toContain('items');

    const res = await upload(
      'POST',
      '/api/contract-templates',
      { code: 'PKQ-CTY', name: 'Phiếu kết quả của công ty', kind: 'test_report' },
      companyTemplate(),
      editor.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ContractTemplate;
    expect(created.kind).toBe('test_report');
    expect(created.placeholders).toEqual(expect.arrayContaining(['#points', '#params', 'param.result', 'verify.code']));

    // Contracts never pick it: not among the options, refused as a contract's template.
    const options = await ok('GET', '/api/contract-templates/options', plain.token);
    expect(options.map((o: { id: number }) => o.id)).not.toContain(created.id);
    const reports = await ok('GET', '/api/contract-templates?kind=test_report', plain.token);
    expect(reports.data.map((x: ContractTemplate) => x.id)).toEqual([created.id]);
    const contract = await call('POST', '/api/contracts', t.adminToken, {
      customer_id: customerId,
      title: 'Quan trắc định kỳ',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      items: [{ name: 'Phân tích nước thải', unit_name: 'mẫu', quantity: 1, unit_price: 1_000_000, vat_rate: '10' }],
      template_id: created.id,
    });
    const refused = expectError(contract, 422, 'VALIDATION_FAILED', 'template_id');
    expect(refused.errors.find((e) => e.field === 'template_id')?.message).toBe('Mẫu hợp đồng không tồn tại.');
    const contracts = await ok('GET', '/api/contract-templates?kind=contract', plain.token);
    expect(contracts.data.map((x: ContractTemplate) => x.id)).not.toContain(created.id);

    const after = await signedReport();
    expect(after.text).toContain(HEADING);
    expect(after.text).not.toContain('PHIẾU KẾT QUẢ THỬ NGHIỆM');
    expect(after.text).toContain(`Số ${after.signed.number} (lần 1)`);
    expect(after.text).toContain('212,5');
    expect(after.text).toContain(`Mã: ${after.signed.verify_code}`);
    expect(after.sha).toBe(after.signed.file_sha256);
    // The QR appended: its image part and drawing, the root's namespaces declared once each.
    const zip = new PizZip(after.bytes);
    const xml = zip.file('word/document.xml')?.asText() ?? '';
    expect(xml).toContain('r:embed="rIdQr"');
    const root = /<w:document\b[^>]*>/.exec(xml)?.[0] ?? '';
    for (const ns of ['r', 'wp', 'a', 'pic']) expect(root.split(`xmlns:${ns}=`).length, root).toBe(2);
    expect(xml.indexOf('rIdQr')).toBeLessThan(xml.lastIndexOf('<w:sectPr'));
    expect(
      Buffer.from(zip.file('word/media/qr.png')?.asUint8Array() ?? [])
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');

    // The earlier report's file is the same bytes.
    expect((await download(before.signed.id)).sha).toBe(before.sha);

    // A changed template (a new heading) prints the next report only; an inactive one gives way to the built-in.
    const v2 = await upload(
      'PUT',
      `/api/contract-templates/${created.id}`,
      { code: 'PKQ-CTY', name: 'Phiếu kết quả của công ty', version: created.version, kind: 'contract' },
      companyTemplate('PHIẾU KẾT QUẢ – BẢN 2'),
      editor.token,
    );
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().kind).toBe('test_report');
    const third = await signedReport();
    expect(third.text).toContain('PHIẾU KẾT QUẢ – BẢN 2');
    expect((await download(after.signed.id)).sha).toBe(after.sha);
    await upload(
      'PUT',
      `/api/contract-templates/${created.id}`,
      { code: 'PKQ-CTY', name: 'Phiếu kết quả của công ty', version: v2.json().version, active: 0 },
      null,
      editor.token,
    );
    const fourth = await signedReport();
    expect(fourth.text).toContain('PHIẾU KẾT QUẢ THỬ NGHIỆM');

    // Its preview fills the report's samples, nested loops included.
    const preview = await t.call({ method: 'GET', url: `/api/contract-templates/${created.id}/preview`, token: plain.token });
    expect(preview.statusCode).toBe(200);
    const previewText = docxText(preview.rawPayload);
    expect(previewText).toContain('COD');
    expect(previewText).toContain('NT-01');
  }, 180_000);
});
