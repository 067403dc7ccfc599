import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { closedPort } from '../test/http-stand-in';
import { type S3StandIn, startS3StandIn } from '../test/s3-stand-in';
import { AppError } from './errors';
import { S3Storage } from './storage-s3';

let s3: S3StandIn;
let dir: string;
let storage: S3Storage;

const settings = (endpoint: string, over: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) => ({
  endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  prefix: 'qlcv',
  ...over,
});

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  s3 = await startS3StandIn();
  dir = mkdtempSync(path.join(tmpdir(), 'qlcv-s3-'));
  storage = new S3Storage(settings(s3.url), path.join(dir, 'tmp'));
});
afterAll(async () => {
  storage.client.destroy();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('receives locally, commits to the bucket under the prefix, opens, reads and removes', async () => {
    const seen: number[] = [];
    const temp = await storage.receive(Readable.from([Buffer.from('Hợp đồng '), Buffer.from('số 1')]), (c) =>
      seen.push(c.length),
    );
    expect(temp.size).toBe(Buffer.byteLength('Hợp đồng số 1'));
    expect(seen.reduce((a, b) => a + b, 0)).toBe(temp.size);
    expect(existsSync(temp.tempPath)).toBe(true);
    expect(s3.objects.size).toBe(0);

    const key = storage.newKey(new Date('2026-11-23T10:00:00Z'));
    expect(key).toMatch(/^2026\/11\/[0-9a-f]{32}$/);
    await storage.commit(temp.tempPath, key);
    expect(existsSync(temp.tempPath)).toBe(false);
    expect(s3.objects.get(`qlcv/${key}`)?.toString('utf8')).toBe('Hợp đồng số 1');

    // Plain SigV4 PUT: no flexible-checksum header, no aws-chunked body.
    const put = s3.calls.find((c) => c.method === 'PUT');
    expect(put?.url.split('?')[0]).toBe(`/${s3.bucket}/qlcv/${key}`);
    expect(put?.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(put?.headers ?? {}).filter((h) => h.startsWith('x-amz-checksum-'))).toEqual([]);
    expect(put?.headers.authorization).not.toContain(s3.secretAccessKey);

    expect(await text(await storage.open(key))).toBe('Hợp đồng số 1');
    expect((await storage.read(key))?.toString('utf8')).toBe('Hợp đồng số 1');

    await storage.remove(key);
    expect(s3.objects.size).toBe(0);
    expect(await storage.open(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    // Removing what is gone is not an error.
    await storage.remove(key);
  });

  it('stores a binary file of a few MB byte for byte', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const temp = await storage.receive(Readable.from([bytes]));
    const key = storage.newKey();
    await storage.commit(temp.tempPath, key);
    expect((await storage.read(key))?.equals(bytes)).toBe(true);
    await storage.remove(key);
  });

  it('answers null for a key that was never stored, and refuses a key that is not one of ours', async () => {
    expect(await storage.open(storage.newKey())).toBeNull();
    await expect(storage.open('../etc/passwd')).rejects.toThrow(/invalid storage key/);
  });

  it('keeps keys at the bucket root without a prefix', async () => {
    const bare = new S3Storage(settings(s3.url, { prefix: '' }), path.join(dir, 'tmp'));
    const temp = await bare.receive(Readable.from([Buffer.from('x')]));
    const key = bare.newKey();
    await bare.commit(temp.tempPath, key);
    expect(s3.objects.has(key)).toBe(true);
    await bare.remove(key);
    bare.client.destroy();
  });

  it('discards and sweeps temporary files locally', async () => {
    const temp = await storage.receive(Readable.from([Buffer.from('tạm')]));
    await storage.discard(temp.tempPath);
    expect(existsSync(temp.tempPath)).toBe(false);
    await storage.receive(Readable.from([Buffer.from('cũ')]));
    expect(await storage.sweepTemp(new Date(Date.now() + 1000))).toBe(1);
  });

  it('a store that is down or refuses the key answers a clean 503 and keeps the temporary file for the caller', async () => {
    const down = new S3Storage(settings(`http://127.0.0.1:${await closedPort()}`), path.join(dir, 'tmp'));
    const wrongKey = new S3Storage(settings(s3.url, { accessKeyId: 'SOMEONEELSE' }), path.join(dir, 'tmp'));
    for (const broken of [down, wrongKey]) {
      const temp = await broken.receive(Readable.from([Buffer.from('x')]));
      const err = await broken.commit(temp.tempPath, broken.newKey()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({
        status: 503,
        code: 'STORAGE_UNAVAILABLE',
        message: 'Kho lưu trữ tệp đang không phản hồi. Vui lòng thử lại sau ít phút.',
      });
      expect(existsSync(temp.tempPath)).toBe(true);
      await broken.discard(temp.tempPath);
      await expect(broken.open(broken.newKey())).rejects.toMatchObject({ status: 503 });
      await expect(broken.remove(broken.newKey())).rejects.toMatchObject({ status: 503 });
      broken.client.destroy();
    }
  });
});

describe('S3 settings (config)', () => {
  it('uses S3 only when S3_BUCKET is set, with path-style and us-east-1 by default', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'qlcv-files' }).s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'qlcv-files',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: '',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'qlcv',
        S3_ENDPOINT: 'https://s3.example.vn',
        S3_REGION: 'hn-1',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
        S3_FORCE_PATH_STYLE: 'false',
        S3_PREFIX: 'cong-ty/qlcv',
      }).s3,
    ).toMatchObject({ endpoint: 'https://s3.example.vn', region: 'hn-1', forcePathStyle: false, prefix: 'cong-ty/qlcv' });
  });

  it('names a wrong variable in one line and never echoes a key', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'no error';
    };
    expect(message({ S3_BUCKET: 'Qlcv_Files' })).toMatch(/^Cấu hình không hợp lệ: S3_BUCKET="Qlcv_Files"/);
    expect(message({ S3_BUCKET: 'qlcv', S3_ENDPOINT: 'ftp://x' })).toMatch(/S3_ENDPOINT/);
    expect(message({ S3_BUCKET: 'qlcv', S3_ACCESS_KEY_ID: 'AKIA-SECRET-ID' })).toBe(
      'Cấu hình không hợp lệ: S3_SECRET_ACCESS_KEY=(ẩn) — bắt buộc khi có S3_ACCESS_KEY_ID',
    );
    const noId = message({ S3_BUCKET: 'qlcv', S3_SECRET_ACCESS_KEY: 'very-secret' });
    expect(noId).toBe('Cấu hình không hợp lệ: S3_ACCESS_KEY_ID=(ẩn) — bắt buộc khi có S3_SECRET_ACCESS_KEY');
    expect(message({ S3_SECRET_ACCESS_KEY: 'very-secret', S3_ACCESS_KEY_ID: 'AK' })).not.toContain('very-secret');
    expect(message({ S3_ENDPOINT: 'https://s3.example.vn' })).toMatch(/S3_ENDPOINT.*cần S3_BUCKET/);
    expect(message({ S3_BUCKET: 'qlcv', S3_PREFIX: '../x' })).toMatch(/S3_PREFIX/);
  });
});
