import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { LocalStorage } from '../../lib/storage';
import { expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { type FormPart, filesUnder, multipart, PNG, REFUSED, SAMPLES } from '../../test/multipart';
import { DocumentsService } from './documents.service';

interface Doc {
  id: number;
  original_name: string;
  mime: string;
  size: number;
  checksum: string;
  is_public: boolean;
  created_at: string;
  url: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

describe('documents', () => {
  let t: TestApp;
  let uploads: string;
  let owner: { id: number; token: string };
  let stranger: { id: number; token: string };

  const upload = (parts: FormPart[], token: string | null = owner.token) =>
    t.call({ method: 'POST', url: '/api/documents', token, ...multipart(parts) });
  const uploadOne = async (filename: string, data: Buffer, token: string = owner.token): Promise<Doc> => {
    const res = await upload([{ name: 'files[]', filename, data }], token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0];
  };
  const download = (id: number, token: string | null = owner.token) =>
    t.call({ method: 'GET', url: `/api/documents/${id}/download`, token });
  const stored = () => filesUnder(uploads);

  beforeAll(async () => {
    t = await createTestApp();
    uploads = path.join(t.config.dataDir, 'uploads');
    owner = await t.userWith([]);
    stranger = await t.userWith([]);
  });
  afterAll(() => t?.close());

  describe('upload and download', () => {
    it('stores a file under a generated name and answers its record', async () => {
      const before = stored().length;
      const res = await upload([{ name: 'files[]', filename: 'ảnh hiện trường.png', data: PNG, contentType: 'image/png' }]);
      expect(res.statusCode, res.body).toBe(201);
      const [doc] = res.json().data as Doc[];
      expect(doc).toMatchObject({
        original_name: 'ảnh hiện trường.png',
        mime: 'image/png',
        size: PNG.length,
        checksum: sha256(PNG),
        is_public: false,
        url: `/api/documents/${doc!.id}/download`,
      });
      expect(Date.parse(doc!.created_at)).not.toBeNaN();
      expect(Object.keys(doc!).sort()).toEqual([
        'checksum',
        'created_at',
        'id',
        'is_public',
        'mime',
        'original_name',
        'size',
        'url',
      ]);
      const files = stored();
      expect(files.length).toBe(before + 1);
      const row = await t.database.db.selectFrom('documents').selectAll().where('id', '=', doc!.id).executeTakeFirstOrThrow();
      expect(row.storage_key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}$/);
      expect(row.uploaded_by).toBe(owner.id);
      expect(row.entity).toBeNull();
      const now = new Date();
      const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(row.storage_key.startsWith(month)).toBe(true);
      expect(files).toContain(path.join(uploads, ...row.storage_key.split('/')));
      // Nothing the user typed is part of a stored path.
      for (const f of files) expect(f).not.toMatch(/hiện|hien|\.png$/);
    });

    it('round trip: the download is byte for byte what was sent, as an attachment with nosniff', async () => {
      const data = Buffer.concat([SAMPLES.pdf, Buffer.from([0, 1, 2, 255, 254, 10, 13])]);
      const doc = await uploadOne('Báo cáo quan trắc "quý 4".pdf', data);
      const res = await download(doc.id);
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, data)).toBe(0);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-length']).toBe(String(data.length));
      const disposition = String(res.headers['content-disposition']);
      expect(disposition.startsWith('attachment;')).toBe(true);
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Báo cáo quan trắc quý 4.pdf')}`);
      expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
      expect(doc.original_name).toBe('Báo cáo quan trắc quý 4.pdf');
    });

    it('text downloads say their charset', async () => {
      const doc = await uploadOne('bien-ban.txt', SAMPLES.txt);
      const res = await download(doc.id);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(SAMPLES.txt.toString('utf8'));
    });

    it('takes several files in one call, in order, and is_public', async () => {
      const res = await upload([
        { name: 'is_public', value: '1' },
        { name: 'files[]', filename: 'a.png', data: PNG },
        { name: 'files[]', filename: 'b.txt', data: SAMPLES.txt },
        { name: 'file', filename: 'c.pdf', data: SAMPLES.pdf },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const docs = res.json().data as Doc[];
      expect(docs.map((d) => [d.original_name, d.mime, d.is_public])).toEqual([
        ['a.png', 'image/png', true],
        ['b.txt', 'text/plain', true],
        ['c.pdf', 'application/pdf', true],
      ]);
      expect(new Set(docs.map((d) => d.id)).size).toBe(3);
    });

    it('refuses a call without any file (422 on files) and a bad is_public (422)', async () => {
      const none = await t.call({ method: 'POST', url: '/api/documents', token: owner.token, payload: {} });
      expect(looksVietnamese(expectError(none, 422, 'VALIDATION_FAILED', 'files').message)).toBe(true);
      expectError(await upload([{ name: 'note', value: 'x' }]), 422, 'VALIDATION_FAILED', 'files');
      // An empty file input (no name, no bytes) is no file at all.
      expectError(await upload([{ name: 'files[]', filename: '', data: '' }]), 422, 'VALIDATION_FAILED', 'files');
      const before = stored().length;
      const bad = await upload([
        { name: 'is_public', value: 'maybe' },
        { name: 'files[]', filename: 'a.png', data: PNG },
      ]);
      expectError(bad, 422, 'VALIDATION_FAILED', 'is_public');
      await expect.poll(() => stored().length).toBe(before);
    });

    it('refuses a multipart body on a route that takes no files (415), and a malformed one (400)', async () => {
      const admin = await t.userWith(['customer.create']);
      const res = await t.call({
        method: 'POST',
        url: '/api/customers',
        token: admin.token,
        ...multipart([
          { name: 'type', value: 'individual' },
          { name: 'name', value: 'Nguyễn Văn A' },
        ]),
      });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const noBoundary = await t.call({
        method: 'POST',
        url: '/api/documents',
        token: owner.token,
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'abc',
      });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json().error_code).toBe('BAD_REQUEST');
      const cut = multipart([{ name: 'files[]', filename: 'a.png', data: PNG }]);
      const truncated = await t.call({
        method: 'POST',
        url: '/api/documents',
        token: owner.token,
        headers: cut.headers,
        payload: cut.payload.subarray(0, cut.payload.length - 30),
      });
      expect(truncated.statusCode).toBe(400);
      // The half-received file is gone once the answer is out.
      expect(filesUnder(path.join(uploads, 'tmp'))).toEqual([]);
    });
  });

  describe('type by content', () => {
    const expected: [keyof typeof SAMPLES, string, string, string][] = [
      ['pdf', 'hop-dong.pdf', 'application/pdf', 'hop-dong.pdf'],
      ['png', 'so-do.png', 'image/png', 'so-do.png'],
      ['jpeg', 'hien-truong.jpg', 'image/jpeg', 'hien-truong.jpg'],
      ['gif', 'bieu-do.gif', 'image/gif', 'bieu-do.gif'],
      ['webp', 'anh.webp', 'image/webp', 'anh.webp'],
      ['docx', 'bao-gia.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'bao-gia.docx'],
      ['xlsx', 'ket-qua.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'ket-qua.xlsx'],
      [
        'pptx',
        'thuyet-trinh.pptx',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'thuyet-trinh.pptx',
      ],
      ['doc', 'cong-van.doc', 'application/msword', 'cong-van.doc'],
      ['xls', 'so-lieu.xls', 'application/vnd.ms-excel', 'so-lieu.xls'],
      ['txt', 'ghi-chu.txt', 'text/plain', 'ghi-chu.txt'],
      ['csv', 'danh-sach.csv', 'text/csv', 'danh-sach.csv'],
    ];

    it.each(expected)('recognises %s', async (kind, name, mime, storedName) => {
      const doc = await uploadOne(name, SAMPLES[kind]);
      expect(doc.mime).toBe(mime);
      expect(doc.original_name).toBe(storedName);
      const res = await download(doc.id);
      expect(String(res.headers['content-type']).split(';')[0]).toBe(mime);
      expect(Buffer.compare(res.rawPayload, SAMPLES[kind])).toBe(0);
    });

    it('decides by the bytes, not the name or the declared type, and fixes the extension', async () => {
      const res = await upload([{ name: 'files[]', filename: 'hoa-don.pdf', data: PNG, contentType: 'application/pdf' }]);
      expect(res.json().data[0]).toMatchObject({ mime: 'image/png', original_name: 'hoa-don.png' });
      expect((await uploadOne('bang-tinh.docx', SAMPLES.xlsx)).original_name).toBe('bang-tinh.xlsx');
      expect((await uploadOne('anh.JPEG', SAMPLES.jpeg)).original_name).toBe('anh.JPEG');
      expect((await uploadOne('Báo cáo 12.5', SAMPLES.pdf)).original_name).toBe('Báo cáo 12.5.pdf');
      expect((await uploadOne('khong-duoi', SAMPLES.docx)).original_name).toBe('khong-duoi.docx');
      expect((await uploadOne('trang.html', SAMPLES.txt)).original_name).toBe('trang.txt');
      // Text is the one class whose subtype follows the name.
      expect((await uploadOne('so-lieu.csv', SAMPLES.txt)).mime).toBe('text/csv');
    });

    it.each(Object.keys(REFUSED) as (keyof typeof REFUSED)[])('refuses %s content with 422 on the file field', async (kind) => {
      const before = stored().length;
      // Names and declared types that would pass if they were trusted.
      const res = await upload([
        { name: 'files[]', filename: 'tai-lieu.pdf', data: REFUSED[kind], contentType: 'application/pdf' },
      ]);
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'files[]');
      expect(looksVietnamese(body.message)).toBe(true);
      expect(stored().length).toBe(before);
    });

    it('refuses an empty file, an html or svg named as an image, an exe named as text', async () => {
      expectError(await upload([{ name: 'f', filename: 'rong.txt', data: '' }]), 422, 'VALIDATION_FAILED', 'f');
      expectError(
        await upload([{ name: 'f', filename: 'x.png', data: REFUSED.svg, contentType: 'image/png' }]),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await upload([{ name: 'f', filename: 'x.txt', data: REFUSED.html, contentType: 'text/plain' }]),
        422,
        'VALIDATION_FAILED',
      );
      expectError(
        await upload([{ name: 'f', filename: 'x.txt', data: REFUSED.exe, contentType: 'text/plain' }]),
        422,
        'VALIDATION_FAILED',
      );
      const count = await t.database.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('original_name', 'in', ['rong.txt', 'x.png', 'x.txt'])
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });
  });

  describe('limits', () => {
    it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
      const limit = t.config.uploadMaxMb * MiB;
      expect(limit).toBe(20 * MiB);
      const exact = Buffer.alloc(limit, 0x41);
      SAMPLES.pdf.copy(exact, 0);
      const ok = await uploadOne('lon.pdf', exact);
      expect(ok.size).toBe(limit);
      const before = stored().length;
      const big = Buffer.alloc(limit + 1, 0x41);
      SAMPLES.pdf.copy(big, 0);
      const res = await upload([{ name: 'files[]', filename: 'qua-lon.pdf', data: big }]);
      const body = expectError(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(body.message).toContain('20 MB');
      expect(looksVietnamese(body.message)).toBe(true);
      expect(stored().length).toBe(before);
    });

    it('takes 10 files and refuses 11 with 413, leaving nothing', async () => {
      const ten = Array.from({ length: 10 }, (_, i) => ({ name: 'files[]', filename: `${i}.png`, data: PNG }));
      const ok = await upload(ten);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data.length).toBe(10);
      const before = stored().length;
      const res = await upload([...ten, { name: 'files[]', filename: '10.png', data: PNG }]);
      expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message).toContain('10 tệp');
      expect(stored().length).toBe(before);
    });

    it('refuses more than 50 fields with 413', async () => {
      const fields = Array.from({ length: 51 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
      const res = await upload([{ name: 'files[]', filename: 'a.png', data: PNG }, ...fields]);
      expect(looksVietnamese(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message)).toBe(true);
    });

    it('UPLOAD_MAX_MB sets the limit (default 20) and is checked at start', () => {
      expect(loadConfig({}).uploadMaxMb).toBe(20);
      expect(loadConfig({ UPLOAD_MAX_MB: '50' }).uploadMaxMb).toBe(50);
      expect(loadConfig({ UPLOAD_MAX_MB: '0.5' }).uploadMaxMb).toBe(0.5);
      for (const bad of ['0', '-1', 'abc', '5000']) {
        expect(() => loadConfig({ UPLOAD_MAX_MB: bad })).toThrow(ConfigError);
        expect(() => loadConfig({ UPLOAD_MAX_MB: bad })).toThrow(/UPLOAD_MAX_MB/);
      }
    });
  });

  describe('hostile names', () => {
    it('keeps only the last part of a path-like file name and stores under a generated key', async () => {
      const names: [string, string][] = [
        ['../../../../etc/passwd', 'passwd.txt'],
        ['..\\..\\windows\\system32\\drivers\\etc\\hosts.txt', 'hosts.txt'],
        ['/etc/shadow.txt', 'shadow.txt'],
        ['a/../../b.txt', 'b.txt'],
        ['..', 'tep-dinh-kem.txt'],
        ['.txt', 'tep-dinh-kem.txt'],
        ['ghi\u0007chú\u001b.txt', 'ghichú.txt'],
        ['<script>x</script>.txt', 'script.txt'],
        ['bad"name:*?.txt', 'badname.txt'],
        ['dòng\r\nmới.txt', 'dòngmới.txt'],
        [`${'dài'.repeat(120)}.txt`, `${'dài'.repeat(120).slice(0, 251)}.txt`],
        ['Nguye\u0302\u0303n.txt', 'Nguyễn.txt'],
      ];
      for (const [raw, expected] of names) {
        const doc = await uploadOne(raw, SAMPLES.txt);
        expect(doc.original_name, raw).toBe(expected);
        expect(doc.original_name).not.toMatch(/[/\\\p{Cc}]/u);
        expect(doc.original_name.length).toBeLessThanOrEqual(255);
      }
      // Everything landed inside uploads/, nothing beside the data directory's own files.
      for (const f of stored()) expect(path.relative(uploads, f)).toMatch(/^(\d{4}\/\d{2}\/[0-9a-f]{32})$/);
      expect(existsSync(path.join(t.config.dataDir, 'passwd'))).toBe(false);
      expect(existsSync(path.join(uploads, '..', '..', 'passwd'))).toBe(false);
    });

    it('refuses prototype-polluting field names with 422 and pollutes nothing', async () => {
      const before = stored().length;
      for (const parts of [
        [{ name: '__proto__', value: 'x' }],
        [{ name: 'constructor', value: 'x' }],
        [{ name: 'constructor[prototype][polluted]', value: 'yes' }],
        [{ name: 'a[__proto__][polluted]', value: 'yes' }],
        [{ name: 'items[0][constructor][prototype]', value: 'yes' }],
        [{ name: 'hasOwnProperty', value: 'x' }],
        [{ name: '__proto__[polluted]', filename: 'a.png', data: PNG }],
        [{ name: 'prototype', filename: 'a.png', data: PNG }],
      ] as FormPart[][]) {
        const res = await upload([{ name: 'files[]', filename: 'ok.png', data: PNG }, ...parts]);
        expect(looksVietnamese(expectError(res, 422, 'VALIDATION_FAILED').message), res.body).toBe(true);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(stored().length).toBe(before);
    });

    it('refuses huge indexes and deep nesting with 422 on the field', async () => {
      const huge = 'meta[100000]';
      expectError(
        await upload([
          { name: huge, value: '1' },
          { name: 'f', filename: 'a.png', data: PNG },
        ]),
        422,
        'VALIDATION_FAILED',
        huge,
      );
      const deep = 'a[b][c][d][e][f][g]';
      expectError(
        await upload([
          { name: deep, value: '1' },
          { name: 'f', filename: 'a.png', data: PNG },
        ]),
        422,
        'VALIDATION_FAILED',
        deep,
      );
    });
  });

  describe('access', () => {
    let mine: Doc;
    beforeAll(async () => {
      mine = await uploadOne('rieng.pdf', SAMPLES.pdf);
    });

    it('answers 401 without a token on every call', async () => {
      expectError(await upload([{ name: 'f', filename: 'a.png', data: PNG }], null), 401, 'UNAUTHENTICATED');
      expectError(await download(mine.id, null), 401, 'UNAUTHENTICATED');
      expectError(await t.call({ method: 'DELETE', url: `/api/documents/${mine.id}` }), 401, 'UNAUTHENTICATED');
      expect((await download(mine.id, null)).json().message).toBe('Unauthenticated.');
    });

    it('an unattached upload is its uploader’s alone: anyone else, even an administrator, gets 404', async () => {
      expect((await download(mine.id)).statusCode).toBe(200);
      expectError(await download(mine.id, stranger.token), 404, 'NOT_FOUND');
      expectError(await download(mine.id, t.adminToken), 404, 'NOT_FOUND');
      expectError(await t.call({ method: 'DELETE', url: `/api/documents/${mine.id}`, token: stranger.token }), 404, 'NOT_FOUND');
      expect((await download(mine.id)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown id and 422 for a bad one', async () => {
      expectError(await download(99_999_999), 404, 'NOT_FOUND');
      expectError(await download(0), 422, 'VALIDATION_FAILED', 'id');
      expectError(
        await t.call({ method: 'GET', url: '/api/documents/abc/download', token: owner.token }),
        422,
        'VALIDATION_FAILED',
        'id',
      );
    });

    describe('attached to a customer', () => {
      let staff: { id: number; token: string };
      let viewer: { id: number; token: string };
      let editor: { id: number; token: string };
      let customerId: number;
      let doc: Doc;

      beforeAll(async () => {
        staff = await t.userWith(['customer.create', 'customer.show']);
        viewer = await t.userWith(['customer.show']);
        editor = await t.userWith(['customer.edit']);
        doc = await uploadOne('giay-phep.pdf', SAMPLES.pdf, staff.token);
        const res = await t.call({
          method: 'POST',
          url: '/api/customers',
          token: staff.token,
          payload: { type: 'organization', name: 'Công ty Quan trắc Sông Hồng', attachment_ids: [doc.id] },
        });
        expect(res.statusCode, res.body).toBe(201);
        customerId = res.json().id;
        expect(res.json().attachments.map((d: Doc) => d.id)).toEqual([doc.id]);
      });

      it('whoever may open the customer downloads it; nobody else sees it', async () => {
        for (const who of [staff, viewer, editor]) {
          const res = await download(doc.id, who.token);
          expect(res.statusCode).toBe(200);
          expect(Buffer.compare(res.rawPayload, SAMPLES.pdf)).toBe(0);
        }
        expect((await download(doc.id, t.adminToken)).statusCode).toBe(200);
        const others = await t.userWith(['customer.index', 'customer.create', 'users.show']);
        expectError(await download(doc.id, others.token), 404, 'NOT_FOUND');
        expectError(await download(doc.id, stranger.token), 404, 'NOT_FOUND');
      });

      it('a reader who is not the uploader cannot delete it (403); an editor can', async () => {
        const res = await t.call({ method: 'DELETE', url: `/api/documents/${doc.id}`, token: viewer.token });
        expect(looksVietnamese(expectError(res, 403, 'FORBIDDEN').message)).toBe(true);
        expect((await download(doc.id, viewer.token)).statusCode).toBe(200);
        const row = await t.database.db
          .selectFrom('documents')
          .select('storage_key')
          .where('id', '=', doc.id)
          .executeTakeFirstOrThrow();
        const file = path.join(uploads, ...row.storage_key.split('/'));
        expect(existsSync(file)).toBe(true);
        expect((await t.call({ method: 'DELETE', url: `/api/documents/${doc.id}`, token: editor.token })).statusCode).toBe(204);
        expect(existsSync(file)).toBe(false);
        expectError(await download(doc.id, editor.token), 404, 'NOT_FOUND');
        const detail = await t.call({ method: 'GET', url: `/api/customers/${customerId}`, token: viewer.token });
        expect(detail.json().attachments).toEqual([]);
        const history = await t.call({
          method: 'GET',
          url: `/api/audit-logs?entity=customers&entity_id=${customerId}`,
          token: viewer.token,
        });
        expect(history.json().data.map((e: { action: string }) => e.action)).toEqual(['detach', 'attach', 'create']);
      });

      it('its uploader, still able to read the customer, may delete it; someone else’s upload cannot be attached', async () => {
        const own = await uploadOne('phu-luc.pdf', SAMPLES.pdf, staff.token);
        const other = await uploadOne('cua-nguoi-khac.pdf', SAMPLES.pdf, editor.token);
        const refused = await t.call({
          method: 'POST',
          url: '/api/customers',
          token: staff.token,
          payload: { type: 'individual', name: 'Lê Văn Đính', attachment_ids: [own.id, other.id] },
        });
        expectError(refused, 422, 'VALIDATION_FAILED', 'attachment_ids');
        // Nothing of the refused call stayed: no customer, and the upload is still unattached.
        const rows = await t.database.db.selectFrom('customers').select('id').where('name', '=', 'Lê Văn Đính').execute();
        expect(rows).toEqual([]);
        const created = await t.call({
          method: 'POST',
          url: '/api/customers',
          token: staff.token,
          payload: { type: 'individual', name: 'Lê Văn Đính', attachment_ids: [own.id] },
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().attachments.map((d: Doc) => d.original_name)).toEqual(['phu-luc.pdf']);
        // staff holds customer.show only, but uploaded it.
        expect((await t.call({ method: 'DELETE', url: `/api/documents/${own.id}`, token: staff.token })).statusCode).toBe(204);
        expectError(await download(own.id, staff.token), 404, 'NOT_FOUND');
        // A document already attached cannot be attached again.
        const again = await uploadOne('lan-hai.pdf', SAMPLES.pdf, staff.token);
        const first = await t.call({
          method: 'POST',
          url: '/api/customers',
          token: staff.token,
          payload: { type: 'individual', name: 'Khách Một', attachment_ids: [again.id] },
        });
        expect(first.statusCode).toBe(201);
        const second = await t.call({
          method: 'POST',
          url: '/api/customers',
          token: staff.token,
          payload: { type: 'individual', name: 'Khách Hai', attachment_ids: [again.id] },
        });
        expectError(second, 422, 'VALIDATION_FAILED', 'attachment_ids');
      });
    });
  });

  describe('delete', () => {
    it('deletes an unattached upload and its file (204), then 404', async () => {
      const doc = await uploadOne('xoa.png', PNG);
      const row = await t.database.db
        .selectFrom('documents')
        .select('storage_key')
        .where('id', '=', doc.id)
        .executeTakeFirstOrThrow();
      const file = path.join(uploads, ...row.storage_key.split('/'));
      expect(existsSync(file)).toBe(true);
      expect((await t.call({ method: 'DELETE', url: `/api/documents/${doc.id}`, token: owner.token })).statusCode).toBe(204);
      expect(existsSync(file)).toBe(false);
      expect(
        await t.database.db.selectFrom('documents').select('id').where('id', '=', doc.id).executeTakeFirst(),
      ).toBeUndefined();
      expectError(await download(doc.id), 404, 'NOT_FOUND');
      expectError(await t.call({ method: 'DELETE', url: `/api/documents/${doc.id}`, token: owner.token }), 404, 'NOT_FOUND');
    });
  });

  describe('no orphan file', () => {
    it('a refused second file takes the first one with it', async () => {
      const before = stored().length;
      const rowsBefore = await t.database.db.selectFrom('documents').select('id').execute();
      const res = await upload([
        { name: 'files[]', filename: 'tot.png', data: PNG },
        { name: 'files[]', filename: 'xau.exe', data: REFUSED.exe },
      ]);
      expectError(res, 422, 'VALIDATION_FAILED', 'files[]');
      expect(stored().length).toBe(before);
      expect((await t.database.db.selectFrom('documents').select('id').execute()).length).toBe(rowsBefore.length);
      expect(filesUnder(path.join(uploads, 'tmp'))).toEqual([]);
    });

    it('a transaction that fails leaves neither rows nor files', async () => {
      if (t.database.kind === 'sqlite') {
        await sql`create trigger documents_fail before insert on documents when new.original_name = 'hong.txt'
          begin select raise(abort, 'boom'); end`.execute(t.database.db);
      } else {
        await sql`create function documents_fail() returns trigger language plpgsql as $$
          begin if new.original_name = 'hong.txt' then raise exception 'boom'; end if; return new; end $$`.execute(t.database.db);
        await sql`create trigger documents_fail before insert on documents for each row execute function documents_fail()`.execute(
          t.database.db,
        );
      }
      try {
        const before = stored().length;
        const rowsBefore = (await t.database.db.selectFrom('documents').select('id').execute()).length;
        const res = await upload([
          { name: 'files[]', filename: 'dau.png', data: PNG },
          { name: 'files[]', filename: 'hong.txt', data: SAMPLES.txt },
        ]);
        expect(res.statusCode).toBe(500);
        expect(res.json().error_code).toBe('SERVER_ERROR');
        expect(res.body).not.toContain('boom');
        expect(stored().length).toBe(before);
        expect((await t.database.db.selectFrom('documents').select('id').execute()).length).toBe(rowsBefore);
      } finally {
        await sql`drop trigger documents_fail ${sql.raw(t.database.kind === 'postgres' ? 'on documents' : '')}`.execute(
          t.database.db,
        );
      }
    });

    it('the sweep deletes unattached uploads older than a day and stale temporary files, nothing else', async () => {
      const service = new DocumentsService(t.database.db, new LocalStorage(uploads));
      const old = await uploadOne('cu.png', PNG);
      const fresh = await uploadOne('moi.png', PNG);
      const staff = await t.userWith(['customer.create']);
      const attachedOld = await uploadOne('dinh-kem.png', PNG, staff.token);
      const created = await t.call({
        method: 'POST',
        url: '/api/customers',
        token: staff.token,
        payload: { type: 'individual', name: 'Trần Thị Quét', attachment_ids: [attachedOld.id] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const longAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
      await t.database.db
        .updateTable('documents')
        .set({ created_at: longAgo })
        .where('id', 'in', [old.id, attachedOld.id])
        .execute();
      const keyOf = async (id: number) =>
        (await t.database.db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow())
          .storage_key;
      const oldFile = path.join(uploads, ...(await keyOf(old.id)).split('/'));
      const freshFile = path.join(uploads, ...(await keyOf(fresh.id)).split('/'));
      const attachedFile = path.join(uploads, ...(await keyOf(attachedOld.id)).split('/'));
      mkdirSync(path.join(uploads, 'tmp'), { recursive: true });
      const staleTemp = path.join(uploads, 'tmp', 'bo-lai.part');
      const freshTemp = path.join(uploads, 'tmp', 'dang-tai.part');
      writeFileSync(staleTemp, 'x');
      writeFileSync(freshTemp, 'y');
      const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
      utimesSync(staleTemp, dayAgo, dayAgo);

      const result = await service.sweep();
      expect(result.documents).toBeGreaterThanOrEqual(1);
      expect(result.temp).toBe(1);
      expect(existsSync(oldFile)).toBe(false);
      expect(existsSync(staleTemp)).toBe(false);
      expect(existsSync(freshFile)).toBe(true);
      expect(existsSync(freshTemp)).toBe(true);
      expect(existsSync(attachedFile)).toBe(true);
      const ids = (await t.database.db.selectFrom('documents').select('id').execute()).map((r) => r.id);
      expect(ids).not.toContain(old.id);
      expect(ids).toContain(fresh.id);
      expect(ids).toContain(attachedOld.id);
      expectError(await download(old.id), 404, 'NOT_FOUND');
      expect((await download(fresh.id)).statusCode).toBe(200);
      // A second sweep finds nothing more.
      expect(await service.sweep()).toEqual({ documents: 0, temp: 0 });
    });
  });
});
