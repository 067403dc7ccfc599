import { TRACKING_ALPHABET, TRACKING_CODE_PATTERN, TRACKING_RANDOM_LENGTH } from '@qlcv/common/schemas/requests';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnYymm } from '../../lib/vn-time';
import { createDepartment, expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { filesUnder, multipart, SAMPLES } from '../../test/multipart';

// Issue 8 part 5: a post caught by the honeypot is answered exactly like a real one (shape, message, code format, the
// month's plausible next sequence number, a tracking suffix of the same alphabet and length), and stores nothing.

let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  return `203.0.113.${ipSeq}`;
};

describe('the honeypot answer', () => {
  let t: TestApp;
  let typeId: number;
  let privateTypeId: number;
  const uploads = () => filesUnder(`${t.config.dataDir}/uploads`).length;

  /** Rows of every table a submission writes to, and the request counter of this month. */
  async function footprint() {
    const db = t.database.db;
    const count = async (table: 'requests' | 'customers' | 'documents' | 'audit_logs') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const seq = await db.selectFrom('sequences').select('value').where('name', '=', `requests:${vnYymm()}`).executeTakeFirst();
    return {
      requests: await count('requests'),
      customers: await count('customers'),
      documents: await count('documents'),
      audit: await count('audit_logs'),
      sequence: seq?.value ?? 0,
    };
  }

  const submit = (extra: Record<string, string>, opts: { file?: boolean; key?: string } = {}) => {
    const form = multipart([
      ...Object.entries({
        request_type_id: String(typeId),
        name: 'Trần Thị Lan',
        mobile: '0912345001',
        organization: 'Công ty CP Sông Hồng',
        title: 'Quan trắc khí thải lò hơi',
        content: 'Đề nghị quan trắc khí thải lò hơi tại nhà máy.',
        consent: 'true',
        website: '',
        ...extra,
      }).map(([name, value]) => ({ name, value })),
      ...(opts.file ? [{ name: 'files[]', filename: 'ho-so.pdf', data: SAMPLES.pdf, contentType: 'application/pdf' }] : []),
    ]);
    return t.call({
      method: 'POST',
      url: '/api/public/requests',
      payload: form.payload,
      headers: { ...form.headers, ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
      remoteAddress: freshIp(),
    });
  };
  const bot = (opts: { file?: boolean; key?: string } = {}) => submit({ website: 'https://spam.example' }, opts);

  /** `YC2611-0007-K3M9QX7T` → its parts. */
  const parts = (code: string) => {
    const m = /^YC(\d{4})-(\d{4,})-([0-9A-Z]+)$/.exec(code);
    expect(m, code).not.toBeNull();
    return { yymm: m?.[1], seq: Number(m?.[2]), seqText: m?.[2] ?? '', suffix: m?.[3] ?? '' };
  };
  const expectLikeReal = (decoy: LightMyRequestResponse, real: LightMyRequestResponse) => {
    expect(decoy.statusCode, decoy.body).toBe(real.statusCode);
    expect(decoy.headers['content-type']).toBe(real.headers['content-type']);
    const [d, r] = [decoy.json(), real.json()];
    expect(Object.keys(d)).toEqual(Object.keys(r));
    expect(d.message).toBe(r.message);
    expect(d.code).toMatch(TRACKING_CODE_PATTERN);
    const [dp, rp] = [parts(d.code), parts(r.code)];
    expect(dp.yymm).toBe(rp.yymm);
    expect(dp.seqText).toHaveLength(rp.seqText.length);
    expect(dp.suffix).toHaveLength(TRACKING_RANDOM_LENGTH);
    for (const ch of dp.suffix) expect(TRACKING_ALPHABET).toContain(ch);
    expect(d.code.length).toBe(r.code.length);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const dep = await createDepartment(t, { code: uniq('HT'), name: 'Đội hiện trường' });
    const call = (url: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url, token: t.adminToken, payload }).then((r) => {
        if (r.statusCode !== 201) throw new Error(`${url}: ${r.body}`);
        return r.json().id as number;
      });
    const processId = await call('/api/processes', {
      code: uniq('QT'),
      name: 'Quan trắc',
      steps: [{ name: 'Lấy mẫu', department_id: dep.id, duration_hours: 8, produces_result: true }],
    });
    typeId = await call('/api/request-types', { code: uniq('LY'), name: 'Quan trắc', process_id: processId, is_public: true });
    privateTypeId = await call('/api/request-types', { code: uniq('LN'), name: 'Nội bộ', process_id: processId });
  });
  afterAll(() => t?.close());

  it('looks exactly like a real answer: shape, message, code format, the next number of the month', async () => {
    const real = await submit({});
    expect(real.statusCode, real.body).toBe(201);
    const before = await footprint();
    const filesBefore = uploads();

    const decoy = await bot({ file: true });
    expectLikeReal(decoy, real);
    // The number a real request would have had next.
    expect(parts(decoy.json().code).seq).toBe(parts(real.json().code).seq + 1);
    // A second bot post goes on counting, as real posts would.
    const decoy2 = await bot();
    expectLikeReal(decoy2, real);
    expect(parts(decoy2.json().code).seq).toBe(parts(real.json().code).seq + 2);
    expect(decoy2.json().code).not.toBe(decoy.json().code);

    // Nothing is stored: no request, customer, document, history entry or file, and no number used up.
    expect(await footprint()).toEqual(before);
    for (let i = 0; i < 50 && uploads() !== filesBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(uploads()).toBe(filesBefore);
    expectError(
      await t.call({
        method: 'POST',
        url: '/api/public/requests/lookup',
        payload: { tracking_code: decoy.json().code, mobile: '0912345001' },
        remoteAddress: freshIp(),
      }),
      404,
      'NOT_FOUND',
    );

    // The next real request takes the number after the last real one: no gap.
    const next = await submit({ mobile: '0912345002' });
    expect(next.statusCode, next.body).toBe(201);
    expect(parts(next.json().code).seq).toBe(parts(real.json().code).seq + 1);
  });

  it('answers a repeated post with the same idempotency key as the first, like a real one', async () => {
    const key = `bot-${process.pid}-${Date.now()}`;
    const first = await bot({ key });
    const again = await bot({ key });
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const realKey = `real-${process.pid}-${Date.now()}`;
    const r1 = await submit({ mobile: '0912345003' }, { key: realKey });
    const r2 = await submit({ mobile: '0912345003' }, { key: realKey });
    expect(r2.json()).toEqual(r1.json());
  });

  it('refuses what a real post is refused for, the same way: a type not offered, a missing field', async () => {
    const before = await footprint();
    const real = await submit({ request_type_id: String(privateTypeId) });
    const decoy = await submit({ request_type_id: String(privateTypeId), website: 'https://spam.example' });
    expect(decoy.statusCode).toBe(real.statusCode);
    expect(decoy.body).toBe(real.body);
    const realMissing = await submit({ title: '' });
    const decoyMissing = await submit({ title: '', website: 'https://spam.example' });
    expect(decoyMissing.statusCode).toBe(422);
    expect(decoyMissing.body).toBe(realMissing.body);
    expect(await footprint()).toEqual(before);
  });
});
