import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/database';
import { type S3Settings, S3Storage } from '../lib/storage-s3';
import { expectError } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import { filesUnder, multipart, SAMPLES } from './multipart';
import { type S3StandIn, startS3StandIn } from './s3-stand-in';

// Uploads for several instances (issue 13, part 5): two apps on one database and one bucket. A file uploaded
// through instance A is downloaded byte for byte through instance B, which has its own empty data directory, and a
// delete through B is seen by A. Instance A is given its storage; instance B picks S3 from its config.

let s3: S3StandIn;
let t: TestApp;
let b: { app: FastifyInstance; database: Database; dataDir: string };
let tempA: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  const settings: S3Settings = {
    endpoint: s3.url,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'qlcv/',
  };
  tempA = mkdtempSync(path.join(tmpdir(), 'qlcv-s3a-'));
  t = await createTestApp({ storage: new S3Storage(settings, tempA) });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-s3b-'));
  const database = openDatabase(t.config.database);
  const app = await buildApp({ config: { ...t.config, dataDir, s3: settings }, database, logger: false });
  await app.ready();
  b = { app, database, dataDir };
});
afterAll(async () => {
  await b.app.close();
  await b.database.close();
  await t.close();
  await s3.close();
  rmSync(b.dataDir, { recursive: true, force: true });
  rmSync(tempA, { recursive: true, force: true });
});

const onB = (method: 'GET' | 'DELETE', url: string, token: string) =>
  b.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

async function upload(token: string, data: Buffer) {
  return t.call({
    method: 'POST',
    url: '/api/documents',
    token,
    ...multipart([{ name: 'files[]', filename: 'hop-dong.pdf', data }]),
  });
}

describe('uploads in an S3-compatible bucket shared by two instances', () => {
  it('a customer attachment uploaded through A downloads byte for byte through B; deleted through B, gone for A', async () => {
    const staff = await t.userWith(['customer.create', 'customer.edit', 'customer.index']);
    const bytes = Buffer.concat([SAMPLES.pdf, Buffer.from('% Biên bản nghiệm thu — bản ký\n'.repeat(2000), 'utf8')]);
    const up = await upload(staff.token, bytes);
    expect(up.statusCode, up.body).toBe(201);
    const doc = up.json().data[0];
    const created = await t.call({
      method: 'POST',
      url: '/api/customers',
      token: staff.token,
      payload: { type: 'organization', name: 'Công ty Lưu Trữ Chung', attachment_ids: [doc.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json();

    // In the bucket under the prefix, and nowhere on either instance's disk.
    const row = await t.database.db
      .selectFrom('documents')
      .select('storage_key')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(s3.objects.get(`qlcv/${row.storage_key}`)?.equals(bytes)).toBe(true);
    expect(filesUnder(tempA)).toEqual([]);
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);

    const shown = await onB('GET', `/api/customers/${customer.id}`, staff.token);
    expect(shown.json().attachments.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    const down = await onB('GET', `/api/documents/${doc.id}/download`, staff.token);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(bytes)).toBe(true);
    // Nothing of the upload on B's disk; the one file there is B's Web Push key pair, made at its start.
    expect(filesUnder(b.dataDir).filter((f) => path.basename(f) !== 'vapid-keys.json')).toEqual([]);

    expect((await onB('DELETE', `/api/documents/${doc.id}`, staff.token)).statusCode).toBe(204);
    expect(s3.objects.size).toBe(0);
    expectError(await t.call({ method: 'GET', url: `/api/documents/${doc.id}/download`, token: staff.token }), 404, 'NOT_FOUND');
    const after = await t.call({ method: 'GET', url: `/api/customers/${customer.id}`, token: staff.token });
    expect(after.json().attachments).toEqual([]);
  });

  it('a file gone from the bucket answers 404 "no longer on the server"', async () => {
    const up = await upload(t.adminToken, SAMPLES.pdf);
    const doc = up.json().data[0];
    s3.objects.clear();
    const res = await onB('GET', `/api/documents/${doc.id}/download`, t.adminToken);
    expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Tệp không còn trên máy chủ.');
  });

  it('with the store down, an upload answers a clean 503 and leaves no row and no file; a download too', async () => {
    const kept = (await upload(t.adminToken, SAMPLES.pdf)).json().data[0];
    await s3.close();
    const before = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await upload(t.adminToken, SAMPLES.pdf);
    const body = expectError(res, 503, 'STORAGE_UNAVAILABLE');
    expect(body.message).toBe('Kho lưu trữ tệp đang không phản hồi. Vui lòng thử lại sau ít phút.');
    expect(res.body).not.toMatch(/stack|ECONNREFUSED|127\.0\.0\.1/);
    const after = await t.database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(filesUnder(tempA)).toEqual([]);
    const down = await onB('GET', `/api/documents/${kept.id}/download`, t.adminToken);
    expectError(down, 503, 'STORAGE_UNAVAILABLE');
  });
});
