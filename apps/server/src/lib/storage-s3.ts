import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';
import { checkKey, newStorageKey, receiveToTemp, type Storage, sweepTempDir, type TempFile } from './storage';

export interface S3Settings {
  /** `https://s3.example.vn`; absent for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most local clouds). */
  forcePathStyle: boolean;
  /** Put before every key (`qlcv/` → `qlcv/2026/11/<hex>`); empty for none. */
  prefix: string;
}

/** The object store cannot be reached or refused the call: the user hears it is temporary, the log gets the cause. */
export const storageUnavailable = () =>
  new AppError(503, 'STORAGE_UNAVAILABLE', 'Kho lưu trữ tệp đang không phản hồi. Vui lòng thử lại sau ít phút.');

const MISSING = new Set(['NoSuchKey', 'NotFound']);

/**
 * Uploaded files in an S3-compatible bucket (AWS, MinIO, Ceph, the Vietnamese clouds' object stores), so several
 * instances see the same files. A file is still received into a local temporary file (`<DATA_DIR>/uploads/tmp`):
 * its type is sniffed and its hash taken while it streams in, and nothing reaches the bucket before the row naming
 * it has committed. Keys are the local driver's (`yyyy/mm/<hex>`) under the optional prefix.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly prefix: string;

  constructor(
    private readonly settings: S3Settings,
    readonly tempDir: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.prefix = settings.prefix && !settings.prefix.endsWith('/') ? `${settings.prefix}/` : settings.prefix;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: many S3-compatible stores reject the newer CRC32 headers and the
      // aws-chunked bodies that come with them; the file's sha256 is kept in its row anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      // The SDK's own notes go to the app's log, not the console (it never logs the credentials).
      logger: {
        debug: () => {},
        info: () => {},
        warn: (...args: unknown[]) => log?.warn({ s3: args.map(String) }, 'object storage client'),
        error: (...args: unknown[]) => log?.error({ s3: args.map(String) }, 'object storage client'),
      },
    });
  }

  newKey(now = new Date()): string {
    return newStorageKey(now);
  }

  private objectKey(key: string): string {
    return `${this.prefix}${checkKey(key)}`;
  }

  receive(source: Readable, onChunk?: (chunk: Buffer) => void): Promise<TempFile> {
    return receiveToTemp(this.tempDir, source, onChunk);
  }

  /** One PutObject (the upload limit, UPLOAD_MAX_MB ≤ 1 GiB, is far under S3's 5 GiB for a single PUT). */
  async commit(tempPath: string, key: string): Promise<void> {
    const { size } = await stat(tempPath);
    const Key = this.objectKey(key);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: createReadStream(tempPath),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      ),
    );
    await rm(tempPath, { force: true });
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async open(key: string): Promise<Readable | null> {
    const Key = this.objectKey(key);
    try {
      const res = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key })));
      return (res.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (err instanceof MissingObject) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const stream = await this.open(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch {
      throw storageUnavailable();
    }
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key })));
  }

  sweepTemp(before: Date): Promise<number> {
    return sweepTempDir(this.tempDir, before);
  }

  /** A missing object becomes MissingObject; any other failure (network, credentials, bucket) a 503 with its cause. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof S3ServiceException && MISSING.has(err.name)) throw new MissingObject();
      // The cause goes to the log (name, message, HTTP status; the SDK's errors carry no credentials); the user
      // gets the short 503.
      this.log?.error({ err, bucket: this.settings.bucket }, 'object storage call failed');
      throw storageUnavailable();
    }
  }
}

class MissingObject extends Error {}
