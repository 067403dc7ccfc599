import path from 'node:path';
import { PERMISSION_KEYS } from '@qlcv/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectNoSecrets, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { filesUnder, multipart, PNG, REFUSED, SAMPLES } from '../../test/multipart';

interface Settings {
  name: string;
  short_name: string | null;
  tax_code: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  legal_representative: string | null;
  legal_representative_title: string | null;
  bank_account_number: string | null;
  bank_name: string | null;
  working_days: number[];
  saturday_half: boolean;
  logo: { document_id: number; original_name: string; mime: string; size: number; url: string } | null;
  version: number;
  updated_at: string;
}

interface Day {
  date: string;
  name: string;
  kind: 'holiday' | 'compensatory_off' | 'compensatory_work';
}

interface HolidayYear {
  year: number;
  version: number;
  saved: boolean;
  days: Day[];
  updated_at: string | null;
}

const COMPANY = {
  name: 'Công ty TNHH Quan trắc & Kỹ thuật Môi trường Hà Nội',
  short_name: 'QTKT Hà Nội',
  tax_code: '0101234567',
  address: 'Số 18 ngõ 82 Duy Tân, phường Cầu Giấy, Hà Nội',
  phone: '024 3795 1234',
  email: 'LienHe@QuanTrac.vn',
  website: 'quantrac.vn',
  legal_representative: 'Nguyễn Văn Thành',
  legal_representative_title: 'Giám đốc',
  bank_account_number: '0011 0045 67890',
  bank_name: 'Ngân hàng TMCP Ngoại thương Việt Nam (Vietcombank) – Chi nhánh Thành Công',
  working_days: [1, 2, 3, 4, 5, 6],
  saturday_half: true,
};

describe('company settings', () => {
  let t: TestApp;
  let reader: { id: number; token: string };
  let editor: { id: number; token: string };
  /** Every key but settings.edit. */
  let allButSettings: { id: number; token: string };
  let uploads: string;

  const get = async (token = t.adminToken) => {
    const res = await t.call({ method: 'GET', url: '/api/settings/company', token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Settings;
  };
  const put = (payload: Record<string, unknown>, token = t.adminToken) =>
    t.call({ method: 'PUT', url: '/api/settings/company', token, payload });
  const holidays = (year: number | string, token: string | null = t.adminToken) =>
    t.call({ method: 'GET', url: `/api/settings/company/holidays?year=${year}`, token });
  const putHolidays = (payload: Record<string, unknown>, token = t.adminToken) =>
    t.call({ method: 'PUT', url: '/api/settings/company/holidays', token, payload });
  const uploadLogo = (data: Buffer, opts: { token?: string; version?: number; filename?: string; contentType?: string } = {}) => {
    const form = multipart([
      { name: 'file', filename: opts.filename ?? 'logo.png', data, contentType: opts.contentType ?? 'image/png' },
      ...(opts.version !== undefined ? [{ name: 'version', value: String(opts.version) }] : []),
    ]);
    return t.call({
      method: 'POST',
      url: '/api/settings/company/logo',
      token: opts.token ?? t.adminToken,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const stored = () => filesUnder(uploads).filter((f) => !path.relative(uploads, f).startsWith(`tmp${path.sep}`));

  beforeAll(async () => {
    t = await createTestApp();
    uploads = path.join(t.config.dataDir, 'uploads');
    reader = await t.userWith([]);
    editor = await t.userWith(['settings.edit']);
    allButSettings = await t.userWith(PERMISSION_KEYS.filter((k) => k !== 'settings.edit'));
  });
  afterAll(() => t?.close());

  describe('access', () => {
    it('answers 401 without a token on every route but the public ones', async () => {
      for (const [method, url] of [
        ['GET', '/api/settings/company'],
        ['PUT', '/api/settings/company'],
        ['POST', '/api/settings/company/logo'],
        ['DELETE', '/api/settings/company/logo'],
        ['GET', '/api/settings/company/holidays'],
        ['PUT', '/api/settings/company/holidays'],
        ['GET', '/api/settings/company/holidays/proposal'],
      ] as const) {
        const res = await t.call({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' });
      }
    });

    it('answers 403 to changes without settings.edit, even holding every other key', async () => {
      const current = await get();
      for (const token of [reader.token, allButSettings.token]) {
        expectError(await put({ ...COMPANY, version: current.version }, token), 403, 'FORBIDDEN');
        expectError(await putHolidays({ year: 2031, days: [] }, token), 403, 'FORBIDDEN');
        expectError(
          await t.call({ method: 'GET', url: '/api/settings/company/holidays/proposal?year=2031', token }),
          403,
          'FORBIDDEN',
        );
        expectError(await uploadLogo(PNG, { token }), 403, 'FORBIDDEN');
        expectError(await t.call({ method: 'DELETE', url: '/api/settings/company/logo', token }), 403, 'FORBIDDEN');
      }
      expect((await get()).version).toBe(current.version);
      // Nothing was received and kept.
      expect(stored()).toEqual([]);
    });
  });

  describe('the record', () => {
    it('exists from the start with the defaults: the default name, Monday to Saturday with Saturday morning only', async () => {
      const s = await get(reader.token);
      expect(s).toMatchObject({
        name: 'Công ty Quan trắc & Kỹ thuật',
        short_name: null,
        tax_code: null,
        working_days: [1, 2, 3, 4, 5, 6],
        saturday_half: true,
        logo: null,
        version: 1,
      });
    });

    it('saves every field, normalised (tax code, phone, e-mail, website), raises the version and writes the audit log', async () => {
      const before = await get();
      const res = await put({ ...COMPANY, tax_code: '0101234567001', version: before.version }, editor.token);
      expect(res.statusCode, res.body).toBe(200);
      expectNoSecrets(res);
      const s = res.json() as Settings;
      expect(s).toMatchObject({
        name: COMPANY.name,
        short_name: 'QTKT Hà Nội',
        tax_code: '0101234567-001',
        phone: '02437951234',
        email: 'lienhe@quantrac.vn',
        website: 'https://quantrac.vn',
        legal_representative: 'Nguyễn Văn Thành',
        legal_representative_title: 'Giám đốc',
        bank_account_number: '0011 0045 67890',
        bank_name: COMPANY.bank_name,
        working_days: [1, 2, 3, 4, 5, 6],
        saturday_half: true,
        version: before.version + 1,
      });
      expect(await get(reader.token)).toEqual(s);

      const audit = await auditOf(t, 'company_settings', 1);
      expect(audit[0]?.action).toBe('update');
      expect(audit[0]?.user?.id).toBe(editor.id);
      expect(audit[0]?.changes?.name).toEqual(['Công ty Quan trắc & Kỹ thuật', COMPANY.name]);
      expect(audit[0]?.changes?.tax_code).toEqual([null, '0101234567-001']);
      expect(audit[0]?.changes).not.toHaveProperty('version');
    });

    it('clears optional fields sent empty, and an unchanged save writes no audit entry', async () => {
      const s = await get();
      const res = await put({ ...COMPANY, short_name: '', website: '  ', version: s.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ short_name: null, website: null });
      const after = res.json() as Settings;
      const entries = (await auditOf(t, 'company_settings', 1)).length;
      const again = await put({ ...COMPANY, short_name: null, website: null, version: after.version });
      expect(again.statusCode).toBe(200);
      expect((await auditOf(t, 'company_settings', 1)).length).toBe(entries);
    });

    it.each([
      ['a 9-digit tax code', { tax_code: '010123456' }, 'tax_code'],
      ['a 12-digit (personal) tax code', { tax_code: '001085012345' }, 'tax_code'],
      ['letters in the tax code', { tax_code: '01012345AB' }, 'tax_code'],
      ['no working day', { working_days: [] }, 'working_days'],
      ['a weekday 0', { working_days: [0, 1, 2] }, 'working_days.0'],
      ['a weekday 8', { working_days: [1, 8] }, 'working_days.1'],
      ['a weekday twice', { working_days: [1, 1, 2] }, 'working_days'],
      ['weekdays as text', { working_days: 'T2-T6' }, 'working_days'],
      ['half Saturday without Saturday', { working_days: [1, 2, 3, 4, 5], saturday_half: true }, 'saturday_half'],
      ['no name', { name: '   ' }, 'name'],
      ['a NUL in the name', { name: 'Công ty\u0000 A' }, 'name'],
      ['an escape in the address', { address: 'Số 1\u001b[31m Hà Nội' }, 'address'],
      ['a control char in the bank name', { bank_name: 'Vietcombank\u0007' }, 'bank_name'],
      ['a bad e-mail', { email: 'lienhe@' }, 'email'],
      ['a bad phone', { phone: '12345' }, 'phone'],
      ['a script website', { website: 'javascript:alert(1)' }, 'website'],
      ['a bank account with letters', { bank_account_number: 'VCB-12345' }, 'bank_account_number'],
      ['no version', { version: undefined }, 'version'],
    ])('refuses %s with 422', async (_label, change, field) => {
      const s = await get();
      const res = await put({ ...COMPANY, version: s.version, ...change });
      const body = expectError(res, 422, 'VALIDATION_FAILED', field);
      expect(looksVietnamese(body.message)).toBe(true);
      expect((await get()).version).toBe(s.version);
    });

    it('answers 409 to a stale version, and the other edit survives', async () => {
      const s = await get();
      const first = await put({ ...COMPANY, short_name: 'Bản của người thứ nhất', version: s.version });
      expect(first.statusCode).toBe(200);
      const second = await put({ ...COMPANY, short_name: 'Bản của người thứ hai', version: s.version }, editor.token);
      const body = expectError(second, 409, 'CONFLICT');
      expect(looksVietnamese(body.message)).toBe(true);
      expect((await get()).short_name).toBe('Bản của người thứ nhất');
    });
  });

  describe('the logo', () => {
    it('is uploaded (a PNG), served publicly without a token, shown on the public company info, audited', async () => {
      const s = await get();
      const res = await uploadLogo(PNG, { token: editor.token, version: s.version, filename: 'Logo công ty.png' });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as Settings;
      expect(after.version).toBe(s.version + 1);
      expect(after.logo).toMatchObject({ original_name: 'Logo công ty.png', mime: 'image/png', size: PNG.length });
      expect(after.logo?.url).toBe(`/api/public/company/logo?v=${after.logo?.document_id}`);

      const file = await t.call({ method: 'GET', url: after.logo!.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);

      const info = await t.call({ method: 'GET', url: '/api/public/company' });
      expect(info.json()).toEqual({ name: COMPANY.name, short_name: after.short_name, logo_url: after.logo!.url });

      // Any signed-in user may read it as a document too.
      const doc = await t.call({ method: 'GET', url: `/api/documents/${after.logo!.document_id}/download`, token: reader.token });
      expect(doc.statusCode).toBe(200);

      const audit = await auditOf(t, 'company_settings', 1);
      expect(audit[0]?.changes?.logo).toEqual([null, 'Logo công ty.png']);
    });

    it('is replaced by a new one (JPEG, WebP): the old document and file are gone', async () => {
      const first = await get();
      const oldFiles = stored();
      expect(oldFiles).toHaveLength(1);
      const res = await uploadLogo(SAMPLES.jpeg, { filename: 'logo.jpg', contentType: 'image/jpeg' });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as Settings;
      expect(after.logo?.mime).toBe('image/jpeg');
      expect(stored()).toHaveLength(1);
      expect(stored()).not.toEqual(oldFiles);
      const old = await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('id', '=', first.logo!.document_id)
        .executeTakeFirst();
      expect(old).toBeUndefined();
      expect((await t.call({ method: 'GET', url: first.logo!.url })).statusCode).toBe(200); // the current one, whatever `v`
      const webp = await uploadLogo(SAMPLES.webp, { filename: 'logo.webp', contentType: 'image/webp' });
      expect(webp.json().logo.mime).toBe('image/webp');
    });

    it.each([
      ['an SVG (it can carry script)', REFUSED.svg, 'logo.svg', 'image/svg+xml'],
      ['a PDF', SAMPLES.pdf, 'logo.pdf', 'application/pdf'],
      ['a GIF', SAMPLES.gif, 'logo.gif', 'image/gif'],
      ['HTML named as a PNG', REFUSED.html, 'logo.png', 'image/png'],
    ])('refuses %s with 422, keeping the current logo and no new file', async (_label, data, filename, contentType) => {
      const s = await get();
      const files = stored();
      const res = await uploadLogo(data, { filename, contentType });
      expectError(res, 422, 'VALIDATION_FAILED', 'file');
      expect(await get()).toEqual(s);
      expect(stored()).toEqual(files);
    });

    it('refuses a request with no file (422) or two files (413)', async () => {
      const none = multipart([{ name: 'version', value: '1' }]);
      expectError(
        await t.call({
          method: 'POST',
          url: '/api/settings/company/logo',
          token: t.adminToken,
          payload: none.payload,
          headers: none.headers,
        }),
        422,
        'VALIDATION_FAILED',
        'file',
      );
      const two = multipart([
        { name: 'file', filename: 'a.png', data: PNG, contentType: 'image/png' },
        { name: 'file2', filename: 'b.png', data: PNG, contentType: 'image/png' },
      ]);
      const res = await t.call({
        method: 'POST',
        url: '/api/settings/company/logo',
        token: t.adminToken,
        payload: two.payload,
        headers: two.headers,
      });
      expect(res.statusCode).toBe(413);
    });

    it('answers 409 to a stale version, leaving no orphan document or file', async () => {
      const s = await get();
      const files = stored();
      const count = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('documents')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const docs = await count();
      expectError(await uploadLogo(PNG, { version: s.version - 1 }), 409, 'CONFLICT');
      expect(await get()).toEqual(s);
      expect(stored()).toEqual(files);
      expect(await count()).toBe(docs);
    });

    it('is removed by DELETE (204, audited); the public address then answers 404; a second DELETE is a no-op', async () => {
      const s = await get();
      expectError(
        await t.call({ method: 'DELETE', url: `/api/settings/company/logo?version=${s.version - 1}`, token: t.adminToken }),
        409,
        'CONFLICT',
      );
      const res = await t.call({ method: 'DELETE', url: `/api/settings/company/logo?version=${s.version}`, token: editor.token });
      expect(res.statusCode, res.body).toBe(204);
      const after = await get();
      expect(after.logo).toBeNull();
      expect(after.version).toBe(s.version + 1);
      expect(stored()).toEqual([]);
      expectError(await t.call({ method: 'GET', url: s.logo!.url }), 404, 'NOT_FOUND');
      expect((await t.call({ method: 'GET', url: '/api/public/company' })).json().logo_url).toBeNull();
      const again = await t.call({ method: 'DELETE', url: '/api/settings/company/logo', token: t.adminToken });
      expect(again.statusCode).toBe(204);
      expect((await get()).version).toBe(after.version);
      expect((await auditOf(t, 'company_settings', 1))[0]?.changes?.logo).toEqual([s.logo!.original_name, null]);
    });
  });

  describe('public holidays', () => {
    it('a year never saved answers saved: false with the statutory proposal, to any signed-in user', async () => {
      const res = await holidays(2026, reader.token);
      expect(res.statusCode, res.body).toBe(200);
      const y = res.json() as HolidayYear;
      expect(y).toMatchObject({ year: 2026, version: 0, saved: false, updated_at: null });
      expect(y.days.map((d) => d.date)).toEqual([
        '2026-01-01',
        '2026-02-16',
        '2026-02-17',
        '2026-02-18',
        '2026-02-19',
        '2026-02-20',
        '2026-04-26',
        '2026-04-27',
        '2026-04-30',
        '2026-05-01',
        '2026-09-01',
        '2026-09-02',
      ]);
      expect(y.days[7]).toEqual({
        date: '2026-04-27',
        name: 'Nghỉ bù Giỗ Tổ Hùng Vương (10/3 âm lịch)',
        kind: 'compensatory_off',
      });
      // Without a year: this year.
      const current = await t.call({ method: 'GET', url: '/api/settings/company/holidays', token: reader.token });
      expect(current.json().year).toBe(Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4)));
    });

    it('proposes a year for the settings key: 2027 with Tết from 05/02 and its nghỉ bù on 10/02', async () => {
      const res = await t.call({ method: 'GET', url: '/api/settings/company/holidays/proposal?year=2027', token: editor.token });
      expect(res.statusCode, res.body).toBe(200);
      const days = res.json().days as Day[];
      expect(days.find((d) => d.date === '2027-02-05')?.name).toBe('Tết Nguyên đán (29 tháng Chạp)');
      expect(days.find((d) => d.date === '2027-04-16')?.name).toBe('Giỗ Tổ Hùng Vương (10/3 âm lịch)');
      expect(days.filter((d) => d.kind === 'compensatory_off').map((d) => d.date)).toEqual(['2027-02-10']);
    });

    it('refuses a year outside 2000–2100 or not a number (422)', async () => {
      expectError(await holidays(1999), 422, 'VALIDATION_FAILED', 'year');
      expectError(await holidays(2101), 422, 'VALIDATION_FAILED', 'year');
      expectError(await holidays('abc'), 422, 'VALIDATION_FAILED', 'year');
    });

    it('saves a year (version 0 → 1, audited as create), then edits with nghỉ bù and làm bù (→ 2, audited as update)', async () => {
      const proposal = (await holidays(2026)).json() as HolidayYear;
      const res = await putHolidays({ year: 2026, version: 0, days: proposal.days }, editor.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ year: 2026, version: 1, saved: true, days: proposal.days });

      const days: Day[] = [
        ...proposal.days,
        // A bridge day off on Friday 02/01, worked back on Saturday 10/01 (a half Saturday made a full day).
        { date: '2026-01-10', name: 'Làm bù cho ngày 02/01', kind: 'compensatory_work' },
        { date: '2026-01-02', name: 'Nghỉ bù Tết Dương lịch', kind: 'compensatory_off' },
      ];
      const edited = await putHolidays({ year: 2026, version: 1, days });
      expect(edited.statusCode, edited.body).toBe(200);
      const y = edited.json() as HolidayYear;
      expect(y.version).toBe(2);
      // Sorted by date.
      expect(y.days.slice(0, 3).map((d) => d.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-10']);
      expect((await holidays(2026, reader.token)).json()).toEqual(y);

      const audit = await auditOf(t, 'company_holidays', 2026);
      expect(audit.map((a) => a.action)).toEqual(['update', 'create']);
      expect(audit[0]?.changes).toEqual({
        '2026-01-02': [null, 'Nghỉ bù Tết Dương lịch (Nghỉ bù)'],
        '2026-01-10': [null, 'Làm bù cho ngày 02/01 (Làm bù)'],
      });
      expect(audit[1]?.changes?.['2026-02-17']).toEqual([null, 'Tết Nguyên đán (mùng 1 tháng Giêng) (Nghỉ lễ, Tết)']);
    });

    it('answers 409 to a stale version, and to a first save of a year saved meanwhile', async () => {
      const y = (await holidays(2026)).json() as HolidayYear;
      expectError(await putHolidays({ year: 2026, version: y.version - 1, days: [] }), 409, 'CONFLICT');
      expectError(await putHolidays({ year: 2026, days: [] }), 409, 'CONFLICT');
      expectError(await putHolidays({ year: 2026, version: 0, days: [] }), 409, 'CONFLICT');
      expect((await holidays(2026)).json()).toEqual(y);

      const first = await putHolidays({ year: 2032, days: [] });
      expect(first.statusCode).toBe(200);
      expectError(await putHolidays({ year: 2032, days: [] }), 409, 'CONFLICT');
      expectError(await putHolidays({ year: 2033, version: 4, days: [] }), 409, 'CONFLICT');
    });

    it.each([
      ['an invalid date', [{ date: '2026-02-30', name: 'Ngày lạ', kind: 'holiday' }], 'days.0.date'],
      ['a date as DD/MM/YYYY', [{ date: '01/05/2026', name: 'Quốc tế Lao động', kind: 'holiday' }], 'days.0.date'],
      ['a date of another year', [{ date: '2027-01-01', name: 'Tết Dương lịch', kind: 'holiday' }], 'days.0.date'],
      [
        'a date twice',
        [
          { date: '2026-09-02', name: 'Quốc khánh', kind: 'holiday' },
          { date: '2026-09-02', name: 'Quốc khánh (lặp)', kind: 'holiday' },
        ],
        'days.1.date',
      ],
      ['an unknown kind', [{ date: '2026-09-02', name: 'Quốc khánh', kind: 'weekend' }], 'days.0.kind'],
      ['no name', [{ date: '2026-09-02', name: ' ', kind: 'holiday' }], 'days.0.name'],
      ['a control char in the name', [{ date: '2026-09-02', name: 'Quốc\u0000khánh', kind: 'holiday' }], 'days.0.name'],
      [
        'a làm bù on a Monday (already a working day)',
        [{ date: '2026-10-05', name: 'Làm bù', kind: 'compensatory_work' }],
        'days.0.kind',
      ],
      ['days that are not a list', 'lễ', 'days'],
    ])('refuses %s with 422', async (_label, days, field) => {
      const y = (await holidays(2026)).json() as HolidayYear;
      const body = expectError(await putHolidays({ year: 2026, version: y.version, days }), 422, 'VALIDATION_FAILED', field);
      expect(looksVietnamese(body.message)).toBe(true);
      expect((await holidays(2026)).json()).toEqual(y);
    });

    it('follows the working week: with Saturdays off, a proposal gives 1/5/2027 (Saturday) its nghỉ bù on Monday', async () => {
      const s = await get();
      const res = await put({ ...COMPANY, working_days: [1, 2, 3, 4, 5], saturday_half: false, version: s.version });
      expect(res.statusCode, res.body).toBe(200);
      const days = (await holidays(2027)).json().days as Day[];
      expect(days.filter((d) => d.kind === 'compensatory_off').map((d) => d.date)).toEqual([
        '2027-02-10',
        '2027-02-11',
        '2027-05-03',
      ]);
      const back = await put({ ...COMPANY, version: s.version + 1 });
      expect(back.statusCode).toBe(200);
    });
  });
});
