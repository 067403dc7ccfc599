import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
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

/**
 * Uploaded files on the local disk under `<DATA_DIR>/uploads`: received into `tmp/` under a random name, moved to
 * `<yyyy>/<mm>/<random 128-bit hex>` once the row that names them has committed. An S3-compatible driver can take the
 * same four calls (receive, commit, open, remove).
 */
export class LocalStorage {
  readonly tempDir: string;

  constructor(readonly root: string) {
    this.tempDir = path.join(root, 'tmp');
  }

  /** A fresh key for a file stored now. */
  newKey(now = new Date()): string {
    const yyyy = String(now.getUTCFullYear());
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    return `${yyyy}/${mm}/${randomBytes(16).toString('hex')}`;
  }

  /** The absolute path of a key; a key that is not one of ours never becomes a path. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Writes a stream to a temporary file, hashing it on the way; `onChunk` sees every chunk (content sniffing).
   * A failed write leaves nothing behind.
   */
  async receive(source: Readable, onChunk?: (chunk: Buffer) => void): Promise<TempFile> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, `${randomBytes(16).toString('hex')}.part`);
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
      await this.discard(tempPath);
      throw err;
    }
    return { tempPath, size, checksum: hash.digest('hex') };
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

  open(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
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

  /** Deletes temporary files older than `before` (left by a crash or an aborted request); returns how many. */
  async sweepTemp(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tempDir, name);
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
}
