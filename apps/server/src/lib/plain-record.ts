import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import { searchText } from '@qlcv/common/vi-text';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB } from '../db/schema';
import { type Actor, diff, writeAudit } from './audit';
import { nowIso } from './clock';
import { taken, type UniqueKey } from './constraint-answers';
import { type AppError, conflict, notFound } from './errors';
import { allRows, pageWindow, parseSort, toPage, type Window } from './pagination';
import { type LockableTable, lockRow } from './row-lock';
import { type CodedTable, codeTaken, deleteVersioned, insertVersioned, updateVersioned } from './versioned';

/**
 * A plain record's table: a `version`, a `code` whose unique key has its answer in lib/constraint-answers.ts (the
 * loser of a race gets the check's 422), a row lock for "delete refused while in use" (lib/row-lock.ts).
 */
export type PlainTable = {
  [T in CodedTable & LockableTable]: `${T}.code` extends UniqueKey ? T : never;
}[CodedTable & LockableTable];

/**
 * The columns a body writes; the kit adds the stamps (`created_*`, `updated_at`, `version`). Every column is optional
 * here: a column the body does not give (a template's placeholders) comes from the create's `values`.
 */
export type PlainValues<T extends PlainTable> = Omit<Updateable<DB[T]>, 'created_by' | 'created_at' | 'updated_at' | 'version'>;

/**
 * What a plain record tells the kit (apps/server/README.md, "How to add a plain record"). The module keeps its
 * repository (the reads: `find`, lists, options, what "in use" counts) and its own rules (`check`, `inUse`). The audit
 * log names the record by its table.
 */
export interface PlainRecordSpec<T extends PlainTable, R extends { id: number }, Row, B extends { code: string }> {
  table: T;
  /** The 404 answer of `get`, update and delete. */
  notFound: string;
  /** The row as the module's repository reads it (joins, counts), undefined when there is none. */
  find: (db: Kysely<DB>, id: number) => Promise<Row | undefined>;
  toRecord: (row: Row) => R;
  values: (body: B) => PlainValues<T>;
  /** More checks of a body, after the code's (references: 422 on their field). `before` on an update. */
  check?: (db: Kysely<DB>, body: B, before?: R) => Promise<void>;
  /** The refusal of a delete while the record is used (counted under the delete lock), or null. */
  inUse?: (db: Kysely<DB>, record: R) => Promise<AppError | null> | AppError | null;
  /** What the audit log keeps of a record (default: the record). */
  auditView?: (record: R) => Record<string, unknown>;
}

/** Opens a transaction, or runs in the caller's (a module whose transaction also writes files, e.g.). */
const inTransaction = <X>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<X>): Promise<X> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Create / update / delete of a plain record (a code, a few fields, a version), each in one transaction with its audit
 * entry: the code is unique (422 on `code`), an edit names the version it read (409 stale, 404 gone), a record in use is
 * never deleted (the module's refusal). Every step is the same for units, KPI types, leave types, services, request
 * types and contract templates; what differs is in the spec.
 */
export class PlainRecords<T extends PlainTable, R extends { id: number }, Row, B extends { code: string }> {
  constructor(private readonly spec: PlainRecordSpec<T, R, Row, B>) {}

  async get(db: Kysely<DB>, id: number): Promise<R> {
    const row = await this.spec.find(db, id);
    if (!row) throw notFound(this.spec.notFound);
    return this.spec.toRecord(row);
  }

  /**
   * `values`: more columns (a file's placeholders); `written`: what follows the insert in the same transaction, before
   * the record is read back (storing its file).
   */
  create(
    db: Kysely<DB>,
    actor: Actor,
    body: B,
    more: { values?: PlainValues<T>; written?: (trx: Kysely<DB>, id: number) => Promise<void> } = {},
  ): Promise<R> {
    return inTransaction(db, async (trx) => {
      await this.checks(trx, body);
      const now = nowIso();
      const values = { ...this.spec.values(body), ...more.values, created_by: actor.id, created_at: now, updated_at: now };
      const id = await insertVersioned(trx, this.spec.table, values as unknown as Insertable<DB[T]>);
      await more.written?.(trx, id);
      const after = await this.get(trx, id);
      await this.audit(trx, actor, id, 'create', null, after);
      return after;
    });
  }

  /**
   * `values`: more columns, worked out once the checks passed (a new file stored); `written`: what follows the row's
   * update in the same transaction, once the version held (the child rows), before the record is read back.
   */
  update(
    db: Kysely<DB>,
    actor: Actor,
    id: number,
    body: B & { version: number },
    more: {
      values?: (trx: Kysely<DB>) => Promise<PlainValues<T>>;
      written?: (trx: Kysely<DB>, before: R) => Promise<void>;
    } = {},
  ): Promise<R> {
    return inTransaction(db, async (trx) => {
      const before = await this.get(trx, id);
      await this.checks(trx, body, before);
      const values = { ...this.spec.values(body), ...(await more.values?.(trx)) } as Updateable<DB[T]>;
      await updateVersioned(trx, this.spec.table, id, body.version, values, () => notFound(this.spec.notFound));
      await more.written?.(trx, before);
      const after = await this.get(trx, id);
      await this.audit(trx, actor, id, 'update', before, after);
      return after;
    });
  }

  /** `removing`: what goes with the row, in the same transaction (its documents). */
  delete(db: Kysely<DB>, actor: Actor, id: number, more: { removing?: (trx: Kysely<DB>) => Promise<void> } = {}): Promise<void> {
    return inTransaction(db, async (trx) => {
      // Counted under the delete lock: a row being written that references it is waited for, a later one finds it gone.
      await lockRow(trx, this.spec.table, id, 'delete');
      const before = await this.get(trx, id);
      const refusal = await this.spec.inUse?.(trx, before);
      if (refusal) throw refusal;
      await more.removing?.(trx);
      await deleteVersioned(trx, this.spec.table, id);
      await this.audit(trx, actor, id, 'delete', before, null);
    });
  }

  private async checks(db: Kysely<DB>, body: B, before?: R): Promise<void> {
    if (await codeTaken(db, this.spec.table, body.code, before?.id)) throw taken(`${this.spec.table}.code` as UniqueKey);
    await this.spec.check?.(db, body, before);
  }

  private audit(db: Kysely<DB>, actor: Actor, id: number, action: string, before: R | null, after: R | null) {
    const view = (r: R | null) => (r === null ? null : (this.spec.auditView?.(r) ?? (r as Record<string, unknown>)));
    return writeAudit(db, actor, { entity: this.spec.table, entityId: id, action, changes: diff(view(before), view(after)) });
  }
}

/** The code / name / description / active block most plain records' bodies share, with the search text of both names. */
export const codeNameValues = (body: { code: string; name: string; description?: string | null; active: boolean }) => ({
  code: body.code,
  name: body.name,
  description: body.description ?? null,
  active: body.active ? 1 : 0,
  search_text: searchText(body.code, body.name),
});

/** A delete's refusal while `count` rows use the record (the record's own count, read under the delete lock). */
export const refusedWhileUsed = (count: number, message: string, code?: string): AppError | null =>
  count > 0 ? conflict(message, code) : null;

/** One page of a list: the rows the repository reads for the page's window, and the filter's total. */
export async function pageOf<Row, R>(
  q: Parameters<typeof pageWindow>[0],
  read: (w: Window) => Promise<Row[]>,
  count: () => Promise<number>,
  toRecord: (row: Row) => R,
): Promise<Paginated<R>> {
  const w = pageWindow(q);
  const [rows, total] = await Promise.all([read(w), count()]);
  return toPage(rows.map(toRecord), total, w);
}

type Sort<S extends string> = { column: S; direction: 'asc' | 'desc' };

/** A paginated, sortable list of a plain record, read by the module's repository. */
export interface PlainListSpec<Q extends ListQuery, S extends string, Row, R> {
  sorts: readonly S[];
  /** The order when the query names none. */
  sort: `${'' | '-'}${S}`;
  rows: (db: Kysely<DB>, q: Q, sort: Sort<S>, w: Window) => Promise<Row[]>;
  count: (db: Kysely<DB>, q: Q) => Promise<number>;
  toRecord: (row: Row) => R;
}

/** The list and its export (every row, the list's filter and order) of a plain record. */
export class PlainList<Q extends ListQuery, S extends string, Row, R> {
  constructor(private readonly spec: PlainListSpec<Q, S, Row, R>) {}

  async list(db: Kysely<DB>, q: Q): Promise<Paginated<R>> {
    const sort = parseSort(q.sort, this.spec.sorts, this.spec.sort);
    return pageOf(
      q,
      (w) => this.spec.rows(db, q, sort, w),
      () => this.spec.count(db, q),
      this.spec.toRecord,
    );
  }

  exportRows(db: Kysely<DB>, q: Q): Promise<AsyncIterable<R>> {
    return allRows((page, perPage) => this.list(db, { ...q, page, per_page: perPage }));
  }
}

type AnyKit = PlainRecords<any, any, any, any>;
type RecordOf<K> = K extends PlainRecords<any, infer R, any, any> ? R : never;
type BodyOf<K> = K extends PlainRecords<any, any, any, infer B> ? B : never;

/**
 * A plain record's service: get / create / update / delete as the kit does them, for the routes and the other modules.
 * The module's class extends it with what is its own (the options, other reads).
 */
export class PlainRecordService<K extends AnyKit> {
  constructor(
    protected readonly db: Kysely<DB>,
    protected readonly records: K,
  ) {}

  get(id: number, db: Kysely<DB> = this.db): Promise<RecordOf<K>> {
    return this.records.get(db, id);
  }

  create(actor: Actor, body: BodyOf<K>): Promise<RecordOf<K>> {
    return this.records.create(this.db, actor, body);
  }

  update(actor: Actor, id: number, body: BodyOf<K> & { version: number }): Promise<RecordOf<K>> {
    return this.records.update(this.db, actor, id, body);
  }

  delete(actor: Actor, id: number): Promise<void> {
    return this.records.delete(this.db, actor, id);
  }
}

/** A plain record's service with its paginated list and export. */
export class ListedRecordService<K extends AnyKit, Q extends ListQuery> extends PlainRecordService<K> {
  constructor(
    db: Kysely<DB>,
    records: K,
    private readonly listing: PlainList<Q, any, any, RecordOf<K>>,
  ) {
    super(db, records);
  }

  list(q: Q): Promise<Paginated<RecordOf<K>>> {
    return this.listing.list(this.db, q);
  }

  exportRows(q: Q): Promise<AsyncIterable<RecordOf<K>>> {
    return this.listing.exportRows(this.db, q);
  }
}

interface PlainRow {
  id: number;
  code: string;
  name: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The fields a plain record's answer opens with, read from its row. */
export const recordHead = (r: PlainRow) => ({ id: r.id, code: r.code, name: r.name });

/** The fields a plain record's answer closes with. */
export const recordStamps = (r: PlainRow) => ({ version: r.version, created_at: r.created_at, updated_at: r.updated_at });
