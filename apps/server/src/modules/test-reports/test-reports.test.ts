import { createHash } from 'node:crypto';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText } from '../../lib/docx-build';
import { findSoffice } from '../../lib/soffice';
import { type LabWorld, labWorld, receivedSample, vnDayOf } from '../../test/analysis-fixtures';
import { race, statusCounts } from '../../test/concurrency';
import { expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildWorld, createRequest } from '../../test/request-helpers';

// Issue 25 part 4 through HTTP: a report from a trip's released results for its customer, signed by the laboratory's
// head (never an analyst of a result in it), immutable once signed (409), corrected only by a new version that marks the
// old one replaced, and verified publicly by its code.

type Who = { id: number; token: string };

describe('test reports', () => {
  let t: TestApp;
  let w: LabWorld;
  let analyst: Who;
  let verifier: Who;
  let head: Who;
  let analystHead: Who;
  let reader: Who;
  let plain: Who;
  let customerId: number;
  let customerName: string;
  let takenAt: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json();
  };

  /** A sample received, entered by `by`, verified and released: COD exceeds, coliform has no limit. */
  async function releaseSample(by: Who) {
    const s = await receivedSample(t, w);
    const rows = [...s.analyses.values()];
    const assigned = await ok('POST', '/api/analyses/assign', t.adminToken, { analyst_id: by.id, rows });
    const entered = await ok('POST', '/api/analyses/results', by.token, {
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
    return s;
  }

  async function draft() {
    return ok('POST', '/api/test-reports', head.token, { trip_id: w.tripId, customer_id: customerId }, 201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    w = await labWorld(t);
    analyst = await t.userWith(['lab.analyse']);
    verifier = await t.userWith(['lab.verify']);
    head = await t.userWith(['lab.receive', 'lab.approve']);
    analystHead = await t.userWith(['lab.analyse', 'lab.approve']);
    reader = await t.userWith(['lab.index']);
    plain = await t.userWith([]);
    const point = await t.database.db
      .selectFrom('site_points as sp')
      .innerJoin('sites as si', 'si.id', 'sp.site_id')
      .innerJoin('customers as c', 'c.id', 'si.customer_id')
      .select(['si.customer_id', 'c.name'])
      .where('sp.id', '=', w.pointId)
      .executeTakeFirstOrThrow();
    customerId = point.customer_id;
    customerName = point.name;
    // The point compared with a regulation's COD limit (150 mg/L, column B): 212,5 exceeds it.
    const regulation = await ok(
      'POST',
      '/api/regulations',
      t.adminToken,
      {
        code: uniq('QCVN-PKQ'),
        title: 'Quy chuẩn nước thải thử nghiệm',
        medium: 'wastewater',
        issuer: 'Bộ Tài nguyên và Môi trường',
        valid_from: '2020-01-01',
        source: 'Bộ kiểm thử',
        columns: [{ code: 'B', meaning: 'Xả vào nguồn nước không dùng cho cấp nước sinh hoạt' }],
        limits: [{ analyte: 'COD', name: 'COD', unit: 'mg/L', column: 'B', max: '150' }],
      },
      201,
    );
    await t.database.db.updateTable('parameters').set({ analyte: 'COD' }).where('id', '=', w.cod.id).execute();
    await t.database.db
      .updateTable('site_points')
      .set({ regulation_id: regulation.id, regulation_column: 'B' })
      .where('id', '=', w.pointId)
      .execute();
    takenAt = (await releaseSample(analyst)).taken_at;
  }, 120_000);
  afterAll(() => t?.close());

  it('drafts, signs and verifies publicly; a signed report is never changed', async () => {
    const d = await draft();
    expect(d.state).toBe('draft');
    expect(d.number).toMatch(/^\d{3}\/\d{4}\/PKQ$/);
    expect(d.rows.length).toBeGreaterThan(0);
    const cod = d.rows.find((r: { result: string }) => r.result === '212,5');
    expect(cod, JSON.stringify(d.rows)).toBeTruthy();
    const edited = await ok('PUT', `/api/test-reports/${d.id}`, head.token, { version: d.version, note: 'Ghi chú' });
    expect(edited.note).toBe('Ghi chú');

    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: edited.version });
    expect(signed.state).toBe('signed');
    expect(signed.verify_code).toMatch(/^[A-Z2-9]{16}$/);
    expect(signed.signed_by.id).toBe(head.id);

    const put = await call('PUT', `/api/test-reports/${d.id}`, head.token, { version: signed.version, note: 'x' });
    expectError(put, 409, 'REPORT_SIGNED');
    const del = await call('DELETE', `/api/test-reports/${d.id}`, head.token);
    expect(del.statusCode).toBe(409);
    const again = await call('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: signed.version });
    expect(again.statusCode).toBe(409);

    const pub = await call('GET', `/api/public/test-reports/${signed.verify_code}`, null);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ number: d.number, report_version: 1, replaced: false, replaced_by: null });
    expect(Object.keys(pub.json()).sort()).toEqual(
      [
        'customer_name',
        'file_sha256',
        'issued_at',
        'number',
        'replaced',
        'replaced_by',
        'report_version',
        'sampling_dates',
      ].sort(),
    );
    // The sampling day in Vietnam, not the UTC date of taken_at (they differ from 00:00 to 07:00 there).
    expect(pub.json().sampling_dates).toEqual([vnDayOf(takenAt)]);
    expect((await call('GET', '/api/public/test-reports/ABCDEFGHJKLMNPQR', null)).statusCode).toBe(404);
    expect((await call('GET', '/api/public/test-reports/short', null)).statusCode).toBe(422);
  });

  /** The stored .docx as downloaded: its bytes, text and headers. */
  async function download(id: number, token = reader.token) {
    const res = await t.call({ method: 'GET', url: `/api/test-reports/${id}/document`, token });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = res.rawPayload;
    return { res, bytes, text: docxText(bytes), sha: createHash('sha256').update(bytes).digest('hex') };
  }

  it('stores the signed .docx once: its SHA-256 is the public one, its text the report, its QR the public page', async () => {
    const d = await draft();
    const none = await call('GET', `/api/test-reports/${d.id}/document`, reader.token);
    expectError(none, 404, 'NO_DOCUMENT');
    expect(none.json().message).toContain('ký phát hành');
    expect(d.file_sha256).toBeNull();

    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: d.version });
    expect(signed.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    const doc = await download(d.id);
    expect(doc.res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const slug = d.number.replace(/\//g, '-');
    expect(doc.res.headers['content-disposition']).toContain(`filename="phieu-ket-qua-${slug}-v1.docx"`);
    expect(doc.sha).toBe(signed.file_sha256);
    const pub = (await call('GET', `/api/public/test-reports/${signed.verify_code}`, null)).json();
    expect(pub.file_sha256).toBe(doc.sha);

    expect(doc.text).toContain(`Số: ${d.number} · Lần ban hành: 1`);
    expect(doc.text).toContain(customerName);
    expect(doc.text).toContain('212,5');
    // One cell a line: result, unit, method, limit, column, then the verdict of the exceeding COD.
    const lines = doc.text.split('\n');
    const at = lines.indexOf('212,5');
    expect(lines.slice(at, at + 6), doc.text).toContain('Vượt');
    expect(doc.text).toContain(signed.verify_code);
    expect(doc.text).toContain(`/kiem-tra-phieu/${signed.verify_code}`);
    expect(doc.text).not.toMatch(/\{[#/]?[a-z.]+\}/);

    // The QR is an image part: a PNG of the URL's modules (8 px each), drawn in the body.
    const zip = new PizZip(doc.bytes);
    const png = Buffer.from(zip.file('word/media/qr.png')?.asUint8Array() ?? []);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(29 * 8);
    expect(zip.file('word/_rels/document.xml.rels')?.asText()).toContain('Target="media/qr.png"');
    expect(zip.file('[Content_Types].xml')?.asText()).toContain('Extension="png"');
    expect(zip.file('word/document.xml')?.asText()).toContain('r:embed="rIdQr"');

    // Read again later: the same bytes (generated once, never rebuilt).
    expect((await download(d.id, head.token)).sha).toBe(doc.sha);
    if (!findSoffice())
      expectError(await call('GET', `/api/test-reports/${d.id}/document?format=pdf`, reader.token), 404, 'NO_PDF');
    expectError(await call('GET', `/api/test-reports/${d.id}/document?format=odt`, reader.token), 422, 'VALIDATION_FAILED');
  });

  it('the public downloads a signed report by its code and finds the customer’s reports on a request’s result page', async () => {
    const d = await draft();
    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: d.version });
    const file = await call('GET', `/api/public/test-reports/${signed.verify_code}/document`, null);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.docx');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(signed.file_sha256);
    expectError(await call('GET', '/api/public/test-reports/ABCDEFGHJKLMNPQR/document', null), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/public/test-reports/short/document', null), 422, 'VALIDATION_FAILED');

    // A request of the same customer: its public result page lists the customer's reports in force.
    const mobile = '0912 345 678';
    const request = await createRequest(t, await buildWorld(t), {
      customer_id: customerId,
      requester_name: 'Nguyễn Văn An',
      requester_phone: mobile,
      title: 'Quan trắc nước thải quý IV',
    });
    const lookup = async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/public/requests/lookup',
        payload: { tracking_code: request.tracking_code, mobile },
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().test_reports as { number: string; report_version: number; verify_code: string; trip_code: string }[];
    };
    const listed = await lookup();
    expect(listed.find((x) => x.number === d.number)).toMatchObject({
      report_version: 1,
      verify_code: signed.verify_code,
      trip_code: signed.trip.code,
    });
    // A draft is not listed; a correction takes its version's place.
    const other = await draft();
    expect((await lookup()).some((x) => x.number === other.number)).toBe(false);
    expect((await call('DELETE', `/api/test-reports/${other.id}`, head.token)).statusCode).toBe(204);
    const v2 = await ok(
      'POST',
      `/api/test-reports/${d.id}/correct`,
      head.token,
      { version: signed.version, reason: 'Sửa đơn vị' },
      201,
    );
    const after = (await lookup()).filter((x) => x.number === d.number);
    expect(after).toEqual([expect.objectContaining({ report_version: 2, verify_code: v2.verify_code })]);
  });

  it('a correction makes version 2 with its reason and marks version 1 replaced', async () => {
    const d0 = await draft();
    const qc = 'Mẫu trắng hiện trường và mẫu lặp đạt yêu cầu (RPD 4,2 %).';
    const d = await ok('PUT', `/api/test-reports/${d0.id}`, head.token, { version: d0.version, qc_statement: qc });
    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: d.version });
    const noReason = await call('POST', `/api/test-reports/${d.id}/correct`, head.token, { version: signed.version });
    expect(noReason.statusCode).toBe(422);
    const v2 = await ok(
      'POST',
      `/api/test-reports/${d.id}/correct`,
      head.token,
      { version: signed.version, reason: 'Sửa tên điểm quan trắc' },
      201,
    );
    expect(v2).toMatchObject({
      number: d.number,
      report_version: 2,
      state: 'signed',
      correction_reason: 'Sửa tên điểm quan trắc',
      qc_statement: qc,
    });
    expect(v2.verify_code).not.toBe(signed.verify_code);
    const v1 = await ok('GET', `/api/test-reports/${d.id}`, reader.token);
    expect(v1.replaced_by).toBe(v2.id);
    expect(v1.replaced_at).toBeTruthy();
    const history = await ok('GET', `/api/test-reports/${v2.id}/history`, reader.token);
    expect(history.map((h: { report_version: number }) => h.report_version)).toEqual([1, 2]);
    const pub = (await call('GET', `/api/public/test-reports/${signed.verify_code}`, null)).json();
    expect(pub).toMatchObject({ replaced: true, replaced_by: { number: d.number, report_version: 2 } });
    // Each version keeps its own file: version 2's says so, version 1's is the one signed first.
    const doc1 = await download(d.id);
    const doc2 = await download(v2.id);
    expect(doc1.sha).toBe(signed.file_sha256);
    expect(doc2.sha).toBe(v2.file_sha256);
    expect(doc2.sha).not.toBe(doc1.sha);
    expect(doc2.text).toContain('Lần ban hành: 2');
    expect(doc2.text).toContain('Lý do sửa đổi: Sửa tên điểm quan trắc');
    expect(doc2.res.headers['content-disposition']).toContain('-v2.docx');
    const twice = await call('POST', `/api/test-reports/${d.id}/correct`, head.token, {
      version: v1.version,
      reason: 'Lần nữa',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('two corrections at once make exactly one version 2', async () => {
    const d = await draft();
    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: d.version });
    const answers = await race(t, 4, () => ({
      method: 'POST',
      url: `/api/test-reports/${d.id}/correct`,
      token: head.token,
      payload: { version: signed.version, reason: 'Sửa đồng thời' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 3 });
    const history = await ok('GET', `/api/test-reports/${d.id}/history`, reader.token);
    expect(history).toHaveLength(2);
  });

  it('the analyst of a result in it may not sign it (403 SAME_ANALYST)', async () => {
    await releaseSample(analystHead);
    const d = await draft();
    const res = await call('POST', `/api/test-reports/${d.id}/sign`, analystHead.token, { version: d.version });
    expectError(res, 403, 'SAME_ANALYST');
    expect((await ok('GET', `/api/test-reports/${d.id}`, reader.token)).state).toBe('draft');
    const del = await call('DELETE', `/api/test-reports/${d.id}`, head.token);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/api/test-reports/${d.id}`, reader.token)).statusCode).toBe(404);
  });

  it('numbers a new report by the company’s pattern; a pattern without {seq} is refused in Vietnamese', async () => {
    const settings = await ok('GET', '/api/settings/company', t.adminToken);
    expect(settings.test_report_number_pattern).toBe('{seq:3}/{yyyy}/PKQ');
    const bad = await call('PUT', '/api/settings/company', t.adminToken, {
      ...settings,
      test_report_number_pattern: 'PKQ/{yyyy}',
    });
    const err = expectError(bad, 422, 'VALIDATION_FAILED', 'test_report_number_pattern');
    expect(err.errors[0]?.message).toContain('Mẫu số phiếu kết quả');
    const saved = await ok('PUT', '/api/settings/company', t.adminToken, {
      ...settings,
      test_report_number_pattern: '{seq:4}/{yy}/KQ-PTN',
    });
    expect(saved.test_report_number_pattern).toBe('{seq:4}/{yy}/KQ-PTN');
    const d = await draft();
    expect(d.number).toMatch(/^\d{4}\/\d{2}\/KQ-PTN$/);
    await ok('PUT', '/api/settings/company', t.adminToken, {
      ...saved,
      test_report_number_pattern: '{seq:3}/{yyyy}/PKQ',
    });
    expect((await call('DELETE', `/api/test-reports/${d.id}`, head.token)).statusCode).toBe(204);
  });

  it('answers 401, 403 and 404 on every route', async () => {
    const d = await draft();
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Who, unknown?][] = [
      ['GET', '/api/test-reports', reader],
      ['GET', `/api/test-reports/${d.id}`, reader],
      ['GET', `/api/test-reports/${d.id}/history`, reader],
      ['GET', `/api/test-reports/${d.id}/document`, reader],
      ['POST', '/api/test-reports', head, { trip_id: w.tripId, customer_id: customerId }],
      ['PUT', `/api/test-reports/${d.id}`, head, { version: d.version, note: 'a' }],
      ['DELETE', `/api/test-reports/${d.id}`, head],
      ['POST', `/api/test-reports/${d.id}/sign`, head, { version: d.version }],
      ['POST', `/api/test-reports/${d.id}/correct`, head, { version: d.version, reason: 'r' }],
    ];
    for (const [method, url, , body] of routes) {
      expect((await call(method, url, null, body)).statusCode, url).toBe(401);
      expect((await call(method, url, plain.token, body)).statusCode, url).toBe(403);
    }
    // A reader may not write; reception may not sign.
    expect(
      (await call('POST', '/api/test-reports', reader.token, { trip_id: w.tripId, customer_id: customerId })).statusCode,
    ).toBe(403);
    const reception = await t.userWith(['lab.receive']);
    expect((await call('POST', `/api/test-reports/${d.id}/sign`, reception.token, { version: d.version })).statusCode).toBe(403);
    for (const [method, url, who, body] of routes.filter(([, u]) => u.includes(`/${d.id}`)))
      expect((await call(method, url.replace(`/${d.id}`, '/999999'), who.token, body)).statusCode, url).toBe(404);
    expect((await call('POST', '/api/test-reports', head.token, { trip_id: 999999, customer_id: customerId })).statusCode).toBe(
      422,
    );
  });
});
