import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SelectQueryNode, SqliteDialect } from 'kysely';

/**
 * SQLite for Kysely with one writer connection on the main thread and, optionally, a pool of read-only connections
 * in worker threads (decision 41.1). better-sqlite3 is synchronous: a 30 ms read on the main thread stops every other
 * request. In WAL mode readers run beside the writer, so a read outside a transaction goes to a worker; writes and
 * everything inside a transaction stay on the writer, so a transaction reads its own writes.
 */

interface CachedStatement {
  statement: SQLite.Statement;
  /** A pure SELECT / WITH … SELECT: may run on a reader. */
  pure: boolean;
}

const PURE_READ = /^\s*(select|with)\b/i;
/** Where the worker threads (pool and export streams) load better-sqlite3 from. */
const DRIVER_PATH = createRequire(import.meta.url).resolve('better-sqlite3');

/** Kysely prepares every query anew (~50 µs); reusing prepared statements closes most of that gap. */
class StatementCache {
  readonly #cache = new Map<string, CachedStatement>();
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly size = 500,
  ) {}
  get(sqlText: string): CachedStatement {
    let entry = this.#cache.get(sqlText);
    if (!entry) {
      const statement = this.sqlite.prepare(sqlText);
      // `readonly` alone is true for BEGIN, COMMIT and connection pragmas too: also a reader starting with SELECT/WITH.
      entry = { statement, pure: statement.reader && statement.readonly && PURE_READ.test(sqlText) };
      if (this.#cache.size >= this.size) this.#cache.delete(this.#cache.keys().next().value as string);
      this.#cache.set(sqlText, entry);
    }
    return entry;
  }
}

function runOn(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class Mutex {
  #tail: Promise<void> = Promise.resolve();
  /** Resolves with the unlock function once every earlier holder has unlocked. */
  lock(): Promise<() => void> {
    let unlock!: () => void;
    const held = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    const ready = this.#tail.then(() => unlock);
    this.#tail = held;
    return ready;
  }
}

// The worker's source, evaluated as CommonJS (no separate file: the bundled server and the tests' TypeScript load the
// same code). Each statement is read with all(): its read transaction ends with it, so the next one sees new commits.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
const cache = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (cache.size >= 500) cache.delete(cache.keys().next().value);
      cache.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (e) {
    parentPort.postMessage({ id, error: { name: e && e.name, message: e && e.message, code: e && e.code } });
  }
});
parentPort.postMessage({ ready: true });
`;

// An export's reader (decision 41.22): its own thread and read-only connection for the length of one statement, the
// rows handed over a batch at a time when asked for. An open iterator keeps its connection busy, so it never borrows
// a pool thread (nor the writer); its WAL snapshot keeps the rows of one moment, like PostgreSQL's cursor.
const STREAM_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const fail = (e) => parentPort.postMessage({ error: { name: e && e.name, message: e && e.message, code: e && e.code } });
let db, rows;
try {
  db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
  rows = db.prepare(workerData.sql).iterate(workerData.parameters);
} catch (e) {
  rows = null;
  fail(e);
}
parentPort.on('message', () => {
  if (!rows) return;
  try {
    const batch = [];
    let done = false;
    while (batch.length < workerData.batch) {
      const next = rows.next();
      if (next.done) { done = true; break; }
      batch.push(next.value);
    }
    parentPort.postMessage({ rows: batch, done });
    if (done) { rows = null; db.close(); }
  } catch (e) {
    rows = null;
    fail(e);
  }
});
`;

let openStreams = 0;
/** Export streams whose thread is still running (tests: none is left behind by an early stop). */
export const sqliteStreamsOpen = () => openStreams;

/** One statement's rows read on a thread of its own, `batch` rows per message, the next asked for only when taken. */
async function* streamOffThread(
  file: string,
  sql: string,
  parameters: readonly unknown[],
  batch: number,
  busyTimeoutMs: number,
): AsyncGenerator<unknown[]> {
  const worker = new Worker(STREAM_SOURCE, {
    eval: true,
    workerData: { driver: DRIVER_PATH, file, sql, parameters, batch, busyTimeoutMs },
  });
  openStreams += 1;
  type Reply = { rows?: unknown[]; done?: boolean; error?: WorkerError };
  let pending: { resolve: (m: Reply) => void; reject: (e: Error) => void } | null = null;
  let early: Reply | null = null;
  let broken: Error | null = null;
  worker.on('message', (m: Reply) => {
    if (pending) pending.resolve(m);
    else early = m;
    pending = null;
  });
  const stop = (e: Error) => {
    broken = e;
    pending?.reject(e);
    pending = null;
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`Luồng xuất dữ liệu dừng (mã ${code})`)));
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      // An error opening the statement is sent before any request: it answers the first one.
      if (early) {
        resolve(early);
        early = null;
        return;
      }
      if (broken) return reject(broken);
      pending = { resolve, reject };
      worker.postMessage(0);
    });
  try {
    for (;;) {
      const m = await next();
      if (m.error) throw rebuildError(m.error);
      const rows = withBuffers(m.rows ?? []);
      if (rows.length) yield rows;
      if (m.done) return;
    }
  } finally {
    openStreams -= 1;
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

interface Job {
  sql: string;
  parameters: readonly unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface ReaderThread {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

interface WorkerError {
  name?: string;
  message?: string;
  code?: string;
}

/** The same kind of error the read would have thrown on the main thread: a SqliteError keeps its code. */
function rebuildError(e: WorkerError): Error {
  const message = e.message ?? 'Lỗi không rõ khi đọc cơ sở dữ liệu';
  if (e.name === 'SqliteError' && e.code) return new SQLite.SqliteError(message, e.code);
  const Kind = e.name === 'TypeError' ? TypeError : e.name === 'RangeError' ? RangeError : Error;
  return new Kind(message);
}

/** Blobs cross the thread as Uint8Array; the main thread's connection gives Buffers. */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const key in row) {
      const v = row[key];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
  return rows;
}

/**
 * Up to `size` reader threads, started on demand (the first at once, another only when every started one is busy),
 * fed from one queue so a long read holds its own thread and no other. A thread is ref'd while it starts or reads:
 * an idle pool never keeps the process alive, a pending read always does.
 */
export class SqliteReadPool {
  readonly #threads: ReaderThread[] = [];
  readonly #queue: Job[] = [];
  #closed = false;

  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly busyTimeoutMs: number,
  ) {
    this.#spawn();
  }

  #served = 0;

  /** Threads started so far (tests). */
  get started(): number {
    return this.#threads.length;
  }
  /** Reads answered by a thread so far (tests). */
  get served(): number {
    return this.#served;
  }

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('Cơ sở dữ liệu đã đóng'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, parameters, resolve, reject });
      const idle = this.#threads.find((t) => t.ready && !t.job);
      if (idle) this.#next(idle);
      else if (this.#threads.length < this.size && this.#threads.every((t) => t.ready)) this.#spawn();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const closing = new Error('Cơ sở dữ liệu đã đóng');
    for (const job of this.#queue.splice(0)) job.reject(closing);
    await Promise.all(this.#threads.splice(0).map((t) => t.worker.terminate()));
  }

  #spawn(): void {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: DRIVER_PATH, file: this.file, busyTimeoutMs: this.busyTimeoutMs },
    });
    const thread: ReaderThread = { worker, ready: false, job: null };
    this.#threads.push(thread);
    worker.on('message', (m: { ready?: true; id?: number; rows?: unknown[]; error?: WorkerError }) => {
      if (m.ready) thread.ready = true;
      else {
        const job = thread.job;
        thread.job = null;
        if (job) {
          this.#served += 1;
          if (m.error) job.reject(rebuildError(m.error));
          else job.resolve(withBuffers(m.rows ?? []));
        }
      }
      this.#next(thread);
      if (!thread.job) thread.worker.unref();
    });
    // A thread that failed (it could not open the file, or crashed) is dropped; its read fails, the next starts anew.
    const dropped = (error: Error) => {
      const at = this.#threads.indexOf(thread);
      if (at < 0) return;
      this.#threads.splice(at, 1);
      thread.job?.reject(error);
      thread.job = null;
      if (this.#closed) return;
      if (this.#threads.length === 0) {
        // Nothing left to serve the queue: it fails rather than waits for ever.
        for (const job of this.#queue.splice(0)) job.reject(error);
      }
    };
    worker.on('error', dropped);
    worker.on('exit', (code) => dropped(new Error(`Luồng đọc cơ sở dữ liệu dừng (mã ${code})`)));
  }

  #next(thread: ReaderThread): void {
    if (!thread.ready || thread.job || this.#closed) return;
    const job = this.#queue.shift();
    if (!job) return;
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({ id: 0, sql: job.sql, parameters: job.parameters });
  }
}

export interface PooledSqliteOptions {
  sqlite: SQLite.Database;
  /** The database file (null in memory): streams read it on a thread of their own. */
  file: string | null;
  busyTimeoutMs: number;
  /** Null: every statement on the writer, as with a single connection. */
  pool: SqliteReadPool | null;
}

/** The writer is held by one transaction (or one outside write) at a time; reads outside a transaction never wait. */
class PooledSqliteDriver implements Driver {
  readonly cache: StatementCache;
  readonly mutex = new Mutex();
  constructor(readonly options: PooledSqliteOptions) {
    this.cache = new StatementCache(options.sqlite);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RoutedConnection;
    await c.pin();
    // BEGIN IMMEDIATE: two processes never deadlock upgrading a read lock.
    await c.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).unpin();
  }
  async destroy(): Promise<void> {
    await this.options.pool?.close();
    this.options.sqlite.close();
  }
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class RoutedConnection implements DatabaseConnection {
  #unlock: (() => void) | null = null;
  constructor(private readonly driver: PooledSqliteDriver) {}

  /** The writer is this connection's until release: its transaction's statements all run there. */
  async pin(): Promise<void> {
    if (!this.#unlock) this.#unlock = await this.driver.mutex.lock();
  }
  unpin(): void {
    this.#unlock?.();
    this.#unlock = null;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const entry = this.driver.cache.get(sql);
    if (this.#unlock) return runOn(entry.statement, parameters) as QueryResult<R>;
    const pool = this.driver.options.pool;
    if (pool && entry.pure) return { rows: (await pool.read(sql, parameters)) as R[] };
    const unlock = await this.driver.mutex.lock();
    try {
      return runOn(entry.statement, parameters) as QueryResult<R>;
    } finally {
      unlock();
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const { file, busyTimeoutMs } = this.driver.options;
    if (file && !this.#unlock && this.driver.cache.get(sql).pure) {
      for await (const rows of streamOffThread(file, sql, parameters, chunkSize, busyTimeoutMs)) yield { rows: rows as R[] };
      return;
    }
    // An open iterator holds the writer: nothing else may run on it until the stream ends.
    const unlock = this.#unlock ? null : await this.driver.mutex.lock();
    try {
      for (const row of this.driver.cache.get(sql).statement.iterate(parameters)) yield { rows: [row as R] };
    } finally {
      unlock?.();
    }
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) over the pooled driver. */
export class PooledSqliteDialect extends SqliteDialect {
  readonly #options: PooledSqliteOptions;
  constructor(options: PooledSqliteOptions) {
    super({ database: options.sqlite as never });
    this.#options = options;
  }
  override createDriver(): Driver {
    return new PooledSqliteDriver(this.#options);
  }
}
