import type { Readable } from 'node:stream';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import type { RecordAccess } from '../../lib/record-access';
import type { Storage } from '../../lib/storage';
import type { Upload } from '../../plugins/multipart';
import { type DocumentRow, documentsRepository as repo } from './documents.repository';

/** Who owns the documents made from a request's uploads. */
export interface UploadOwner {
  /** The uploader; null for a visitor of the public page. */
  uploadedBy: number | null;
  /** The record the files belong to at once (a public request's attachments); left out, they wait to be attached. */
  entity?: string;
  entityId?: number;
  isPublic?: boolean;
}

/** Unattached uploads older than this are swept away. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

const NOT_FOUND = 'Không tìm thấy tệp.';

function toDocument(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    original_name: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    checksum: row.checksum,
    is_public: Boolean(row.is_public),
    created_at: row.created_at,
    url: `/api/documents/${row.id}/download`,
  };
}

export class DocumentsService {
  private readonly access = new Map<string, RecordAccess>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly storage: Storage,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * How the files of an entity's records are reached (`customers`, `requests`…), as its module declares it
   * (`<module>.access.ts`, wired in app.ts). A document of an entity nobody declared is read by no one.
   */
  registerAccess(entity: string, access: RecordAccess): void {
    this.access.set(entity, access);
  }

  /** `POST /api/documents`: stores the request's files as documents of the caller, not yet attached. */
  async upload(actor: Actor, uploads: Upload[], opts: { isPublic?: boolean } = {}): Promise<DocumentRecord[]> {
    if (uploads.length === 0) throw invalid('files', 'Vui lòng chọn ít nhất một tệp để tải lên.');
    return this.saveWith(uploads, (trx) => this.insertUploads(trx, uploads, { uploadedBy: actor.id, isPublic: opts.isPublic }));
  }

  /**
   * Runs `work` in one transaction that inserts document rows for `uploads`, then moves the files to their keys once
   * it has committed. If anything fails the files are deleted, so no file outlives a failed request.
   */
  async saveWith<T>(uploads: Upload[], work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.db.transaction().execute(work);
    } catch (err) {
      await this.discard(uploads);
      throw err;
    }
    await this.commitFiles(uploads);
    return result;
  }

  /** Inside the caller's transaction: a row per upload, each reserving a fresh storage key. */
  async insertUploads(trx: Kysely<DB>, uploads: Upload[], owner: UploadOwner): Promise<DocumentRecord[]> {
    const records: DocumentRecord[] = [];
    const now = nowIso();
    for (const upload of uploads) {
      const key = this.storage.newKey();
      const row = await repo.insert(trx, {
        original_name: upload.originalName,
        mime: upload.mime,
        size: upload.size,
        checksum: upload.checksum,
        storage_key: key,
        entity: owner.entity ?? null,
        entity_id: owner.entityId ?? null,
        is_public: owner.isPublic ? 1 : 0,
        uploaded_by: owner.uploadedBy,
        created_at: now,
      });
      upload.storageKey = key;
      records.push(toDocument(row));
    }
    return records;
  }

  /** After the commit: moves each file to the key its row names. A file that cannot move takes its row with it. */
  async commitFiles(uploads: Upload[]): Promise<void> {
    const failed: string[] = [];
    let cause: unknown;
    for (const upload of uploads) {
      if (upload.committed || !upload.storageKey) continue;
      try {
        await this.storage.commit(upload.tempPath, upload.storageKey);
        upload.committed = true;
      } catch (err) {
        this.log?.error({ err, key: upload.storageKey }, 'upload could not be moved to storage');
        failed.push(upload.storageKey);
        cause = err;
      }
    }
    if (failed.length > 0) {
      await repo.deleteByStorageKeys(this.db, failed);
      await this.discard(uploads);
      // The object store being down is told as such (503); anything else stays an internal error.
      throw cause instanceof AppError ? cause : new Error('upload storage failed');
    }
  }

  async discard(uploads: Upload[]): Promise<void> {
    for (const upload of uploads) if (!upload.committed) await this.storage.discard(upload.tempPath);
  }

  /**
   * Attaches documents the actor uploaded and has not attached yet to a record, inside the caller's transaction.
   * Anything else (someone else's file, one already attached, an unknown id) refuses the whole call with 422.
   */
  async attachDocuments(
    trx: Kysely<DB>,
    ids: readonly number[] | null | undefined,
    entity: string,
    entityId: number,
    actor: Actor,
  ): Promise<DocumentRecord[]> {
    const unique = [...new Set(ids ?? [])];
    if (unique.length === 0) return [];
    const taken = await repo.attach(trx, unique, entity, entityId, actor.id);
    if (taken !== unique.length) {
      throw invalid(
        'attachment_ids',
        'Tệp đính kèm không tồn tại, không phải do bạn tải lên hoặc đã được đính kèm vào bản ghi khác. Vui lòng tải lại tệp.',
      );
    }
    const rows = await repo.findMany(trx, unique);
    await writeAudit(trx, actor, {
      entity,
      entityId,
      action: 'attach',
      changes: { attachments: [null, rows.map((r) => r.original_name)] },
    });
    return rows.map(toDocument);
  }

  /**
   * Inside the caller's transaction: gives documents to a record as its public result (attached to it and marked
   * public). The requests module gives the files of the work that completes a request to the request this way, as
   * the result documents its customer sees.
   */
  async publish(trx: Kysely<DB>, ids: readonly number[], entity: string, entityId: number): Promise<DocumentRecord[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    await repo.publish(trx, unique, entity, entityId);
    return (await repo.findMany(trx, unique)).map(toDocument);
  }

  /**
   * Inside the caller's transaction: of the documents attached to a record, `ids` become public and every other one
   * not (the files staff chose to send to the customer). An id that is not one of the record's documents refuses the
   * whole call with 422 on `field`. Returns the record's documents as they are now.
   */
  async choosePublic(
    trx: Kysely<DB>,
    entity: string,
    entityId: number,
    ids: readonly number[],
    field: string,
  ): Promise<DocumentRecord[]> {
    const unique = [...new Set(ids)];
    const own = new Set((await repo.listFor(trx, entity, entityId)).map((d) => d.id));
    if (unique.some((id) => !own.has(id))) {
      throw invalid(field, 'Tệp gửi khách hàng phải là tệp kết quả của chính công việc này.');
    }
    await repo.setPublic(trx, entity, entityId, unique);
    return (await repo.listFor(trx, entity, entityId)).map(toDocument);
  }

  /** The documents attached to a record, oldest first. */
  async listFor(entity: string, entityId: number, db: Kysely<DB> = this.db): Promise<DocumentRecord[]> {
    return (await repo.listFor(db, entity, entityId)).map(toDocument);
  }

  /** The bytes of a document, for the server's own use (a contract template to fill); access is the caller's business. */
  async read(id: number, db: Kysely<DB> = this.db): Promise<Buffer> {
    const doc = await repo.find(db, id);
    const bytes = doc ? await this.storage.read(doc.storage_key) : null;
    if (!bytes) throw notFound('Tệp không còn trên máy chủ.');
    return bytes;
  }

  /** Inside the caller's transaction: deletes a record's documents; pass the keys to `removeFiles` after the commit. */
  deleteFor(trx: Kysely<DB>, entity: string, entityId: number): Promise<string[]> {
    return repo.deleteFor(trx, entity, entityId);
  }

  async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.remove(key);
      } catch (err) {
        this.log?.error({ err, key }, 'stored file could not be removed');
      }
    }
  }

  /** Unattached: only its uploader sees it. Attached: whoever may read the record. Anything else does not exist. */
  private async mayRead(doc: DocumentRow, actor: Actor): Promise<boolean> {
    if (doc.entity === null || doc.entity_id === null) return doc.uploaded_by === actor.id;
    const access = this.access.get(doc.entity);
    return access ? access.canRead(this.db, doc.entity_id, actor) : false;
  }

  private async readable(actor: Actor, id: number): Promise<DocumentRow> {
    const doc = await repo.find(this.db, id);
    if (!doc || !(await this.mayRead(doc, actor))) throw notFound(NOT_FOUND);
    return doc;
  }

  /** The document and its bytes, for a download. */
  async open(actor: Actor, id: number): Promise<{ document: DocumentRecord; stream: Readable }> {
    const doc = await this.readable(actor, id);
    const stream = await this.storage.open(doc.storage_key);
    if (!stream) {
      this.log?.error({ id, key: doc.storage_key }, 'document file missing');
      throw notFound('Tệp không còn trên máy chủ.');
    }
    return { document: toDocument(doc), stream };
  }

  /**
   * For a signed public link: a public document attached to this record, and its bytes. Anything else (another
   * record's file, an attachment that is not public, a missing file) answers 404.
   */
  async openPublic(entity: string, entityId: number, id: number): Promise<{ document: DocumentRecord; stream: Readable }> {
    const doc = await repo.find(this.db, id);
    if (!doc || doc.entity !== entity || Number(doc.entity_id) !== entityId || !Number(doc.is_public)) throw notFound(NOT_FOUND);
    const stream = await this.storage.open(doc.storage_key);
    if (!stream) {
      this.log?.error({ id, key: doc.storage_key }, 'document file missing');
      throw notFound(NOT_FOUND);
    }
    return { document: toDocument(doc), stream };
  }

  /**
   * Deletes a document: its uploader while it is unattached; once attached, whoever may edit the record, or its
   * uploader as long as they may still read the record.
   */
  async delete(actor: Actor, id: number): Promise<void> {
    const doc = await this.readable(actor, id);
    if (doc.entity !== null && doc.entity_id !== null && doc.uploaded_by !== actor.id) {
      const access = this.access.get(doc.entity);
      if (!access || !(await access.canEdit(this.db, doc.entity_id, actor))) {
        throw forbidden('Bạn không có quyền xóa tệp đính kèm này.');
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await repo.delete(trx, id);
      if (doc.entity !== null && doc.entity_id !== null) {
        await writeAudit(trx, actor, {
          entity: doc.entity,
          entityId: doc.entity_id,
          action: 'detach',
          changes: { attachments: [doc.original_name, null] },
        });
      }
    });
    await this.removeFiles([doc.storage_key]);
  }

  /**
   * Deletes unattached uploads older than 24 hours (a form never saved) and temporary files a crash left behind.
   * Runs at boot and every hour.
   */
  async sweep(now = new Date()): Promise<{ documents: number; temp: number }> {
    const before = new Date(now.getTime() - UNATTACHED_TTL_MS);
    let documents = 0;
    for (;;) {
      const keys = await repo.deleteStaleUnattached(this.db, before.toISOString(), SWEEP_BATCH);
      await this.removeFiles(keys);
      documents += keys.length;
      if (keys.length < SWEEP_BATCH) break;
    }
    const temp = await this.storage.sweepTemp(before);
    if (documents || temp) this.log?.info({ documents, temp }, 'swept unattached uploads');
    return { documents, temp };
  }
}
