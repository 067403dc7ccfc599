import path from 'node:path';
import { formatDate } from '@qlcv/common/format/date';
import { PERMISSION_KEYS } from '@qlcv/common/permissions';
import { PROVINCES } from '@qlcv/common/provinces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/audit';
import { ListCache } from '../../lib/list-cache';
import { LocalStorage } from '../../lib/storage';
import { auditOf, expectError, expectNoSecrets, expectXlsx, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { filesUnder, multipart, SAMPLES } from '../../test/multipart';
import { DocumentsService } from '../documents/documents.service';
import { CustomersService } from './customers.service';

interface Customer {
  id: number;
  code: string;
  type: string;
  name: string;
  tax_code: string | null;
  representative: string | null;
  representative_title: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  ward: string | null;
  province: string | null;
  contacts: { name: string; title: string | null; phone: string | null; email: string | null }[];
  source: string;
  notes: string | null;
  created_by: number | null;
  version: number;
  created_at: string;
  updated_at: string;
  requests_count?: number;
  attachments?: { id: number; original_name: string }[];
}

describe('customers', () => {
  let t: TestApp;
  const people: Record<string, Customer> = {};

  const list = (query: string, token = t.adminToken) => t.call({ method: 'GET', url: `/api/customers?${query}`, token });
  const names = (res: { json(): { data: Customer[] } }) => res.json().data.map((c) => c.name);
  const post = (payload: Record<string, unknown>, token = t.adminToken) =>
    t.call({ method: 'POST', url: '/api/customers', token, payload });
  const create = async (payload: Record<string, unknown>, token = t.adminToken): Promise<Customer> => {
    const res = await post(payload, token);
    if (res.statusCode !== 201) throw new Error(`customer: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const get = async (id: number): Promise<Customer> =>
    (await t.call({ method: 'GET', url: `/api/customers/${id}`, token: t.adminToken })).json();
  const put = (id: number, payload: Record<string, unknown>, token = t.adminToken) =>
    t.call({ method: 'PUT', url: `/api/customers/${id}`, token, payload });
  /** A customer's editable fields as its GET shows them, ready for a PUT. */
  const editable = (c: Customer) => ({
    type: c.type,
    name: c.name,
    tax_code: c.tax_code,
    representative: c.representative,
    representative_title: c.representative_title,
    phone: c.phone,
    email: c.email,
    street: c.street,
    ward: c.ward,
    province: c.province,
    contacts: c.contacts,
    notes: c.notes,
    version: c.version,
  });

  /** A request row for a customer (the requests module is not needed to read them). */
  let typeId = 0;
  let requestSeq = 0;
  async function addRequest(customerId: number, title: string, status = 'new', createdAt = new Date().toISOString()) {
    if (!typeId) {
      const now = new Date().toISOString();
      const row = await t.database.db
        .insertInto('request_types')
        .values({ code: 'QT-NUOC', name: 'Quan trắc nước', search_text: '', created_at: now, updated_at: now, created_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      typeId = row.id;
    }
    requestSeq += 1;
    const code = `YC2611-${String(requestSeq).padStart(4, '0')}`;
    const row = await t.database.db
      .insertInto('requests')
      .values({
        code,
        tracking_code: `${code}-T${requestSeq}`,
        request_type_id: typeId,
        customer_id: customerId,
        requester_name: 'Người gửi',
        requester_phone: '0912000000',
        title,
        source: 'staff',
        status,
        search_text: '',
        created_at: createdAt,
        updated_at: createdAt,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, code };
  }

  beforeAll(async () => {
    t = await createTestApp();
    people.xanh = await create({
      type: 'organization',
      name: 'Công ty TNHH Môi trường Xanh',
      tax_code: '0101234567',
      representative: 'Nguyễn Văn Đạt',
      representative_title: 'Giám đốc',
      phone: '024 3826 1234',
      email: 'LienHe@MoiTruongXanh.vn',
      province: 'Hà Nội',
    });
    people.song = await create({
      type: 'organization',
      name: 'Nhà máy nước Sông Đà',
      tax_code: '5400123456-001',
      phone: '0912 345 678',
      province: 'Phú Thọ',
    });
    people.lan = await create({ type: 'individual', name: 'Trần Thị Lan', phone: '+84 987 654 321', province: 'Hồ Chí Minh' });
    people.binh = await create({ type: 'individual', name: 'Lê Bình 100%', email: 'binh@gmail.com', province: 'Đà Nẵng' });
    people.dung = await create({ type: 'organization', name: 'Khu công nghiệp Dung_Quất', province: 'Quảng Ngãi' });
  });
  afterAll(() => t?.close());

  describe('options', () => {
    type Option = { id: number; code: string; name: string; phone: string | null };
    const options = (query: string, token: string | null = t.adminToken) =>
      t.call({ method: 'GET', url: `/api/customers/options?${query}`, token });
    const namesOf = (res: { json(): Option[] }) => res.json().map((c) => c.name);

    // The request and contract forms pick a customer too (a contract is edited with contracts.show).
    const OPTION_KEYS = [
      'customer.index',
      'requests.create',
      'requests.edit',
      'contracts.create',
      'contracts.show',
      // Whoever records a monitored site picks its customer (issue 24).
      'monitoring.create',
      'monitoring.edit',
      // Whoever drafts a test report for a customer (issue 25).
      'lab.receive',
      'lab.approve',
    ] as const;

    it('gives each accepted key id, code, name and phone only', async () => {
      for (const key of OPTION_KEYS) {
        const res = await options('search=song%20da', (await t.userWith([key])).token);
        expect(res.statusCode, key).toBe(200);
        const rows = res.json() as Option[];
        expect(rows).toHaveLength(1);
        expect(Object.keys(rows[0]!).sort()).toEqual(['code', 'id', 'name', 'phone']);
        expect(rows[0]).toMatchObject({ id: people.song!.id, code: people.song!.code, name: 'Nhà máy nước Sông Đà' });
        for (const word of ['tax_code', 'email', 'contacts', 'notes', 'version']) expect(res.body).not.toContain(word);
        expectNoSecrets(res);
      }
    });

    it('answers 403 without an accepted key and 401 without a token', async () => {
      const others = PERMISSION_KEYS.filter((k) => !(OPTION_KEYS as readonly string[]).includes(k));
      expectError(await options('', (await t.userWith(others)).token), 403, 'FORBIDDEN');
      expectError(await options('', null), 401, 'UNAUTHENTICATED');
    });

    it('searches without accents or case, treats % and _ literally, and labels given ids', async () => {
      expect(namesOf(await options(`search=${encodeURIComponent('TRẦN LAN')}`))).toEqual(['Trần Thị Lan']);
      expect(namesOf(await options('search=100%25'))).toEqual(['Lê Bình 100%']);
      expect(namesOf(await options('search=dung_quat'))).toEqual(['Khu công nghiệp Dung_Quất']);
      expect(namesOf(await options('search=khong-co-ai'))).toEqual([]);
      const ids = await options(`ids=${people.lan!.id},${people.xanh!.id}`);
      expect(
        ids
          .json()
          .map((c: Option) => c.id)
          .sort(),
      ).toEqual([people.lan!.id, people.xanh!.id].sort());
      expect(namesOf(await options(''))).toHaveLength(5);
    });
  });

  describe('create', () => {
    it('creates a customer with the next KH code, normalised fields and source staff', async () => {
      const staff = await t.userWith(['customer.create']);
      const res = await post(
        {
          type: 'organization',
          name: '  Công ty CP Quan trắc Miền Trung  ',
          tax_code: '0401234567001',
          representative: 'Phạm Thị Hoa',
          representative_title: 'Phó giám đốc',
          phone: '84 236 3821 999',
          email: 'Info@QuanTrac.VN',
          street: '12 Lê Duẩn',
          ward: 'Phường Hải Châu',
          province: 'thành phố đà nẵng',
          contacts: [
            { name: 'Ngô Văn Tài', title: 'Kế toán', phone: '0905 111 222', email: 'Tai@QuanTrac.vn' },
            { name: 'Võ Thị Mai', title: '', phone: '', email: '' },
          ],
          notes: 'Khách hàng lâu năm',
        },
        staff.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const c = res.json() as Customer;
      expect(c).toMatchObject({
        type: 'organization',
        name: 'Công ty CP Quan trắc Miền Trung',
        tax_code: '0401234567-001',
        representative: 'Phạm Thị Hoa',
        representative_title: 'Phó giám đốc',
        phone: '02363821999',
        email: 'info@quantrac.vn',
        street: '12 Lê Duẩn',
        ward: 'Phường Hải Châu',
        province: 'Đà Nẵng',
        contacts: [
          { name: 'Ngô Văn Tài', title: 'Kế toán', phone: '0905111222', email: 'tai@quantrac.vn' },
          { name: 'Võ Thị Mai', title: null, phone: null, email: null },
        ],
        source: 'staff',
        notes: 'Khách hàng lâu năm',
        created_by: staff.id,
        version: 1,
        requests_count: 0,
        attachments: [],
      });
      expect(c.code).toMatch(/^KH\d{4}$/);
      expectNoSecrets(res);
      const shown = await get(c.id);
      expect(shown).toEqual(c);
    });

    it('numbers codes KH0001, KH0002, … in order, without reusing one', async () => {
      expect(people.xanh!.code).toBe('KH0001');
      expect(people.song!.code).toBe('KH0002');
      const a = await create({ type: 'individual', name: 'Mã một' });
      expectError(await post({ type: 'individual' }), 422, 'VALIDATION_FAILED', 'name');
      const b = await create({ type: 'individual', name: 'Mã hai' });
      const n = (code: string) => Number(code.slice(2));
      expect(n(b.code)).toBe(n(a.code) + 1);
      expect((await t.call({ method: 'DELETE', url: `/api/customers/${b.id}`, token: t.adminToken })).statusCode).toBe(204);
      const c = await create({ type: 'individual', name: 'Mã ba' });
      expect(c.code).toBe(`KH${String(n(a.code) + 2).padStart(4, '0')}`);
      const parallel = await Promise.all([1, 2, 3, 4].map((i) => post({ type: 'individual', name: `Cùng lúc ${i}` })));
      expect(parallel.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(new Set(parallel.map((r) => r.json().code)).size).toBe(4);
    });

    it('refuses missing fields with Vietnamese messages per field', async () => {
      const body = expectError(await post({}), 422, 'VALIDATION_FAILED', 'name');
      const byField = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
      expect(byField.name).toBe('Vui lòng nhập tên khách hàng');
      expect(byField.type).toBe('Vui lòng chọn loại khách hàng (tổ chức hoặc cá nhân)');
      expect(looksVietnamese(body.message)).toBe(true);
    });

    it('refuses invalid fields, each on its field', async () => {
      const base = { type: 'organization', name: 'Sai dữ liệu' };
      const cases: [Record<string, unknown>, string][] = [
        [{ type: 'company' }, 'type'],
        [{ name: '   ' }, 'name'],
        [{ name: 'x'.repeat(256) }, 'name'],
        [{ tax_code: '12345' }, 'tax_code'],
        [{ tax_code: '0101234567-01' }, 'tax_code'],
        [{ tax_code: '01012345678' }, 'tax_code'],
        [{ tax_code: 'MST0101234567' }, 'tax_code'],
        // A 12-digit personal number is an individual's tax code, never an organisation's.
        [{ tax_code: '001203012345' }, 'tax_code'],
        [{ phone: '0123' }, 'phone'],
        [{ phone: '0212345678' }, 'phone'],
        [{ phone: '0112345678' }, 'phone'],
        [{ phone: '+1 202 555 0100' }, 'phone'],
        [{ email: 'khong-phai-email' }, 'email'],
        [{ province: 'Hà Tây' }, 'province'],
        [{ province: 'Bình Dương' }, 'province'],
        [{ province: 'Thừa Thiên Huế' }, 'province'],
        [{ contacts: [{ title: 'Không tên' }] }, 'contacts.0.name'],
        [{ contacts: [{ name: 'A', phone: '123' }] }, 'contacts.0.phone'],
        [{ contacts: [{ name: 'A' }, { name: 'B', email: 'x@' }] }, 'contacts.1.email'],
        [{ contacts: 'Nguyễn Văn A' }, 'contacts'],
        [{ contacts: Array.from({ length: 21 }, (_, i) => ({ name: `N${i}` })) }, 'contacts'],
        [{ notes: 'x'.repeat(5001) }, 'notes'],
        [{ attachment_ids: ['abc'] }, 'attachment_ids.0'],
      ];
      for (const [patch, field] of cases) {
        const res = await post({ ...base, ...patch });
        const body = expectError(res, 422, 'VALIDATION_FAILED', field);
        expect(looksVietnamese(body.errors.find((e) => e.field === field)?.message ?? ''), `${field}: ${res.body}`).toBe(true);
      }
    });

    it('accepts every one of the 34 provinces, in any accent or case, and stores the official name', async () => {
      expect(PROVINCES.length).toBe(34);
      for (const [typed, official] of [
        ['ha noi', 'Hà Nội'],
        ['TP. Hồ Chí Minh', 'Hồ Chí Minh'],
        ['Thành phố Huế', 'Huế'],
        ['tỉnh thanh hoá', 'Thanh Hóa'],
        ['DAK LAK', 'Đắk Lắk'],
        ['Khánh Hoà', 'Khánh Hòa'],
      ]) {
        const c = await create({ type: 'individual', name: `Tỉnh ${typed}`, province: typed });
        expect(c.province, typed).toBe(official);
      }
      const res = await post({ type: 'individual', name: 'Mọi tỉnh', province: PROVINCES[33] });
      expect(res.json().province).toBe('An Giang');
    });

    it('accepts a 12-digit personal tax code for an individual and the phone forms people type', async () => {
      const c = await create({
        type: 'individual',
        name: 'Cá nhân có MST',
        tax_code: '001 203 012 345',
        phone: '+84 386.123.456',
      });
      expect(c).toMatchObject({ tax_code: '001203012345', phone: '0386123456' });
      const landline = await create({ type: 'organization', name: 'Cố định', phone: '028-3829-1234' });
      expect(landline.phone).toBe('02838291234');
    });

    it('refuses a tax code another customer holds, naming that customer', async () => {
      const res = await post({ type: 'organization', name: 'Trùng MST', tax_code: '0101 234 567' });
      expect(expectError(res, 422, 'VALIDATION_FAILED', 'tax_code').message).toBe(
        `Mã số thuế đã được dùng cho khách hàng ${people.xanh!.code}.`,
      );
      // A branch of the same company has its own code.
      const branch = await create({ type: 'organization', name: 'Chi nhánh Xanh', tax_code: '0101234567-002' });
      expect(branch.tax_code).toBe('0101234567-002');
    });

    it('stores empty optional fields as null and ignores fields the caller may not set', async () => {
      const res = await post({
        type: 'individual',
        name: 'Gán Lén',
        tax_code: '',
        phone: ' ',
        email: '',
        province: '',
        notes: '',
        source: 'public',
        code: 'KH9999',
        created_by: 999,
        version: 42,
        id: 777777,
        search_text: 'hack',
        requests_count: 50,
      });
      expect(res.statusCode, res.body).toBe(201);
      const c = res.json() as Customer;
      expect(c).toMatchObject({ tax_code: null, phone: null, email: null, province: null, notes: null, contacts: [] });
      expect(c).toMatchObject({ source: 'staff', version: 1, requests_count: 0 });
      expect(c.code).not.toBe('KH9999');
      expect(c.id).not.toBe(777777);
      expect(c.created_by).not.toBe(999);
      expectNoSecrets(res);
    });
  });

  describe('list', () => {
    it('answers { data, meta } and pages, newest first by default', async () => {
      const all = (await list('per_page=all')).json();
      expect(all.data.length).toBe(all.meta.total);
      const res = await list('per_page=2&page=2');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({
        current_page: 2,
        per_page: 2,
        total: all.meta.total,
        last_page: Math.ceil(all.meta.total / 2),
      });
      const dates = all.data.map((c: Customer) => c.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(res.json().data).toEqual(all.data.slice(2, 4));
      expect((await list('per_page=1000')).json().meta.per_page).toBe(100);
      expectNoSecrets(res);
    });

    it('sorts by an allowed column both ways and refuses others', async () => {
      const codes = (await list('sort=code&per_page=all')).json().data.map((c: Customer) => c.code);
      expect(codes.slice(0, 2)).toEqual(['KH0001', 'KH0002']);
      expect(codes).toEqual([...codes].sort());
      const desc = (await list('sort=-code&per_page=all')).json().data.map((c: Customer) => c.code);
      expect(desc).toEqual([...codes].reverse());
      const byName = names(await list('sort=name&search=cong%20ty'));
      expect(byName.length).toBeGreaterThan(1);
      expect(names(await list('sort=-name&search=cong%20ty'))).toEqual([...byName].reverse());
      for (const bad of ['tax_code', 'search_text', '-phone', 'notes']) {
        expectError(await list(`sort=${bad}`), 422, 'VALIDATION_FAILED', 'sort');
      }
    });

    it('searches without accents, case or đ, across name, code, tax code, phone, e-mail and representative', async () => {
      expect(names(await list('search=moi%20truong%20xanh'))).toEqual(['Công ty TNHH Môi trường Xanh']);
      expect(names(await list(`search=${encodeURIComponent('MÔI TRƯỜNG XANH')}`))).toEqual(['Công ty TNHH Môi trường Xanh']);
      expect(names(await list('search=song%20da'))).toEqual(['Nhà máy nước Sông Đà']);
      expect(names(await list('search=nguyen%20van%20dat'))).toEqual(['Công ty TNHH Môi trường Xanh']);
      expect(names(await list('search=kh0003'))).toEqual(['Trần Thị Lan']);
      expect(names(await list('search=5400123456'))).toEqual(['Nhà máy nước Sông Đà']);
      expect(names(await list('search=5400123456-001'))).toEqual(['Nhà máy nước Sông Đà']);
      expect(names(await list('search=moitruongxanh.vn'))).toEqual(['Công ty TNHH Môi trường Xanh']);
      expect(names(await list('search=binh%40gmail'))).toEqual(['Lê Bình 100%']);
      // Phones as people type them.
      expect(names(await list('search=0987654321'))).toEqual(['Trần Thị Lan']);
      expect(names(await list(`search=${encodeURIComponent('+84 987 654 321')}`))).toEqual(['Trần Thị Lan']);
      expect(names(await list(`search=${encodeURIComponent('024 3826 1234')}`))).toEqual(['Công ty TNHH Môi trường Xanh']);
      expect(names(await list('search=khong%20co%20ai'))).toEqual([]);
    });

    it('treats % and _ typed in the search literally', async () => {
      expect(names(await list('search=100%25'))).toEqual(['Lê Bình 100%']);
      expect(names(await list('search=dung_q'))).toEqual(['Khu công nghiệp Dung_Quất']);
      // A one-letter word rides with its neighbour ("dung q"), and "_" is not a space; long words go in any order.
      expect(names(await list('search=dung%20q'))).toEqual([]);
      expect(names(await list('search=quat%20dung'))).toEqual(['Khu công nghiệp Dung_Quất']);
    });

    it('filters by type, source and province (one or several, any spelling)', async () => {
      const individuals = (await list('type=individual&per_page=all')).json();
      expect(individuals.data.every((c: Customer) => c.type === 'individual')).toBe(true);
      const organizations = (await list('type=organization&per_page=all')).json();
      const everyone = (await list('per_page=all')).json();
      expect(individuals.meta.total + organizations.meta.total).toBe(everyone.meta.total);
      expect((await list('type=individual,organization')).json().meta.total).toBe(everyone.meta.total);
      expect(names(await list('province=Ph%C3%BA%20Th%E1%BB%8D'))).toEqual(['Nhà máy nước Sông Đà']);
      expect(names(await list('province=phu%20tho'))).toEqual(['Nhà máy nước Sông Đà']);
      expect(names(await list('province=Qu%E1%BA%A3ng%20Ng%C3%A3i,phu%20tho&sort=name'))).toEqual([
        'Khu công nghiệp Dung_Quất',
        'Nhà máy nước Sông Đà',
      ]);
      const hcm = (await list('type=individual&province=ho%20chi%20minh')).json().data as Customer[];
      expect(hcm.map((c) => c.name)).toContain('Trần Thị Lan');
      for (const c of hcm) expect([c.type, c.province]).toEqual(['individual', 'Hồ Chí Minh']);
      expect(hcm.map((c) => c.name)).not.toContain('Công ty TNHH Môi trường Xanh');
      expect((await list('source=staff')).json().meta.total).toBe(everyone.meta.total);
      expect((await list('source=public')).json().meta.total).toBe(0);
    });

    it('refuses a bad filter value with 422', async () => {
      expectError(await list('type=company'), 422, 'VALIDATION_FAILED', 'type.0');
      expectError(await list('source=staff,web'), 422, 'VALIDATION_FAILED', 'source.1');
      const province = expectError(await list('province=H%C3%A0%20T%C3%A2y'), 422, 'VALIDATION_FAILED', 'province.0');
      expect(province.message).toBe('Tỉnh/thành phố không có trong danh sách 34 tỉnh, thành phố');
      expectError(await list('page=0'), 422, 'VALIDATION_FAILED', 'page');
    });
  });

  describe('show', () => {
    it('answers the customer with its request count and attachments; 404 for a missing id; 422 for a bad one', async () => {
      const res = await t.call({ method: 'GET', url: `/api/customers/${people.xanh!.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: people.xanh!.id, code: 'KH0001', requests_count: 0, attachments: [] });
      expectNoSecrets(res);
      const missing = expectError(
        await t.call({ method: 'GET', url: '/api/customers/999999', token: t.adminToken }),
        404,
        'NOT_FOUND',
      );
      expect(missing.message).toBe('Không tìm thấy khách hàng.');
      expectError(
        await t.call({ method: 'GET', url: '/api/customers/abc', token: t.adminToken }),
        422,
        'VALIDATION_FAILED',
        'id',
      );
    });
  });

  describe('update', () => {
    let c: Customer;
    beforeAll(async () => {
      c = await create({ type: 'individual', name: 'Sửa Đổi', phone: '0933111222' });
    });

    it('updates the fields, bumps the version and the search', async () => {
      const before = await get(c.id);
      const res = await put(c.id, {
        ...editable(before),
        type: 'organization',
        name: 'Công ty Sửa Đổi Mới',
        tax_code: '0312345678',
        province: 'can tho',
        contacts: [{ name: 'Đỗ Minh Khoa', phone: '0911222333' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        type: 'organization',
        name: 'Công ty Sửa Đổi Mới',
        tax_code: '0312345678',
        province: 'Cần Thơ',
        contacts: [{ name: 'Đỗ Minh Khoa', title: null, phone: '0911222333', email: null }],
        version: before.version + 1,
        code: before.code,
        source: before.source,
        created_by: before.created_by,
      });
      expect(names(await list('search=sua%20doi%20moi'))).toEqual(['Công ty Sửa Đổi Mới']);
      expect(names(await list('search=0312345678'))).toEqual(['Công ty Sửa Đổi Mới']);
      expect(names(await list('search=sua%20doi&type=individual'))).toEqual([]);
    });

    it('refuses a stale version with 409 CONFLICT and keeps the other edit', async () => {
      const before = await get(c.id);
      const first = await put(c.id, { ...editable(before), notes: 'Bản thứ nhất' });
      expect(first.statusCode).toBe(200);
      const second = await put(c.id, { ...editable(before), notes: 'Bản thứ hai' });
      expect(looksVietnamese(expectError(second, 409, 'CONFLICT').message)).toBe(true);
      const after = await get(c.id);
      expect(after.notes).toBe('Bản thứ nhất');
      expect(after.version).toBe(before.version + 1);
    });

    it('refuses an update without version (422), of a missing customer (404), with another’s tax code (422)', async () => {
      const before = await get(c.id);
      const { version: _v, ...noVersion } = editable(before);
      expectError(await put(c.id, noVersion), 422, 'VALIDATION_FAILED', 'version');
      expectError(await put(999999, editable(before)), 404, 'NOT_FOUND');
      expectError(await put(c.id, { ...editable(before), tax_code: '0101234567' }), 422, 'VALIDATION_FAILED', 'tax_code');
      // Keeping one's own tax code is fine.
      expect((await put(c.id, editable(before))).statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    it('deletes a customer (204) and its attachments’ files; then 404', async () => {
      const staff = await t.userWith(['customer.create', 'customer.edit']);
      const up = await t.call({
        method: 'POST',
        url: '/api/documents',
        token: staff.token,
        ...multipart([{ name: 'files[]', filename: 'hop-dong.pdf', data: SAMPLES.pdf }]),
      });
      expect(up.statusCode, up.body).toBe(201);
      const doc = up.json().data[0];
      const c = await create({ type: 'individual', name: 'Xóa Tôi', attachment_ids: [doc.id] }, staff.token);
      expect(c.attachments?.map((d) => d.id)).toEqual([doc.id]);
      const row = await t.database.db
        .selectFrom('documents')
        .select('storage_key')
        .where('id', '=', doc.id)
        .executeTakeFirstOrThrow();
      const file = path.join(t.config.dataDir, 'uploads', ...row.storage_key.split('/'));
      expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toContain(file);
      const res = await t.call({ method: 'DELETE', url: `/api/customers/${c.id}`, token: staff.token });
      expect(res.statusCode).toBe(204);
      expectError(await t.call({ method: 'GET', url: `/api/customers/${c.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
      expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).not.toContain(file);
      expect(
        await t.database.db.selectFrom('documents').select('id').where('id', '=', doc.id).executeTakeFirst(),
      ).toBeUndefined();
      expectError(await t.call({ method: 'DELETE', url: `/api/customers/${c.id}`, token: staff.token }), 404, 'NOT_FOUND');
    });

    it('refuses while requests reference the customer (409), naming how many', async () => {
      const c = await create({ type: 'organization', name: 'Có Yêu Cầu' });
      await addRequest(c.id, 'Quan trắc khí thải');
      const res = await t.call({ method: 'DELETE', url: `/api/customers/${c.id}`, token: t.adminToken });
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toBe(`Không thể xóa khách hàng ${c.code} vì đang có 1 yêu cầu liên quan.`);
      expect((await get(c.id)).id).toBe(c.id);
    });
  });

  describe('requests of a customer', () => {
    let c: Customer;
    const made: { id: number; code: string }[] = [];
    beforeAll(async () => {
      c = await create({ type: 'organization', name: 'Nhiều Yêu Cầu' });
      const other = await create({ type: 'organization', name: 'Khách Khác' });
      for (let i = 0; i < 5; i++) {
        made.push(await addRequest(c.id, `Yêu cầu số ${i}`, i === 0 ? 'completed' : 'new', `2026-11-0${i + 1}T08:00:00.000Z`));
      }
      await addRequest(other.id, 'Của khách khác');
    });

    it('lists the customer’s requests, newest first, paged', async () => {
      const res = await t.call({ method: 'GET', url: `/api/customers/${c.id}/requests?per_page=2`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
      expect(body.data).toEqual([
        { id: made[4]!.id, code: made[4]!.code, title: 'Yêu cầu số 4', status: 'new', created_at: '2026-11-05T08:00:00.000Z' },
        { id: made[3]!.id, code: made[3]!.code, title: 'Yêu cầu số 3', status: 'new', created_at: '2026-11-04T08:00:00.000Z' },
      ]);
      const oldest = await t.call({
        method: 'GET',
        url: `/api/customers/${c.id}/requests?sort=created_at&per_page=1`,
        token: t.adminToken,
      });
      expect(oldest.json().data[0]).toMatchObject({ title: 'Yêu cầu số 0', status: 'completed' });
      expect((await get(c.id)).requests_count).toBe(5);
    });

    it('refuses other sorts (422) and answers 404 for a missing customer', async () => {
      const bad = await t.call({ method: 'GET', url: `/api/customers/${c.id}/requests?sort=title`, token: t.adminToken });
      expectError(bad, 422, 'VALIDATION_FAILED', 'sort');
      expectError(await t.call({ method: 'GET', url: '/api/customers/999999/requests', token: t.adminToken }), 404, 'NOT_FOUND');
    });

    it('is open to the show or the edit key, not to index alone', async () => {
      for (const keys of [['customer.show'], ['customer.edit']] as const) {
        const u = await t.userWith(keys);
        const res = await t.call({ method: 'GET', url: `/api/customers/${c.id}/requests`, token: u.token });
        expect(res.statusCode).toBe(200);
        expect(res.json().meta.total).toBe(5);
      }
      const indexOnly = await t.userWith(['customer.index']);
      expectError(
        await t.call({ method: 'GET', url: `/api/customers/${c.id}/requests`, token: indexOnly.token }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('export', () => {
    it('writes the whole filtered list, in the list’s order, across batches', async () => {
      // 1 250 extra customers: more than one export batch (1 000), straight into the table for speed.
      const now = Date.now();
      const rows = Array.from({ length: 1250 }, (_, i) => {
        const at = new Date(now - (i + 1) * 1000).toISOString();
        return {
          code: `XK${String(i).padStart(5, '0')}`,
          type: 'individual',
          name: `Khách xuất ${String(i).padStart(4, '0')}`,
          phone: null,
          contacts: '[]',
          source: i % 2 === 0 ? 'public' : 'staff',
          search_text: `xk${String(i).padStart(5, '0')} khach xuat ${String(i).padStart(4, '0')}`,
          // Same time for pairs, so the keyset has ties to break on the id.
          created_at: i % 2 === 0 ? at : new Date(now - i * 1000).toISOString(),
          updated_at: at,
          created_by: null,
        };
      });
      for (let i = 0; i < rows.length; i += 100) {
        await t.database.db
          .insertInto('customers')
          .values(rows.slice(i, i + 100))
          .execute();
      }
      const res = await t.call({
        method: 'GET',
        url: '/api/customers?search=khach%20xuat&per_page=5',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const sheet = await expectXlsx(res, 'khach-hang');
      expect(sheet[0]).toEqual([
        'Mã KH',
        'Loại',
        'Tên khách hàng',
        'Mã số thuế',
        'Người đại diện',
        'Chức vụ',
        'Điện thoại',
        'Email',
        'Địa chỉ',
        'Tỉnh/Thành phố',
        'Người liên hệ',
        'Nguồn',
        'Ghi chú',
        'Ngày tạo',
      ]);
      expect(sheet.length - 1).toBe(1250);
      // Same order as the list (newest first, ties by id), and no row twice.
      const listed = [];
      for (let page = 1; page <= 10; page++) {
        listed.push(...(await list(`search=khach%20xuat&per_page=100&page=${page}`)).json().data.map((c: Customer) => c.code));
      }
      expect(sheet.slice(1, 1001).map((r) => r[0])).toEqual(listed);
      expect(new Set(listed).size).toBe(1000);
      expect(new Set(sheet.slice(1).map((r) => r[0])).size).toBe(1250);
      // The list stops at the search's bound (decision 41.10): past it, an empty page; the export still has every row.
      const past = (await list('search=khach%20xuat&per_page=100&page=11')).json();
      expect(past.data).toEqual([]);
      expect(past.meta).toEqual({ current_page: 11, per_page: 100, total: 1000, last_page: 10, total_capped: true });

      const byCode = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/customers?search=khach%20xuat&sort=-code&source=public',
          token: t.adminToken,
          headers: { 'x-export': 'xlsx' },
        }),
        'khach-hang',
      );
      expect(byCode.length - 1).toBe(625);
      const codes = byCode.slice(1).map((r) => String(r[0]));
      expect(codes).toEqual([...codes].sort().reverse());
      expect(byCode[1]?.[11]).toBe('Trang công khai');
    });

    it('writes each column in Vietnamese and never writes user text as a formula', async () => {
      const c = await create({
        type: 'organization',
        name: '=HYPERLINK("http://evil.example","Nhấn vào")',
        tax_code: '0109876543',
        representative: '+Đại diện',
        representative_title: '-Giám đốc',
        phone: '0977 888 999',
        email: 'xuat@excel.vn',
        street: '@Số 1 Phố Huế',
        ward: 'Phường Hai Bà Trưng',
        province: 'Hà Nội',
        contacts: [{ name: 'Đinh Công Tráng', title: 'Trưởng phòng', phone: '0911000111' }],
        notes: '=1+1 ghi chú',
      });
      const res = await t.call({
        method: 'GET',
        url: '/api/customers?search=xuat%40excel.vn',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const sheet = await expectXlsx(res, 'khach-hang');
      expect(sheet.length).toBe(2);
      // The creation day in Vietnam time, as a real date cell.
      const [day, month, year] = formatDate(c.created_at).split('/').map(Number);
      const created = new Date(Date.UTC(year!, month! - 1, day!));
      expect(sheet[1]).toEqual([
        c.code,
        'Tổ chức',
        `'=HYPERLINK("http://evil.example","Nhấn vào")`,
        '0109876543',
        "'+Đại diện",
        "'-Giám đốc",
        '0977888999',
        'xuat@excel.vn',
        "'@Số 1 Phố Huế, Phường Hai Bà Trưng",
        'Hà Nội',
        'Đinh Công Tráng (Trưởng phòng) 0911000111',
        'Nhân viên tạo',
        "'=1+1 ghi chú",
        created,
      ]);
    });

    it('refuses a bad sort or filter with 422, and needs customer.index', async () => {
      const bad = await t.call({
        method: 'GET',
        url: '/api/customers?sort=phone',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      expectError(bad, 422, 'VALIDATION_FAILED', 'sort');
      const badType = await t.call({
        method: 'GET',
        url: '/api/customers?type=x',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      expectError(badType, 422, 'VALIDATION_FAILED', 'type.0');
      const viewer = await t.userWith(['customer.show']);
      expectError(
        await t.call({ method: 'GET', url: '/api/customers', token: viewer.token, headers: { 'x-export': 'xlsx' } }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('access', () => {
    it('answers 401 without a token on every call', async () => {
      const id = people.xanh!.id;
      for (const [method, url] of [
        ['GET', '/api/customers'],
        ['POST', '/api/customers'],
        ['GET', `/api/customers/${id}`],
        ['GET', `/api/customers/${id}/requests`],
        ['PUT', `/api/customers/${id}`],
        ['DELETE', `/api/customers/${id}`],
      ] as const) {
        const res = await t.call({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' });
      }
    });

    it('each call needs its customer.* key (403 otherwise), the singular key of the seed', async () => {
      const id = people.song!.id;
      const current = await get(id);
      const calls = {
        index: () => ({ method: 'GET' as const, url: '/api/customers' }),
        create: () => ({ method: 'POST' as const, url: '/api/customers', payload: { type: 'individual', name: 'Quyền tạo' } }),
        show: () => ({ method: 'GET' as const, url: `/api/customers/${id}` }),
        edit: () => ({ method: 'PUT' as const, url: `/api/customers/${id}`, payload: editable(current) }),
      };
      const none = await t.userWith(['users.index', 'requests.index', 'requests.show']);
      for (const call of Object.values(calls)) expectError(await t.call({ ...call(), token: none.token }), 403, 'FORBIDDEN');
      const indexer = await t.userWith(['customer.index']);
      expect((await t.call({ ...calls.index(), token: indexer.token })).statusCode).toBe(200);
      expectError(await t.call({ ...calls.show(), token: indexer.token }), 403, 'FORBIDDEN');
      expectError(await t.call({ ...calls.create(), token: indexer.token }), 403, 'FORBIDDEN');
      const creator = await t.userWith(['customer.create']);
      expect((await t.call({ ...calls.create(), token: creator.token })).statusCode).toBe(201);
      const viewer = await t.userWith(['customer.show']);
      expect((await t.call({ ...calls.show(), token: viewer.token })).statusCode).toBe(200);
      expectError(await t.call({ ...calls.edit(), token: viewer.token }), 403, 'FORBIDDEN');
      expectError(await t.call({ method: 'DELETE', url: `/api/customers/${id}`, token: viewer.token }), 403, 'FORBIDDEN');
      const editor = await t.userWith(['customer.edit']);
      // An editor opens what they edit.
      expect((await t.call({ ...calls.show(), token: editor.token })).statusCode).toBe(200);
      expect((await t.call({ ...calls.edit(), token: editor.token })).statusCode).toBe(200);
      expect((await get(id)).version).toBe(current.version + 1);
    });
  });

  describe('history', () => {
    it('records create, update and delete in the audit log, readable with customer.show or customer.edit', async () => {
      const author = await t.userWith(['customer.create', 'customer.edit']);
      const c = await create({ type: 'individual', name: 'Lịch Sử', phone: '0945000111' }, author.token);
      const before = await get(c.id);
      expect((await put(c.id, { ...editable(before), name: 'Lịch Sử Mới' }, author.token)).statusCode).toBe(200);
      const entries = await auditOf(t, 'customers', c.id);
      expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
      expect(entries[0]?.changes).toEqual({ name: ['Lịch Sử', 'Lịch Sử Mới'] });
      expect(entries[0]?.user?.id).toBe(author.id);
      expect(entries[1]?.changes).toMatchObject({ name: [null, 'Lịch Sử'], phone: [null, '0945000111'], code: [null, c.code] });
      for (const keys of [['customer.show'], ['customer.edit']] as const) {
        const u = await t.userWith(keys);
        const res = await t.call({ method: 'GET', url: `/api/audit-logs?entity=customers&entity_id=${c.id}`, token: u.token });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().meta.total).toBe(2);
      }
      const indexOnly = await t.userWith(['customer.index', 'users.show']);
      expectError(
        await t.call({ method: 'GET', url: `/api/audit-logs?entity=customers&entity_id=${c.id}`, token: indexOnly.token }),
        403,
        'FORBIDDEN',
      );
      expect((await t.call({ method: 'DELETE', url: `/api/customers/${c.id}`, token: author.token })).statusCode).toBe(204);
      const after = await auditOf(t, 'customers', c.id);
      expect(after[0]).toMatchObject({ action: 'delete', user: { id: author.id } });
      expect(after[0]?.changes).toMatchObject({ name: ['Lịch Sử Mới', null] });
    });
  });

  describe('findOrCreateFromRequester (for the requests module)', () => {
    let service: CustomersService;
    const actor = (id: number): Actor => ({
      id,
      name: 'Nhân viên',
      roleId: 0,
      roleCode: 'staff',
      departmentId: null,
      permissions: [],
      tokenId: 0,
      ip: '127.0.0.1',
      userAgent: 'vitest',
    });
    beforeAll(() => {
      service = new CustomersService(
        t.database.db,
        new DocumentsService(t.database.db, new LocalStorage(path.join(t.config.dataDir, 'uploads'))),
        new ListCache(t.database.db, 0),
      );
    });

    it('matches an existing customer by the normalised phone, whatever its spelling', async () => {
      const found = await t.database.db
        .transaction()
        .execute((trx) => service.findOrCreateFromRequester(trx, { name: 'Ai đó', phone: '+84 987.654.321' }, null));
      expect(found.created).toBe(false);
      expect(found.customer).toMatchObject({ id: people.lan!.id, name: 'Trần Thị Lan' });
    });

    it('creates an organisation from a visitor’s details, with the writer as its contact and source public', async () => {
      const before = (await list('per_page=1')).json().meta.total;
      const made = await t.database.db.transaction().execute((trx) =>
        service.findOrCreateFromRequester(
          trx,
          {
            name: 'Hoàng Văn Nam',
            phone: '0356 789 012',
            email: 'Nam.Hoang@NhaMay.vn',
            organization: 'Nhà máy Giấy Bãi Bằng',
            address: 'Thị trấn Phong Châu, Phú Thọ',
          },
          null,
        ),
      );
      expect(made.created).toBe(true);
      expect(made.customer).toMatchObject({
        type: 'organization',
        name: 'Nhà máy Giấy Bãi Bằng',
        phone: '0356789012',
        email: 'nam.hoang@nhamay.vn',
        street: 'Thị trấn Phong Châu, Phú Thọ',
        contacts: [{ name: 'Hoàng Văn Nam', title: null, phone: '0356789012', email: 'nam.hoang@nhamay.vn' }],
        source: 'public',
        created_by: null,
      });
      expect(made.customer.code).toMatch(/^KH\d{4}$/);
      expect((await list('per_page=1')).json().meta.total).toBe(before + 1);
      expect(names(await list('search=bai%20bang&source=public'))).toEqual(['Nhà máy Giấy Bãi Bằng']);
      const history = await auditOf(t, 'customers', made.customer.id);
      expect(history.map((e) => [e.action, e.user])).toEqual([['create', null]]);
      // The same visitor again: the same customer.
      const again = await t.database.db
        .transaction()
        .execute((trx) => service.findOrCreateFromRequester(trx, { name: 'Nam', phone: '84356789012' }, null));
      expect(again).toMatchObject({ created: false, customer: { id: made.customer.id } });
    });

    it('creates an individual with source staff when staff enter the request, and rolls back with its transaction', async () => {
      const staff = await t.userWith(['requests.create']);
      const made = await t.database.db
        .transaction()
        .execute((trx) =>
          service.findOrCreateFromRequester(trx, { name: 'Bùi Thị Thu', phone: '0708 123 456' }, actor(staff.id)),
        );
      expect(made.customer).toMatchObject({
        type: 'individual',
        name: 'Bùi Thị Thu',
        phone: '0708123456',
        source: 'staff',
        created_by: staff.id,
        contacts: [],
      });
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await service.findOrCreateFromRequester(trx, { name: 'Hủy Bỏ', phone: '0799000111' }, null);
          throw new Error('the request failed');
        }),
      ).rejects.toThrow('the request failed');
      expect(names(await list('search=0799000111'))).toEqual([]);
    });
  });
});
