import { ALL_ROWS_CAP } from '@qlcv/common/schemas/common';
import { normalizeTrackingCode, TRACKING_ALPHABET, TRACKING_CODE_PATTERN } from '@qlcv/common/schemas/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnYymm } from '../../lib/vn-time';
import { auditOf, expectError, expectNoSecrets, expectXlsx, looksVietnamese, xlsxNumFmt } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  buildWorld,
  caller,
  createRequest,
  eventsOf,
  type Person,
  person,
  type RequestDetail,
  receive,
  requestPayload,
  uniquePhone,
  uploadText,
  type World,
} from '../../test/request-helpers';
import { trackingSuffix } from './requests.service';

const HOUR = 3_600_000;

describe('requests', () => {
  let t: TestApp;
  let world: World;
  let call: ReturnType<typeof caller>;
  /** Holds every requests key. */
  let staff: Person;
  /** May only list. */
  let lister: Person;
  /** May only open. */
  let viewer: Person;
  let nobody: Person;

  const list = (query: string, token = staff.token) => call('GET', `/api/requests?${query}`, undefined, token);
  const codesOf = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((r) => r.code);
  const get = async (id: number): Promise<RequestDetail> => {
    const res = await call('GET', `/api/requests/${id}`, undefined, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const verb = (id: number, name: string, payload?: unknown, token = staff.token) =>
    call('POST', `/api/requests/${id}/${name}`, payload, token);
  const editable = (r: RequestDetail, extra: Record<string, unknown> = {}) => ({
    request_type_id: r.request_type_id,
    customer_id: r.customer_id,
    requester_name: r.requester_name,
    requester_phone: r.requester_phone,
    title: r.title,
    content: r.content,
    priority: r.priority,
    version: r.version,
    ...extra,
  });
  /** Writes times straight into the database: the clock is not waited for. */
  const setTimes = (id: number, values: Record<string, string | null>) =>
    t.database.db.updateTable('requests').set(values).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    staff = await person(t, ['requests.index', 'requests.create', 'requests.show', 'requests.edit'], world.sales.id);
    lister = await person(t, ['requests.index'], null);
    viewer = await person(t, ['requests.show'], null);
    nobody = await person(t, [], null);
  });
  afterAll(() => t?.close());

  describe('searched pages', () => {
    it('gives the same total on every page of a search, past the last page too, in the list order', async () => {
      const made: string[] = [];
      for (let i = 0; i < 23; i++) {
        made.push((await createRequest(t, world, { title: `Đo thủy ngân lô ${i} xưởng Đông Anh` }, staff.token)).code);
      }
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        const res = await list(`search=thuy ngan lo&per_page=10&page=${page}&sort=-created_at`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().meta).toMatchObject({ total: 23, last_page: 3, current_page: page });
        pages.push(codesOf(res));
      }
      expect(pages.map((p) => p.length)).toEqual([10, 10, 3, 0]);
      // The searched pages follow the same order as the unsearched list (newest first, id breaking ties).
      const all = codesOf(await list('search=dong anh&per_page=100&sort=-created_at'));
      expect(pages.flat()).toEqual(all);
      expect([...all].sort()).toEqual([...made].sort());
      // Two characters are below the index's reach: the plain match answers them.
      expect((await list('search=lo 7&per_page=100')).json().meta.total).toBeGreaterThanOrEqual(1);
    });
  });

  describe('codes', () => {
    it('numbers requests YC + yymm + a monthly sequence, with a random tracking code', async () => {
      const a = await createRequest(t, world, {}, staff.token);
      const b = await createRequest(t, world, {}, staff.token);
      const yymm = vnYymm();
      expect(a.code).toMatch(new RegExp(`^YC${yymm}-\\d{4}$`));
      const n = (code: string) => Number(code.split('-')[1]);
      expect(n(b.code)).toBe(n(a.code) + 1);
      const seq = await t.database.db
        .selectFrom('sequences')
        .selectAll()
        .where('name', '=', `requests:${yymm}`)
        .executeTakeFirst();
      expect(seq?.value).toBe(n(b.code));
      for (const r of [a, b]) {
        expect(r.tracking_code).toMatch(TRACKING_CODE_PATTERN);
        expect(r.tracking_code.startsWith(`${r.code}-`)).toBe(true);
      }
      expect(a.tracking_code.slice(-8)).not.toBe(b.tracking_code.slice(-8));
    });

    it('draws 40 random bits over an unambiguous alphabet', () => {
      expect(TRACKING_ALPHABET).toHaveLength(32);
      expect(TRACKING_ALPHABET).not.toMatch(/[ILOU]/);
      const seen = new Set<string>();
      const used = new Set<string>();
      for (let i = 0; i < 2000; i++) {
        const s = trackingSuffix();
        expect(s).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        seen.add(s);
        for (const c of s) used.add(c);
      }
      expect(seen.size).toBe(2000);
      // Every one of the 32 characters comes up: the whole alphabet is in use, not a biased part of it.
      expect(used.size).toBe(32);
      expect(normalizeTrackingCode(' yc2611-0007-k3m9qxo1 ')).toBe('YC2611-0007-K3M9QX01');
      expect(normalizeTrackingCode('YC2611-0007-ILL00000')).toBe('YC2611-0007-11100000');
    });

    it('takes the month of Vietnam time', () => {
      expect(vnYymm(new Date('2026-10-31T16:59:59Z'))).toBe('2610');
      expect(vnYymm(new Date('2026-10-31T17:00:00Z'))).toBe('2611');
      expect(vnYymm(new Date('2027-01-05T00:00:00Z'))).toBe('2701');
    });
  });

  describe('create', () => {
    it('creates a request from staff, with the customer found or created from the requester', async () => {
      const phone = uniquePhone();
      const res = await call(
        'POST',
        '/api/requests',
        {
          ...requestPayload(world, { requester_phone: phone, priority: 'urgent' }),
          status: 'completed',
          source: 'public',
          code: 'YC9999-9999',
        },
        staff.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      expectNoSecrets(res);
      const r: RequestDetail = res.json();
      // Fields a caller may not set are ignored.
      expect(r.status).toBe('new');
      expect(r.source).toBe('staff');
      expect(r.code).not.toBe('YC9999-9999');
      expect(r.priority).toBe('urgent');
      expect(r.request_type?.name).toBe('Quan trắc môi trường định kỳ');
      expect(r.customer?.name).toBe('Công ty TNHH Môi trường Xanh');
      expect(r.customer?.code).toMatch(/^KH\d{4}$/);
      expect(r.requester_phone).toBe(phone);
      expect(r.due_at).toBeNull();
      expect(r.timeline.map((e) => e.action)).toEqual(['create']);

      // The same phone: the same customer; a given customer_id wins.
      const again = await createRequest(
        t,
        world,
        { requester_phone: `+84${phone.slice(1)}`, requester_organization: null },
        staff.token,
      );
      expect(again.customer_id).toBe(r.customer_id);
      const other = await createRequest(t, world, { requester_name: 'Trần Thị Bình', requester_organization: null }, staff.token);
      expect(other.customer?.name).toBe('Trần Thị Bình');
      const linked = await createRequest(t, world, { customer_id: other.customer_id }, staff.token);
      expect(linked.customer_id).toBe(other.customer_id);

      expect((await eventsOf(t, 'requests', r.id)).map((e) => e.type)).toEqual(['request.created']);
      expect((await auditOf(t, 'requests', r.id)).map((e) => e.action)).toEqual(['create']);
    });

    it('attaches the documents the creator uploaded, and refuses someone else’s', async () => {
      const doc = await uploadText(t, staff.token, 'de-nghi.txt', 'Giấy đề nghị quan trắc.');
      const r = await createRequest(t, world, { attachment_ids: [doc.id] }, staff.token);
      expect(r.attachments.map((d) => d.id)).toEqual([doc.id]);
      expect(r.attachments[0]?.is_public).toBe(false);
      expect(r.result_documents).toEqual([]);
      const foreign = await uploadText(t, world.sampler.token, 'la.txt');
      const res = await call('POST', '/api/requests', requestPayload(world, { attachment_ids: [foreign.id] }), staff.token);
      expectError(res, 422, 'VALIDATION_FAILED', 'attachment_ids');
    });

    it('validates with Vietnamese messages naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, 'title'],
        [{ title: undefined }, 'title'],
        [{ requester_name: '  ' }, 'requester_name'],
        [{ requester_phone: '12345' }, 'requester_phone'],
        // The requester is a person: a landline is a customer's phone, not theirs.
        [{ requester_phone: '02438251234' }, 'requester_phone'],
        [{ requester_email: 'khong-phai-email' }, 'requester_email'],
        [{ priority: 'gấp' }, 'priority'],
        [{ request_type_id: 'một' }, 'request_type_id'],
        [{ request_type_id: 999999 }, 'request_type_id'],
        [{ customer_id: 999999 }, 'customer_id'],
        [{ title: 'x'.repeat(256) }, 'title'],
      ];
      for (const [extra, field] of cases) {
        const body = expectError(
          await call('POST', '/api/requests', requestPayload(world, extra), staff.token),
          422,
          'VALIDATION_FAILED',
          field,
        );
        expect(looksVietnamese(body.message), `${field}: ${body.message}`).toBe(true);
      }
    });

    it('refuses an inactive request type', async () => {
      const type = await call('GET', `/api/request-types/${world.oneStepTypeId}`);
      const off = await call('PUT', `/api/request-types/${world.oneStepTypeId}`, {
        code: type.json().code,
        name: type.json().name,
        process_id: type.json().process_id,
        active: false,
        version: type.json().version,
      });
      expect(off.statusCode, off.body).toBe(200);
      const res = await call(
        'POST',
        '/api/requests',
        requestPayload(world, { request_type_id: world.oneStepTypeId }),
        staff.token,
      );
      expectError(res, 422, 'VALIDATION_FAILED', 'request_type_id');
      const on = await call('PUT', `/api/request-types/${world.oneStepTypeId}`, {
        code: type.json().code,
        name: type.json().name,
        process_id: type.json().process_id,
        active: true,
        version: off.json().version,
      });
      expect(on.statusCode, on.body).toBe(200);
    });
  });

  describe('access', () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', '/api/requests'],
        ['POST', '/api/requests'],
        ['GET', '/api/requests/1'],
        ['PUT', '/api/requests/1'],
        ['POST', '/api/requests/1/receive'],
      ] as const) {
        const res = await call(method, url, undefined, null);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Unauthenticated.');
      }
    });

    it('answers 403 to a user without the key, 404 for a request that does not exist', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      expectError(await list('', nobody.token), 403, 'FORBIDDEN');
      expect((await list('', lister.token)).statusCode).toBe(200);
      expectError(await call('GET', `/api/requests/${r.id}`, undefined, lister.token), 403, 'FORBIDDEN');
      expectError(await call('POST', '/api/requests', requestPayload(world), viewer.token), 403, 'FORBIDDEN');
      expect((await call('GET', `/api/requests/${r.id}`, undefined, viewer.token)).statusCode).toBe(200);
      expectError(await call('PUT', `/api/requests/${r.id}`, editable(r), viewer.token), 403, 'FORBIDDEN');
      for (const name of ['receive', 'resume']) expectError(await verb(r.id, name, undefined, viewer.token), 403, 'FORBIDDEN');
      for (const name of ['hold', 'reject', 'cancel'])
        expectError(await verb(r.id, name, { reason: 'x' }, viewer.token), 403, 'FORBIDDEN');
      expectError(await verb(r.id, 'complete', { result_text: 'x' }, viewer.token), 403, 'FORBIDDEN');

      expectError(await call('GET', '/api/requests/987654', undefined, staff.token), 404, 'NOT_FOUND');
      expectError(await call('PUT', '/api/requests/987654', editable(r), staff.token), 404, 'NOT_FOUND');
      expectError(await verb(987654, 'receive'), 404, 'NOT_FOUND');
      expectError(await verb(987654, 'hold', { reason: 'x' }), 404, 'NOT_FOUND');
      expectError(await call('GET', '/api/requests/abc', undefined, staff.token), 422, 'VALIDATION_FAILED', 'id');
    });

    it('lets a user holding only requests.create create one, without its history', async () => {
      const maker = await person(t, ['requests.create'], null);
      const res = await call('POST', '/api/requests', requestPayload(world), maker.token);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('new');
      expect(res.json().timeline).toEqual([]);
      expectError(await call('GET', `/api/requests/${res.json().id}`, undefined, maker.token), 403, 'FORBIDDEN');
    });

    it('shows the history to request readers through the audit log', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      const res = await call('GET', `/api/audit-logs?entity=requests&entity_id=${r.id}`, undefined, viewer.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((e: { action: string }) => e.action)).toEqual(['create']);
      expectError(
        await call('GET', `/api/audit-logs?entity=requests&entity_id=${r.id}`, undefined, lister.token),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('list', () => {
    let a: RequestDetail;
    let b: RequestDetail;
    let c: RequestDetail;
    let d: RequestDetail;
    // Letters a tracking code never holds (L, U), so the tag cannot match a random code.
    const tag = 'dsxlu';

    beforeAll(async () => {
      a = await createRequest(
        t,
        world,
        { title: `Quan trắc khí thải lò hơi ${tag}`, priority: 'high', requester_name: 'Lê Đức Thắng' },
        staff.token,
      );
      b = await createRequest(
        t,
        world,
        {
          title: `Phân tích nước ngầm ${tag}`,
          priority: 'low',
          requester_organization: 'Nhà máy Bia Đông Á',
          request_type_id: world.oneStepTypeId,
        },
        staff.token,
      );
      c = await createRequest(t, world, { title: `Báo cáo ĐTM ${tag}`, priority: 'urgent' }, staff.token);
      d = await createRequest(t, world, { title: `Đo tiếng ồn ${tag}`, priority: 'normal' }, staff.token);
      await receive(t, c.id, staff.token);
      expect((await verb(d.id, 'reject', { reason: 'Ngoài phạm vi dịch vụ.' })).statusCode).toBe(200);
      // Created on known Vietnamese days: 1/11 00:30 (still 31/10 in UTC), 15/11 and 30/11 23:30.
      await setTimes(a.id, { created_at: '2026-10-31T17:30:00.000Z' });
      await setTimes(b.id, { created_at: '2026-11-15T03:00:00.000Z' });
      await setTimes(c.id, { created_at: '2026-11-30T16:30:00.000Z' });
      await setTimes(d.id, { created_at: '2026-12-01T01:00:00.000Z' });
    });

    const mine = `search=${tag}`;

    it('answers { data, meta } joined with the type and customer', async () => {
      const res = await list(`${mine}&sort=created_at&per_page=2`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta).toEqual({ current_page: 1, per_page: 2, total: 4, last_page: 2 });
      expect(codesOf(res)).toEqual([a.code, b.code]);
      const first = res.json().data[0];
      expect(first.request_type).toEqual({ id: world.typeId, name: 'Quan trắc môi trường định kỳ' });
      expect(first.customer.name).toBe('Công ty TNHH Môi trường Xanh');
      expect(first).not.toHaveProperty('content');
      expectNoSecrets(res);
    });

    it('filters by status, priority, type, customer and source', async () => {
      expect(codesOf(await list(`${mine}&status=new&sort=created_at`))).toEqual([a.code, b.code]);
      expect(codesOf(await list(`${mine}&status=received,rejected&sort=created_at`))).toEqual([c.code, d.code]);
      expect(codesOf(await list(`${mine}&priority=urgent,high&sort=created_at`))).toEqual([a.code, c.code]);
      expect(codesOf(await list(`${mine}&request_type_id=${world.oneStepTypeId}`))).toEqual([b.code]);
      expect(codesOf(await list(`${mine}&customer_id=${b.customer_id}`))).toEqual([b.code]);
      expect((await list(`${mine}&source=public`)).json().meta.total).toBe(0);
      expectError(await list('status=open'), 422, 'VALIDATION_FAILED', 'status.0');
      expectError(await list('priority=gap'), 422, 'VALIDATION_FAILED');
    });

    it('filters by Vietnamese creation days, both ends included', async () => {
      expect(codesOf(await list(`${mine}&from=2026-11-01&to=2026-11-30&sort=created_at`))).toEqual([a.code, b.code, c.code]);
      expect(codesOf(await list(`${mine}&from=2026-11-02&sort=created_at`))).toEqual([b.code, c.code, d.code]);
      expect(codesOf(await list(`${mine}&to=2026-11-01`))).toEqual([a.code]);
      expect(codesOf(await list(`${mine}&from=2026-12-01&to=2026-12-01`))).toEqual([d.code]);
      expectError(await list('from=2026-13-01'), 422, 'VALIDATION_FAILED', 'from');
    });

    it('searches without accents: code, tracking code, title, requester, phone, organisation, customer', async () => {
      expect(codesOf(await list(`search=${encodeURIComponent('le duc thang')}`))).toEqual([a.code]);
      expect(codesOf(await list(`search=${encodeURIComponent('bia dong a')}`))).toEqual([b.code]);
      expect(codesOf(await list(`search=${encodeURIComponent('BÁO CÁO ĐTM')}`))).toEqual([c.code]);
      expect(codesOf(await list(`search=${encodeURIComponent('do tieng on')}`))).toEqual([d.code]);
      expect(codesOf(await list(`search=${a.code}`))).toEqual([a.code]);
      expect(codesOf(await list(`search=${b.tracking_code.toLowerCase()}`))).toEqual([b.code]);
      expect(codesOf(await list(`search=${c.requester_phone}`))).toEqual([c.code]);
      const byCustomer = codesOf(await list(`search=${encodeURIComponent('moi truong xanh')}&per_page=all`));
      expect(byCustomer).toEqual(expect.arrayContaining([a.code, c.code, d.code]));
      expect(byCustomer).not.toContain(b.code);
      expect((await list('search=%25%25%25')).json().meta.total).toBe(0);
    });

    it('sorts by allow-listed columns only', async () => {
      expect(codesOf(await list(`${mine}&sort=-priority`))).toEqual([c.code, a.code, d.code, b.code]);
      expect(codesOf(await list(`${mine}&sort=-created_at`))).toEqual([d.code, c.code, b.code, a.code]);
      // Only c was received: the others have no due time and come last either way.
      expect(codesOf(await list(`${mine}&sort=due_at`))[0]).toBe(c.code);
      expect(codesOf(await list(`${mine}&sort=-due_at`))[0]).toBe(c.code);
      expectError(await list('sort=search_text'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('sort=tracking_code;drop'), 422, 'VALIDATION_FAILED', 'sort');
      expect((await list('per_page=500')).json().meta.per_page).toBe(100);
    });

    it('exports the filtered list as .xlsx', async () => {
      const res = await t.call({
        method: 'GET',
        url: `/api/requests?${mine}&status=new,received&sort=created_at`,
        token: staff.token,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'yeu-cau');
      expect(rows[0]?.slice(0, 3)).toEqual(['Mã yêu cầu', 'Mã tra cứu', 'Tiêu đề']);
      expect(rows.slice(1).map((r) => r[0])).toEqual([a.code, b.code, c.code]);
      expect(rows[1]?.[4]).toBe('Công ty TNHH Môi trường Xanh');
      expect(rows[1]?.[10]).toBe('Cao');
      expect(rows[3]?.[11]).toBe('Đã tiếp nhận');
      // A real date cell holding the Vietnam wall-clock time (the sheet shows it DD/MM/YYYY HH:mm).
      expect(rows[1]?.[14]).toEqual(new Date(Date.UTC(2026, 10, 1, 0, 30)));
      expect(await xlsxNumFmt(res, 2, 15)).toBe('dd/mm/yyyy hh:mm');
      expectError(
        await t.call({ method: 'GET', url: '/api/requests', token: nobody.token, headers: { 'x-export': 'xlsx' } }),
        403,
        'FORBIDDEN',
      );
    });

    it('exports every row past one batch, in the list order, empty due dates last', async () => {
      // Bulk rows straight into the table: the export's batching, not the create call, is under test here.
      const n = ALL_ROWS_CAP + 7;
      const stamp = new Date().toISOString();
      const rows = Array.from({ length: n }, (_, i) => {
        const code = `YCBULK-${String(i).padStart(5, '0')}`;
        return {
          code,
          tracking_code: `${code}-T`,
          request_type_id: world.typeId,
          process_snapshot: null,
          customer_id: null,
          requester_name: 'Khách lô lớn',
          requester_phone: '0900000000',
          requester_email: null,
          requester_organization: null,
          requester_address: null,
          title: `Yêu cầu lô số ${i}`,
          content: null,
          source: 'staff',
          current_step: null,
          // Every third row has no due date: those come after the dated ones.
          due_at: i % 3 === 0 ? null : new Date(Date.UTC(2027, 0, 1) + i * 60_000).toISOString(),
          received_at: null,
          completed_at: null,
          on_hold_since: null,
          status_reason: null,
          result_text: null,
          idempotency_key: null,
          search_text: `${code.toLowerCase()} lokhachbulk`,
          hold_status: null,
          created_at: stamp,
          updated_at: stamp,
          created_by: null,
        };
      });
      for (let i = 0; i < rows.length; i += 200) {
        await t.database.db
          .insertInto('requests')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      const sheet = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/requests?search=lokhachbulk&sort=due_at',
          token: staff.token,
          headers: { 'x-export': 'xlsx' },
        }),
        'yeu-cau',
      );
      const dated = rows.filter((_, i) => i % 3 !== 0).map((r) => r.code);
      const undated = rows
        .filter((_, i) => i % 3 === 0)
        .map((r) => r.code)
        .sort();
      expect(sheet.slice(1).map((r) => r[0])).toEqual([...dated, ...undated]);
      await t.database.db.deleteFrom('requests').where('code', 'like', 'YCBULK-%').execute();
    });
  });

  describe('overdue', () => {
    it('counts the time past due while open, not the time on hold', async () => {
      const now = Date.now();
      const iso = (ms: number) => new Date(ms).toISOString();
      const tag = 'qhxlu';
      const late = await receive(t, (await createRequest(t, world, { title: `Trễ hạn ${tag}` }, staff.token)).id, staff.token);
      await setTimes(late.id, { due_at: iso(now - HOUR) });
      const onTime = await receive(t, (await createRequest(t, world, { title: `Đúng hạn ${tag}` }, staff.token)).id, staff.token);
      // On hold after its due time had passed: overdue.
      const heldLate = await receive(
        t,
        (await createRequest(t, world, { title: `Dừng sau hạn ${tag}` }, staff.token)).id,
        staff.token,
      );
      expect((await verb(heldLate.id, 'hold', { reason: 'Chờ khách' })).statusCode).toBe(200);
      await setTimes(heldLate.id, { due_at: iso(now - 5 * HOUR), on_hold_since: iso(now - 2 * HOUR) });
      // On hold before its due time: the clock stopped, so not overdue although the due time is past.
      const heldEarly = await receive(
        t,
        (await createRequest(t, world, { title: `Dừng trước hạn ${tag}` }, staff.token)).id,
        staff.token,
      );
      expect((await verb(heldEarly.id, 'hold', { reason: 'Chờ khách' })).statusCode).toBe(200);
      await setTimes(heldEarly.id, { due_at: iso(now - HOUR), on_hold_since: iso(now - 3 * HOUR) });
      const closed = await createRequest(t, world, { title: `Đã hủy ${tag}` }, staff.token);
      await receive(t, closed.id, staff.token);
      expect((await verb(closed.id, 'cancel', {})).statusCode).toBe(200);
      await setTimes(closed.id, { due_at: iso(now - 9 * HOUR) });
      const fresh = await createRequest(t, world, { title: `Mới ${tag}` }, staff.token);

      const overdue = await list(`search=${tag}&overdue=true&sort=created_at`);
      expect(codesOf(overdue)).toEqual([late.code, heldLate.code]);
      expect(overdue.json().data.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
      expect(codesOf(await list(`search=${tag}&overdue=false&sort=created_at`))).toEqual([
        onTime.code,
        heldEarly.code,
        closed.code,
        fresh.code,
      ]);
      expect((await get(heldEarly.id)).overdue).toBe(false);
      expect((await get(late.id)).overdue).toBe(true);
      expectError(await list('overdue=maybe'), 422, 'VALIDATION_FAILED', 'overdue');
    });
  });

  describe('edit', () => {
    it('edits an open request, refusing a stale version', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      const res = await call(
        'PUT',
        `/api/requests/${r.id}`,
        editable(r, { title: 'Quan trắc nước thải quý IV (bổ sung)', priority: 'high' }),
        staff.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().title).toBe('Quan trắc nước thải quý IV (bổ sung)');
      expect(res.json().version).toBe(r.version + 1);
      const stale = await call('PUT', `/api/requests/${r.id}`, editable(r, { title: 'Bản cũ' }), staff.token);
      expect(looksVietnamese(expectError(stale, 409, 'CONFLICT').message)).toBe(true);
      expect((await get(r.id)).title).toBe('Quan trắc nước thải quý IV (bổ sung)');
      const log = await auditOf(t, 'requests', r.id);
      expect(log[0]?.action).toBe('update');
      expect(log[0]?.changes).toMatchObject({
        title: ['Quan trắc nước thải quý IV', 'Quan trắc nước thải quý IV (bổ sung)'],
        priority: ['normal', 'high'],
      });
      expectError(
        await call('PUT', `/api/requests/${r.id}`, { ...editable(r), version: undefined }, staff.token),
        422,
        'VALIDATION_FAILED',
        'version',
      );
    });

    it('changes the type only while new, and nothing once closed', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      const retyped = await call(
        'PUT',
        `/api/requests/${r.id}`,
        editable(r, { request_type_id: world.oneStepTypeId }),
        staff.token,
      );
      expect(retyped.statusCode, retyped.body).toBe(200);
      const received = await receive(t, r.id, staff.token);
      expect(received.steps).toHaveLength(1);
      const edited = await call(
        'PUT',
        `/api/requests/${r.id}`,
        editable(received, { request_type_id: world.typeId }),
        staff.token,
      );
      expectError(edited, 422, 'VALIDATION_FAILED', 'request_type_id');
      const still = await call(
        'PUT',
        `/api/requests/${r.id}`,
        editable(received, { content: 'Bổ sung điểm lấy mẫu.' }),
        staff.token,
      );
      expect(still.statusCode, still.body).toBe(200);
      expect((await verb(r.id, 'cancel', { reason: 'Khách hủy' })).statusCode).toBe(200);
      const closed = await call('PUT', `/api/requests/${r.id}`, editable(still.json()), staff.token);
      expect(expectError(closed, 409, 'CONFLICT').message).toContain('Đã hủy');
    });
  });

  describe('transitions', () => {
    it('receives: snapshot, due time, first work; a second receive is refused', async () => {
      const r = await createRequest(t, world, { priority: 'high' }, staff.token);
      const received = await receive(t, r.id, staff.token);
      expect(received.status).toBe('received');
      expect(received.received_at).not.toBeNull();
      expect(new Date(received.due_at as string).getTime() - new Date(received.received_at as string).getTime()).toBe(80 * HOUR);
      expect(received.works).toHaveLength(1);
      expect(received.works[0]).toMatchObject({ step_index: 1, status: 'todo', assignee: { id: world.sampler.id } });
      expect(received.works[0]?.code).toMatch(new RegExp(`^CV${vnYymm()}-\\d{4}$`));
      const again = expectError(await verb(r.id, 'receive'), 409, 'CONFLICT');
      expect(again.message).toContain('Đã tiếp nhận');
      expect((await eventsOf(t, 'requests', r.id)).map((e) => e.type)).toEqual(['request.created', 'request.received']);
      expect(received.timeline.map((e) => e.action)).toEqual(['create', 'receive']);

      // Editing the process later leaves the running request's snapshot alone.
      const proc = await call('GET', `/api/processes/${world.processId}`);
      const step = proc.json().steps[0];
      const renamed = await call('PUT', `/api/process-steps/${step.id}`, {
        name: 'Lấy mẫu (đổi tên)',
        department_id: step.department_id,
        default_assignee_id: step.default_assignee_id,
        duration_hours: 12,
        produces_result: false,
        version: step.version,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const after = await get(r.id);
      expect(after.steps[0]?.name).toBe('Lấy mẫu hiện trường');
      expect(after.steps[0]?.duration_hours).toBe(24);
      const back = await call('PUT', `/api/process-steps/${step.id}`, {
        name: step.name,
        department_id: step.department_id,
        default_assignee_id: step.default_assignee_id,
        duration_hours: 24,
        produces_result: false,
        version: renamed.json().version,
      });
      expect(back.statusCode, back.body).toBe(200);
    });

    it('makes exactly one transition out of 10 concurrent receives', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      const results = await Promise.all(Array.from({ length: 10 }, () => verb(r.id, 'receive')));
      const statuses = results.map((x) => x.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const x of results.filter((y) => y.statusCode === 409)) expect(looksVietnamese(x.json().message)).toBe(true);
      const after = await get(r.id);
      expect(after.works).toHaveLength(1);
      expect((await eventsOf(t, 'requests', r.id)).filter((e) => e.type === 'request.received')).toHaveLength(1);
      expect((await auditOf(t, 'requests', r.id)).filter((e) => e.action === 'receive')).toHaveLength(1);
    });

    it('holds with a reason and resumes to where it was, moving the due time by the time on hold', async () => {
      const r = await receive(t, (await createRequest(t, world, {}, staff.token)).id, staff.token);
      expectError(await verb(r.id, 'hold', {}), 422, 'VALIDATION_FAILED', 'reason');
      expectError(await verb(r.id, 'hold', { reason: '   ' }), 422, 'VALIDATION_FAILED', 'reason');
      const held = await verb(r.id, 'hold', { reason: 'Chờ khách hàng bổ sung hồ sơ.' });
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json()).toMatchObject({ status: 'on_hold', status_reason: 'Chờ khách hàng bổ sung hồ sơ.' });
      expect(held.json().on_hold_since).not.toBeNull();
      expect(expectError(await verb(r.id, 'hold', { reason: 'Lần hai' }), 409, 'CONFLICT').message).toContain('Tạm dừng');

      // Five hours on hold, written into the database rather than waited for.
      const since = new Date(Date.now() - 5 * HOUR).toISOString();
      await setTimes(r.id, { on_hold_since: since });
      const dueBefore = new Date(r.due_at as string).getTime();
      const workBefore = new Date(r.works[0]?.deadline as string).getTime();
      const resumed = await verb(r.id, 'resume');
      expect(resumed.statusCode, resumed.body).toBe(200);
      const body: RequestDetail = resumed.json();
      expect(body.status).toBe('received');
      expect(body.on_hold_since).toBeNull();
      expect(body.status_reason).toBeNull();
      const moved = new Date(body.due_at as string).getTime() - dueBefore;
      expect(moved).toBeGreaterThanOrEqual(5 * HOUR);
      expect(moved).toBeLessThan(5 * HOUR + 60_000);
      const workMoved = new Date(body.works[0]?.deadline as string).getTime() - workBefore;
      expect(Math.abs(workMoved - moved)).toBeLessThan(1000);
      expectError(await verb(r.id, 'resume'), 409, 'CONFLICT');

      // In progress → on hold → back to in progress.
      await t.call({ method: 'POST', url: `/api/works/${body.works[0]?.id}/start`, token: world.sampler.token });
      expect((await get(r.id)).status).toBe('in_progress');
      expect((await verb(r.id, 'hold', { reason: 'Mưa lớn, hoãn lấy mẫu.' })).statusCode).toBe(200);
      expect((await verb(r.id, 'resume')).json().status).toBe('in_progress');
      expect((await eventsOf(t, 'requests', r.id)).map((e) => e.type)).toEqual([
        'request.created',
        'request.received',
        'request.on_hold',
        'request.resumed',
        'request.in_progress',
        'request.on_hold',
        'request.resumed',
      ]);
    });

    it('holds nothing that is new, completed or closed', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      expect(expectError(await verb(r.id, 'hold', { reason: 'x' }), 409, 'CONFLICT').message).toContain('Mới');
      expectError(await verb(r.id, 'resume'), 409, 'CONFLICT');
      expectError(await verb(r.id, 'complete', { result_text: 'x' }), 409, 'CONFLICT');
    });

    it('rejects a new or received request with a reason, not one in progress', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      expectError(await verb(r.id, 'reject', {}), 422, 'VALIDATION_FAILED', 'reason');
      const rejected = await verb(r.id, 'reject', { reason: 'Không thuộc lĩnh vực của công ty.' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({ status: 'rejected', status_reason: 'Không thuộc lĩnh vực của công ty.' });
      expect(expectError(await verb(r.id, 'reject', { reason: 'x' }), 409, 'CONFLICT').message).toContain('Từ chối');
      expectError(await verb(r.id, 'cancel', {}), 409, 'CONFLICT');
      expectError(await verb(r.id, 'receive'), 409, 'CONFLICT');

      const received = await receive(t, (await createRequest(t, world, {}, staff.token)).id, staff.token);
      const rejectedAfter = await verb(received.id, 'reject', { reason: 'Khách không cung cấp đủ thông tin.' });
      expect(rejectedAfter.statusCode, rejectedAfter.body).toBe(200);
      expect(rejectedAfter.json().works[0].status).toBe('cancelled');

      const running = await receive(t, (await createRequest(t, world, {}, staff.token)).id, staff.token);
      await t.call({ method: 'POST', url: `/api/works/${running.works[0]?.id}/start`, token: world.sampler.token });
      expect(expectError(await verb(running.id, 'reject', { reason: 'x' }), 409, 'CONFLICT').message).toContain('Đang xử lý');
    });

    it('cancels any open request, with or without a reason', async () => {
      const r = await createRequest(t, world, {}, staff.token);
      const res = await verb(r.id, 'cancel');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', status_reason: null });
      const held = await receive(t, (await createRequest(t, world, {}, staff.token)).id, staff.token);
      await verb(held.id, 'hold', { reason: 'Tạm dừng' });
      const cancelled = await verb(held.id, 'cancel', { reason: 'Khách hàng rút yêu cầu.' });
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', on_hold_since: null });
      expect(cancelled.json().works.map((w: { status: string }) => w.status)).toEqual(['cancelled']);
      expectError(await verb(held.id, 'cancel', {}), 409, 'CONFLICT');
      expectError(await verb(held.id, 'cancel', { reason: 'x'.repeat(1001) }), 422, 'VALIDATION_FAILED', 'reason');
    });
  });
});
