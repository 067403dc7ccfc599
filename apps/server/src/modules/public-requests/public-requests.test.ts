import { CONSENT_MESSAGE, LOOKUP_MISS_MESSAGE, maskName, maskPhone } from '@qlcv/common/schemas/public-requests';
import { TRACKING_CODE_PATTERN } from '@qlcv/common/schemas/requests';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmac } from '../../lib/crypto';
import { expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { type FormPart, filesUnder, multipart, REFUSED, SAMPLES } from '../../test/multipart';
import { buildWorld, caller, type RequestDetail, uniquePhone, uploadText, type World } from '../../test/request-helpers';
import { LOOKUP_MIN_MS } from './public-requests.service';

// PRODUCT.md §4 and QUALITY.md "Public area": the visitor's form and the result page, with their protections.

let ipSeq = 0;
/** A fresh client address: each case has its own rate-limit windows. */
const freshIp = () => {
  ipSeq += 1;
  return `203.0.113.${ipSeq}`;
};

interface Visitor {
  name: string;
  mobile: string;
  organization: string;
}

describe('public requests', () => {
  let t: TestApp;
  let world: World;
  let call: ReturnType<typeof caller>;
  let privateTypeId: number;

  const fields = (v: Visitor, extra: Record<string, string> = {}): FormPart[] =>
    Object.entries({
      request_type_id: String(world.typeId),
      name: v.name,
      mobile: v.mobile,
      email: 'lan.tran@example.vn',
      organization: v.organization,
      address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
      title: 'Quan trắc khí thải lò hơi',
      content: 'Đề nghị quan trắc khí thải lò hơi 2 tấn/giờ tại nhà máy.',
      consent: 'true',
      website: '',
      ...extra,
    }).map(([name, value]) => ({ name, value }));

  const visitor = (): Visitor => ({
    name: 'Trần Thị Lan',
    mobile: uniquePhone().replace(/^08/, '09'),
    organization: 'Công ty CP Thực phẩm Sông Hồng',
  });

  const submit = (parts: FormPart[], opts: { ip?: string; headers?: Record<string, string> } = {}) => {
    const form = multipart(parts);
    return t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: form.payload,
      headers: { ...form.headers, ...(opts.headers ?? {}) },
      remoteAddress: opts.ip ?? freshIp(),
    });
  };
  const lookup = (tracking_code: unknown, mobile: unknown, ip = freshIp()) =>
    t.call({ method: 'POST', url: '/api/public/requests/lookup', payload: { tracking_code, mobile }, remoteAddress: ip });

  const publicCount = async () => (await call('GET', '/api/requests?source=public&per_page=1')).json().meta.total as number;

  /** The staff view of the request a tracking code names. */
  const staffView = async (code: string): Promise<RequestDetail> => {
    const list = await call('GET', `/api/requests?search=${encodeURIComponent(code)}`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: number; tracking_code: string }[];
    const row = rows.find((r) => r.tracking_code === code);
    expect(row, `no request ${code}`).toBeDefined();
    const detail = await call('GET', `/api/requests/${row?.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json();
  };

  const sent = async (v: Visitor, extra: FormPart[] = []) => {
    const res = await submit([...fields(v), ...extra]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { code: string; message: string };
  };

  /** Receives the request and completes its three step works as admin, the last with a result document. */
  const runToCompletion = async (id: number, resultNote: string) => {
    expect((await call('POST', `/api/requests/${id}/receive`)).statusCode).toBe(200);
    for (let step = 1; step <= 3; step++) {
      const r = (await call('GET', `/api/requests/${id}`)).json() as RequestDetail;
      const work = r.works.find((w) => w.step_index === step && w.status === 'todo');
      expect(work, `no open work at step ${step}`).toBeDefined();
      const docs = step === 3 ? [(await uploadText(t, t.adminToken, 'ket-qua-quan-trac.txt', 'Kết quả đạt QCVN.')).id] : [];
      const done = await call('POST', `/api/works/${work?.id}/complete`, {
        result_note: step === 3 ? resultNote : `Xong bước ${step} (ghi chú nội bộ)`,
        document_ids: docs,
        // The last step gives the result: staff choose what the customer sees (nothing is published by default).
        ...(step === 3 ? { public_result: resultNote, public_document_ids: docs } : {}),
      });
      expect(done.statusCode, done.body).toBe(200);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    const type = await call('POST', '/api/request-types', {
      code: `NOIBO${process.pid}`,
      name: 'Loại nội bộ',
      process_id: world.processId,
      is_public: false,
    });
    expect(type.statusCode, type.body).toBe(201);
    privateTypeId = type.json().id;
  });
  afterAll(() => t?.close());

  describe('POST /api/public/requests', () => {
    it('creates a public request with its files as attachments, linked to a customer, and texts the code', async () => {
      const v = visitor();
      const before = await publicCount();
      const res = await submit([
        ...fields(v),
        { name: 'files[]', filename: 'giay-phep.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
        { name: 'files[]', filename: 'so-do.png', data: SAMPLES.png, contentType: 'image/png' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.code).toMatch(TRACKING_CODE_PATTERN);
      expect(looksVietnamese(body.message)).toBe(true);
      expect(await publicCount()).toBe(before + 1);

      const r = await staffView(body.code);
      expect(r.source).toBe('public');
      expect(r.status).toBe('new');
      expect(r.requester_name).toBe(v.name);
      expect(r.requester_phone).toBe(v.mobile);
      expect(r.title).toBe('Quan trắc khí thải lò hơi');
      expect(r.customer_id).not.toBeNull();
      expect(r.customer?.name).toBe(v.organization);
      expect(r.attachments.map((d) => d.original_name).sort()).toEqual(['giay-phep.pdf', 'so-do.png']);
      expect(r.attachments.every((d) => d.is_public === false)).toBe(true);
      expect(r.result_documents).toEqual([]);
      expect(r.timeline[0]?.action).toBe('create');
      expect(r.timeline[0]?.user).toBeNull();

      // The customer was created from the requester, by the public page.
      const customer = await call('GET', `/api/customers/${r.customer_id}`);
      expect(customer.json().phone).toBe(v.mobile);
      expect(customer.json().source).toBe('public');

      // A second request from the same mobile is linked to the same customer.
      const again = await sent(v);
      expect((await staffView(again.code)).customer_id).toBe(r.customer_id);

      await new Promise((resolve) => setTimeout(resolve, 20));
      const texts = t.sms.filter((m) => m.to === v.mobile);
      expect(texts.map((m) => m.text.includes(body.code))).toContain(true);
      expect(texts.every((m) => !m.safeText.includes(body.code))).toBe(true);
    });

    it('also takes JSON without files', async () => {
      const v = visitor();
      const res = await t.call({
        method: 'POST',
        url: '/api/public/requests',
        remoteAddress: freshIp(),
        payload: {
          request_type_id: world.typeId,
          name: v.name,
          mobile: v.mobile,
          title: 'Tư vấn hồ sơ môi trường',
          content: 'Xin tư vấn.',
          consent: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await staffView(res.json().code)).attachments).toEqual([]);
    });

    it('refuses without consent (422, in Vietnamese) and creates nothing', async () => {
      const before = await publicCount();
      const v = visitor();
      for (const consent of ['', 'false', '0', 'no']) {
        const body = expectError(await submit(fields(v, { consent })), 422, 'VALIDATION_FAILED', 'consent');
        expect(body.errors.find((e) => e.field === 'consent')?.message).toBe(CONSENT_MESSAGE);
      }
      const missing = fields(v).filter((p) => p.name !== 'consent');
      expectError(await submit(missing), 422, 'VALIDATION_FAILED', 'consent');
      expect(await publicCount()).toBe(before);
    });

    it('checks the fields: mobile, required text, a public active type', async () => {
      const v = visitor();
      const bad = expectError(await submit(fields(v, { mobile: '0212345678', name: '  ' })), 422, 'VALIDATION_FAILED');
      expect(bad.errors.map((e) => e.field).sort()).toEqual(['mobile', 'name']);
      expectError(
        await submit(fields(v, { request_type_id: String(privateTypeId) })),
        422,
        'VALIDATION_FAILED',
        'request_type_id',
      );
      expectError(await submit(fields(v, { request_type_id: '999999' })), 422, 'VALIDATION_FAILED', 'request_type_id');
      expectError(await submit(fields(v, { request_type_id: 'abc' })), 422, 'VALIDATION_FAILED', 'request_type_id');
      expectError(await submit(fields(v, { email: 'khong-phai-email' })), 422, 'VALIDATION_FAILED', 'email');
    });

    it('answers a filled honeypot like a success but stores nothing and sends nothing', async () => {
      const before = await publicCount();
      const smsBefore = t.sms.length;
      const v = visitor();
      const res = await submit([
        ...fields(v, { website: 'http://spam.example' }),
        { name: 'files[]', filename: 'a.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.code).toMatch(TRACKING_CODE_PATTERN);
      expect(body.message).toBe((await sent(visitor())).message);
      expect(await publicCount()).toBe(before + 1); // only the real one just above
      const hits = (await call('GET', `/api/requests?search=${encodeURIComponent(body.code)}`)).json().data;
      expect(hits).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(t.sms.slice(smsBefore).some((m) => m.to === v.mobile)).toBe(false);
      expectError(await lookup(body.code, v.mobile), 404, 'NOT_FOUND');
    });

    it('makes one request for one idempotency key (header or field), even when posted at once', async () => {
      const v = visitor();
      const before = await publicCount();
      const key = `k-${process.pid}-${Date.now()}`;
      const ip = freshIp();
      const [a, b] = await Promise.all([
        submit(fields(v), { ip, headers: { 'idempotency-key': key } }),
        submit(fields(v), { ip, headers: { 'idempotency-key': key } }),
      ]);
      expect(a.statusCode, a.body).toBe(201);
      expect(b.statusCode, b.body).toBe(201);
      expect(b.json().code).toBe(a.json().code);
      const c = await submit(fields(v, { idempotency_key: key }));
      expect(c.json().code).toBe(a.json().code);
      expect(await publicCount()).toBe(before + 1);

      // Another key makes another request; the same key with another mobile is another visitor's.
      const d = await submit(fields(v, { idempotency_key: `${key}-2` }));
      expect(d.json().code).not.toBe(a.json().code);
      const other = await submit(fields(visitor(), { idempotency_key: key }));
      expect(other.json().code).not.toBe(a.json().code);
      expect(await publicCount()).toBe(before + 3);

      expectError(
        await submit(fields(v), { headers: { 'idempotency-key': 'ngắn' } }),
        422,
        'VALIDATION_FAILED',
        'idempotency_key',
      );
      expectError(await submit(fields(v, { idempotency_key: 'x'.repeat(101) })), 422, 'VALIDATION_FAILED', 'idempotency_key');
    });

    it('limits each address to 5 posts in 10 minutes (429 with Retry-After)', async () => {
      const ip = freshIp();
      const v = visitor();
      for (let i = 0; i < 5; i++) expect((await submit(fields(v, { consent: '' }), { ip })).statusCode).toBe(422);
      const limited = expectError(await submit(fields(v), { ip }), 429, 'RATE_LIMITED');
      expect(looksVietnamese(limited.message)).toBe(true);
      const res = await submit(fields(v), { ip });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
      // Another address is not held up.
      expect((await submit(fields(v))).statusCode).toBe(201);
    });

    it('refuses a file type by its content, and more than 5 files, leaving no file or request behind', async () => {
      const before = await publicCount();
      const uploads = `${t.config.dataDir}/uploads`;
      const filesBefore = filesUnder(uploads).length;
      const v = visitor();
      const exe = await submit([
        ...fields(v),
        { name: 'files[]', filename: 'ok.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
        { name: 'files[]', filename: 'hoa-don.pdf', data: REFUSED.exe, contentType: 'application/pdf' },
      ]);
      expect(looksVietnamese(expectError(exe, 422, 'VALIDATION_FAILED', 'files[]').message)).toBe(true);
      const html = await submit([
        ...fields(v),
        { name: 'files[]', filename: 'a.txt', data: REFUSED.html, contentType: 'text/plain' },
      ]);
      expectError(html, 422, 'VALIDATION_FAILED');
      const six = Array.from({ length: 6 }, (_, i) => ({
        name: 'files[]',
        filename: `tep-${i}.txt`,
        data: SAMPLES.txt,
        contentType: 'text/plain',
      }));
      expectError(await submit([...fields(v), ...six]), 413, 'PAYLOAD_TOO_LARGE');
      // A failure after the files were read (an unusable type) leaves nothing either.
      const failed = await submit([
        ...fields(v, { request_type_id: String(privateTypeId) }),
        { name: 'files[]', filename: 'ok.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
      ]);
      expectError(failed, 422, 'VALIDATION_FAILED', 'request_type_id');
      expect(await publicCount()).toBe(before);
      expect(filesUnder(uploads).length).toBe(filesBefore);
      const orphans = await t.database.db.selectFrom('documents').select('id').where('entity', 'is', null).execute();
      expect(orphans).toEqual([]);
    });
  });

  describe('POST /api/public/requests/lookup', () => {
    it('shows the status, the public timeline and masked requester, nothing internal', async () => {
      const v = visitor();
      const { code } = await sent(v, [
        { name: 'files[]', filename: 'ho-so.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
      ]);
      // Typed back loosely: lower case, spaces, the mobile written +84.
      const typed = ` ${code.toLowerCase()} `;
      const res = await lookup(typed, v.mobile.replace(/^0/, '+84'));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        code,
        status: 'new',
        status_label: 'Mới',
        request_type: 'Quan trắc môi trường định kỳ',
        title: 'Quan trắc khí thải lò hơi',
        requester_name: 'Trần T** L**',
        mobile: `${v.mobile.slice(0, 2)}******${v.mobile.slice(-2)}`,
        received_at: null,
        completed_at: null,
        result_text: null,
        result_documents: [],
      });
      expect(body.timeline.map((e: { key: string; done: boolean }) => [e.key, e.done])).toEqual([
        ['submitted', true],
        ['received', false],
        ['in_progress', false],
        ['completed', false],
      ]);
      // No internal id, no staff, no contact details, no attachments.
      expect(body.id).toBeUndefined();
      expect(res.body).not.toContain(v.mobile);
      expect(res.body).not.toContain('Lan');
      expect(res.body).not.toContain('ho-so.pdf');
      expect(res.body).not.toContain('lan.tran@example.vn');
    });

    it('gives one identical answer for a wrong mobile, a wrong code, a malformed code, no sooner than the floor', async () => {
      const v = visitor();
      const { code } = await sent(v);
      const wrongCode = `${code.slice(0, -8)}${code.slice(-8) === 'ABCDEFGH' ? 'ABCDEFGJ' : 'ABCDEFGH'}`;
      const misses: LightMyRequestResponse[] = [];
      for (const [c, m] of [
        [code, '0987654321'],
        [code, 'không phải số'],
        [wrongCode, v.mobile],
        ['YC9901-0001-ZZZZZZZZ', v.mobile],
        ['abc', v.mobile],
        ['<script>', '1'],
      ] as const) {
        const started = Date.now();
        const res = await lookup(c, m);
        expect(Date.now() - started).toBeGreaterThanOrEqual(LOOKUP_MIN_MS - 5);
        misses.push(res);
      }
      for (const res of misses) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: LOOKUP_MISS_MESSAGE, errors: [], error_code: 'NOT_FOUND' });
        expect(res.body).toBe(misses[0]?.body);
      }
      const started = Date.now();
      expect((await lookup(code, v.mobile)).statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOOKUP_MIN_MS - 5);
      // A code that is not text is refused as input, not looked up.
      expectError(await lookup(12345, v.mobile), 422, 'VALIDATION_FAILED', 'tracking_code');
      expectError(await lookup(code, ''), 422, 'VALIDATION_FAILED', 'mobile');
    });

    it('limits each address to 10 lookups a minute', async () => {
      const ip = freshIp();
      const v = visitor();
      const { code } = await sent(v);
      const all = await Promise.all(Array.from({ length: 10 }, () => lookup(code, '0900000000', ip)));
      expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(404));
      const limited = await lookup(code, v.mobile, ip);
      expectError(limited, 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await lookup(code, v.mobile)).statusCode).toBe(200);
    });

    it('shows the result and its documents only once completed, through signed links', async () => {
      const v = visitor();
      const { code } = await sent(v, [
        { name: 'files[]', filename: 'ho-so.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' },
      ]);
      const r = await staffView(code);
      await call('POST', `/api/requests/${r.id}/receive`);
      const mid = (await lookup(code, v.mobile)).json();
      expect(mid.status).toBe('received');
      expect(mid.received_at).not.toBeNull();
      expect(mid.timeline.filter((e: { done: boolean }) => e.done).map((e: { key: string }) => e.key)).toEqual([
        'submitted',
        'received',
      ]);
      expect(mid.result_documents).toEqual([]);

      // The rest of the three steps (the request was received above).
      for (let step = 1; step <= 3; step++) {
        const cur = (await call('GET', `/api/requests/${r.id}`)).json() as RequestDetail;
        const work = cur.works.find((w) => w.step_index === step && w.status === 'todo');
        const docs = step === 3 ? [(await uploadText(t, t.adminToken, 'bao-cao.txt', 'Báo cáo kết quả.')).id] : [];
        if (step === 2) {
          const mid2 = (await lookup(code, v.mobile)).json();
          expect(mid2.status).toBe('in_progress');
          expect(mid2.result_text).toBeNull();
          expect(mid2.timeline.find((e: { key: string }) => e.key === 'in_progress').done).toBe(true);
        }
        const done = await call('POST', `/api/works/${work?.id}/complete`, {
          result_note: step === 3 ? 'Kết quả đạt quy chuẩn.' : `Ghi chú nội bộ bước ${step}`,
          document_ids: docs,
          ...(step === 3 ? { public_result: 'Kết quả đạt quy chuẩn.', public_document_ids: docs } : {}),
        });
        expect(done.statusCode, done.body).toBe(200);
      }

      const res = await lookup(code, v.mobile);
      const body = res.json();
      expect(body.status).toBe('completed');
      expect(body.status_label).toBe('Hoàn thành');
      expect(body.result_text).toBe('Kết quả đạt quy chuẩn.');
      expect(body.timeline.map((e: { key: string; done: boolean }) => [e.key, e.done])).toEqual([
        ['submitted', true],
        ['received', true],
        ['in_progress', true],
        ['completed', true],
      ]);
      expect(res.body).not.toContain('Ghi chú nội bộ');
      expect(res.body).not.toContain('Quản trị');
      expect(res.body).not.toContain('ho-so.pdf');
      expect(body.result_documents).toHaveLength(1);
      const doc = body.result_documents[0];
      expect(doc).toMatchObject({ name: 'bao-cao.txt', mime: 'text/plain' });
      expect(doc.url).toMatch(/^\/api\/public\/documents\//);
      expect(new Date(doc.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

      const download = await t.call({ method: 'GET', url: doc.url });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.body).toBe('Báo cáo kết quả.');
      expect(download.headers['content-disposition']).toMatch(/^attachment;.*bao-cao\.txt/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');

      // Tampered, expired, or signed for a file that is no result: the same 404.
      const token = doc.url.split('/').pop() as string;
      const [docId, reqId, exp, sig] = token.split('.') as [string, string, string, string];
      const linkKey = hmac(t.config.appSecret, 'qlcv:public-document-link');
      const sign = (d: number | string, rq: number | string, e: number | string) =>
        `/api/public/documents/${d}.${rq}.${e}.${hmac(linkKey, `${d}.${rq}.${e}`)}`;
      expect((await t.call({ method: 'GET', url: sign(docId, reqId, exp) })).statusCode).toBe(200);
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
      const past = Math.floor(Date.now() / 1000) - 1;
      const attachment = r.attachments[0]?.id as number;
      const misses = await Promise.all(
        [
          `/api/public/documents/${docId}.${reqId}.${exp}.${flipped}`,
          `/api/public/documents/${docId}.${reqId}.${Number(exp) + 600}.${sig}`,
          `/api/public/documents/${Number(docId) + 1}.${reqId}.${exp}.${sig}`,
          sign(docId, reqId, past),
          sign(attachment, reqId, exp),
          sign(docId, Number(reqId) + 1, exp),
          '/api/public/documents/khong-hop-le',
        ].map((url) => t.call({ method: 'GET', url })),
      );
      for (const miss of misses) {
        expectError(miss, 404, 'NOT_FOUND');
        expect(miss.body).toBe(misses[0]?.body);
      }
    });

    it('shows a rejection with its reason, and a cancellation without its note', async () => {
      const v = visitor();
      const rejected = await sent(v);
      const a = await staffView(rejected.code);
      await call('POST', `/api/requests/${a.id}/reject`, { reason: 'Loại yêu cầu không phù hợp với địa bàn.' });
      const body = (await lookup(rejected.code, v.mobile)).json();
      expect(body.status_label).toBe('Từ chối');
      expect(body.timeline.at(-1)).toMatchObject({
        key: 'rejected',
        done: true,
        note: 'Loại yêu cầu không phù hợp với địa bàn.',
      });

      const cancelled = await sent(v);
      const b = await staffView(cancelled.code);
      await call('POST', `/api/requests/${b.id}/cancel`, { reason: 'Trùng với yêu cầu khác (nội bộ).' });
      const res = await lookup(cancelled.code, v.mobile);
      expect(res.json().timeline.at(-1)).toMatchObject({ key: 'cancelled', done: true, note: null });
      expect(res.body).not.toContain('nội bộ');
    });
  });

  it('masks names and phones', () => {
    expect(maskName('Nguyễn Văn An')).toBe('Nguyễn V** A*');
    expect(maskName('  Lê   Thị Thu  Hà ')).toBe('Lê T** T** H*');
    expect(maskName('Minh')).toBe('M***');
    expect(maskPhone('0912345678')).toBe('09******78');
  });

  it('runs the whole flow for a public request (helper sanity)', async () => {
    const v = visitor();
    const { code } = await sent(v);
    const r = await staffView(code);
    await runToCompletion(r.id, 'Hoàn tất.');
    const body = (await lookup(code, v.mobile)).json();
    expect(body.status).toBe('completed');
    expect(body.result_text).toBe('Hoàn tất.');
    expect(body.result_documents.map((d: { name: string }) => d.name)).toEqual(['ket-qua-quan-trac.txt']);
  });
});
