import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file received into the temporary area: not yet a document until a row names it and it is committed. */
export interface TempFile {
  tempPath: string;
  size: number;
  /** sha256, hex */
  checksum: string;
}

/** A storage key: `yyyy/mm/<32 hex>`; nothing a user typed is ever part of a path. */
const KEY = /^\d{4}\/\d{2}\/[0-9a-f]{32}$/;

/** Throws unless `key` is one of ours (a key never comes from user input, but it never becomes a path or URL unchecked). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** A fresh key for a file stored now: `yyyy/mm/<random 128-bit hex>`. */
export function newStorageKey(now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${randomBytes(16).toString('hex')}`;
}

/**
 * Where uploaded files live: the local disk (LocalStorage, the default) or an S3-compatible bucket (S3Storage).
 * A file is always received into a local temporary file first (hashed and typed by content while it streams in),
 * then committed to its key once the row that names it has committed.
 */
export interface Storage {
  newKey(now?: Date): string;
  /** Streams `source` into a local temporary file; `onChunk` sees every chunk. A failed write leaves nothing behind. */
  receive(source: Readable, onChunk?: (chunk: Buffer) => void): Promise<TempFile>;
  /** Stores a received file under `key` and removes the temporary file. */
  commit(tempPath: string, key: string): Promise<void>;
  discard(tempPath: string): Promise<void>;
  /** The file's bytes as a stream; null when no file is stored under the key. */
  open(key: string): Promise<Readable | null>;
  /** The whole file; null when no file is stored under the key. */
  read(key: string): Promise<Buffer | null>;
  /** Deletes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Deletes temporary files older than `before`; returns how many. */
  sweepTemp(before: Date): Promise<number>;
}

/** Writes a stream to a new file in `tempDir`, hashing it on the way; a failed write leaves nothing behind. */
export async function receiveToTemp(tempDir: string, source: Readable, onChunk?: (chunk: Buffer) => void): Promise<TempFile> {
  await mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      onChunk?.(chunk);
      done(null, chunk);
    },
  });
  const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, tap, out);
  } catch (err) {
    // The file is opened asynchronously: wait until it is closed, or the delete could run before it exists.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, size, checksum: hash.digest('hex') };
}

/** Deletes files in `tempDir` older than `before` (left by a crash or an aborted request); returns how many. */
export async function sweepTempDir(tempDir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tempDir, name);
    try {
      if ((await stat(file)).mtime < before) {
        await rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Gone already (another sweep or the request finishing).
    }
  }
  return removed;
}

/**
 * Uploaded files on the local disk under `<DATA_DIR>/uploads`: received into `tmp/` under a random name, moved to
 * `<yyyy>/<mm>/<random 128-bit hex>` once the row that names them has committed.
 */
export class LocalStorage implements Storage {
  readonly tempDir: string;

  constructor(readonly root: string) {
    this.tempDir = path.join(root, 'tmp');
  }

  newKey(now = new Date()): string {
    return newStorageKey(now);
  }

  /** The absolute path of a key; a key that is not one of ours never becomes a path. */
  pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  receive(source: Readable, onChunk?: (chunk: Buffer) => void): Promise<TempFile> {
    return receiveToTemp(this.tempDir, source, onChunk);
  }

  /** Moves a received file to its key; called once the row naming it has committed. */
  async commit(tempPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempPath, target);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async open(key: string): Promise<Readable | null> {
    if (!(await this.exists(key))) return null;
    return createReadStream(this.pathOf(key));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  sweepTemp(before: Date): Promise<number> {
    return sweepTempDir(this.tempDir, before);
  }
}
