import { readFile } from 'node:fs/promises';
import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import {
  CONTRACT_TEMPLATE_SORTS,
  type ContractTemplate,
  type ContractTemplateCreateBody,
  type ContractTemplateOption,
  type ContractTemplateUpdateBody,
  type TemplateKind,
} from '@qlcv/common/schemas/contract-templates';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import {
  CONTRACT_CATALOGUE,
  inspectDocxTemplate,
  REPORT_CATALOGUE,
  renderDocxTemplate,
  sampleTemplateData,
  templateRefused,
} from '../../lib/docx-template';
import { AppError, invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { likePattern } from '../../lib/vi-search';
import type { Upload } from '../../plugins/multipart';
import type { DocumentsService } from '../documents/documents.service';
import {
  type ContractTemplateFilter,
  type ContractTemplateRow,
  contractTemplatesRepository as repo,
} from './contract-templates.repository';

export const CONTRACT_TEMPLATE_ENTITY = 'contract_templates';

function parsePlaceholders(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** What the history shows of a template: its fields and the file's name, not the document's internals. */
const auditView = (t: ContractTemplate) => ({
  code: t.code,
  name: t.name,
  description: t.description,
  active: t.active,
  file: t.file?.original_name ?? null,
  placeholders: t.placeholders.length,
});

const templates = new kit.PlainRecords({
  table: CONTRACT_TEMPLATE_ENTITY,
  notFound: 'Không tìm thấy mẫu hợp đồng.',
  find: repo.find,
  toRecord: toTemplate,
  values: (body: ContractTemplateCreateBody) => kit.codeNameValues(body),
  // contracts.template_id has no foreign key: a contract being written with this template locks it too (`use`) and is
  // waited for by the delete's lock; a later one finds it gone.
  inUse: async (db, template) => {
    const used = await repo.contractsCount(db, template.id);
    return kit.refusedWhileUsed(
      used,
      `Không thể xóa mẫu hợp đồng đang được dùng cho ${used} hợp đồng. Hãy chuyển mẫu sang "Ngừng sử dụng" thay vì xóa.`,
    );
  },
  auditView,
});

/** A kind's catalogue and the name its refusals use (decision 40.32). */
const KIND = {
  contract: { catalogue: CONTRACT_CATALOGUE, noun: 'Mẫu hợp đồng' },
  test_report: { catalogue: REPORT_CATALOGUE, noun: 'Mẫu phiếu kết quả thử nghiệm' },
} as const;
const kindOf = (kind: string): TemplateKind => (kind === 'test_report' ? 'test_report' : 'contract');

export type ContractTemplateListQuery = ListQuery & { active?: '0' | '1'; kind?: TemplateKind };

const filterOf = (q: ContractTemplateListQuery): ContractTemplateFilter => ({
  search: likePattern(q.search),
  active: q.active === undefined ? undefined : q.active === '1',
  kind: q.kind,
});

const list = new kit.PlainList({
  sorts: CONTRACT_TEMPLATE_SORTS,
  sort: 'name',
  rows: (db, q: ContractTemplateListQuery, sort, w) => repo.list(db, filterOf(q), sort, w.limit, w.offset),
  count: (db, q) => repo.count(db, filterOf(q)),
  toRecord: toTemplate,
});

/** A downloadable .docx: its bytes and the name it is saved under. */
export interface DocxFile {
  fileName: string;
  buffer: Buffer;
}

export class ContractTemplatesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly documents: DocumentsService,
  ) {}

  list(q: ContractTemplateListQuery): Promise<Paginated<ContractTemplate>> {
    return list.list(this.db, q);
  }

  exportRows(q: ContractTemplateListQuery): Promise<AsyncIterable<ContractTemplate>> {
    return list.exportRows(this.db, q);
  }

  options(): Promise<ContractTemplateOption[]> {
    return repo.options(this.db);
  }

  get(id: number, db: Kysely<DB> = this.db): Promise<ContractTemplate> {
    return templates.get(db, id);
  }

  /** The one .docx of a create/update, read and checked; every problem refuses it with 422. */
  private async checkedFile(
    uploads: Upload[],
    required: boolean,
    kind: TemplateKind,
  ): Promise<{ upload: Upload; placeholders: string[] } | null> {
    const files = uploads.filter((u) => u.base === 'file');
    if (uploads.length > files.length || files.length > 1) throw invalid('file', 'Chỉ gửi một tệp mẫu .docx ở trường "file".');
    const upload = files[0];
    if (!upload) {
      if (required) throw invalid('file', 'Vui lòng chọn tệp mẫu hợp đồng (.docx).');
      return null;
    }
    const { catalogue, noun } = KIND[kind];
    const { placeholders, problems } = inspectDocxTemplate(await readFile(upload.tempPath), catalogue);
    if (problems.length > 0) throw templateRefused(problems, noun);
    return { upload, placeholders };
  }

  /** Stores the checked file as the template's document, replacing the one it had. Returns the old files' keys. */
  private async storeFile(
    trx: Kysely<DB>,
    actor: Actor,
    id: number,
    upload: Upload,
  ): Promise<{ documentId: number; oldKeys: string[] }> {
    const oldKeys = await this.documents.deleteFor(trx, CONTRACT_TEMPLATE_ENTITY, id);
    const [doc] = (await this.documents.insertUploads(trx, [upload], {
      uploadedBy: actor.id,
      entity: CONTRACT_TEMPLATE_ENTITY,
      entityId: id,
    })) as [DocumentRecord];
    return { documentId: doc.id, oldKeys };
  }

  async create(actor: Actor, body: ContractTemplateCreateBody, uploads: Upload[]): Promise<ContractTemplate> {
    const file = await this.checkedFile(uploads, true, body.kind);
    if (!file) throw invalid('file', 'Vui lòng chọn tệp mẫu hợp đồng (.docx).');
    return this.documents.saveWith(uploads, (trx) =>
      templates.create(trx, actor, body, {
        values: { placeholders: JSON.stringify(file.placeholders), kind: body.kind },
        written: async (trx, id) => {
          const { documentId } = await this.storeFile(trx, actor, id, file.upload);
          await repo.setDocument(trx, id, documentId);
        },
      }),
    );
  }

  /** Updates the fields; a new file (optional) replaces the old one once it passes the check. */
  async update(actor: Actor, id: number, body: ContractTemplateUpdateBody, uploads: Upload[]): Promise<ContractTemplate> {
    // The kind is the stored one: the file kept without a new upload was checked against its catalogue.
    const { kind } = await this.get(id);
    const file = await this.checkedFile(uploads, false, kind);
    let oldKeys: string[] = [];
    const after = await this.documents.saveWith(uploads, (trx) =>
      templates.update(trx, actor, id, body, {
        values: async (trx) => {
          if (!file) return {};
          const stored = await this.storeFile(trx, actor, id, file.upload);
          oldKeys = stored.oldKeys;
          return { document_id: stored.documentId, placeholders: JSON.stringify(file.placeholders) };
        },
      }),
    );
    await this.documents.removeFiles(oldKeys);
    return after;
  }

  /** Whether a contract was made from the template (then it cannot be deleted, only set inactive). */
  async inUse(id: number, db: Kysely<DB> = this.db): Promise<number> {
    return repo.contractsCount(db, id);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    let keys: string[] = [];
    await templates.delete(this.db, actor, id, {
      removing: async (trx) => {
        keys = await this.documents.deleteFor(trx, CONTRACT_TEMPLATE_ENTITY, id);
      },
    });
    await this.documents.removeFiles(keys);
  }

  /** The template's stored .docx (the contracts module fills it). 422 when the template has no file any more. */
  async fileOf(templateId: number): Promise<Buffer> {
    const template = await this.get(templateId);
    if (!template.file) {
      throw new AppError(422, 'TEMPLATE_FILE_MISSING', `Mẫu hợp đồng "${template.name}" chưa có tệp .docx.`, [
        { field: 'template_id', message: `Mẫu hợp đồng "${template.name}" chưa có tệp .docx.` },
      ]);
    }
    return this.documents.read(template.file.id);
  }

  /** The company's test report template (the newest active one, decision 40.32), or null for the built-in one; `db`
   * is the signing's transaction (read through it: SQLite has one connection). */
  async reportTemplate(db: Kysely<DB> = this.db): Promise<Buffer | null> {
    const row = await repo.newestActiveReport(db);
    return row?.document_id ? this.documents.read(row.document_id, db) : null;
  }

  /** `GET …/{id}/file`: the template as uploaded. */
  async download(id: number): Promise<DocxFile> {
    const template = await this.get(id);
    const buffer = await this.fileOf(id);
    return { fileName: template.file?.original_name ?? `${template.code}.docx`, buffer };
  }

  /** `GET …/{id}/preview`: the template filled with the catalogue's sample data. */
  async preview(id: number): Promise<DocxFile> {
    const template = await this.get(id);
    const buffer = renderDocxTemplate(await this.fileOf(id), sampleTemplateData(KIND[template.kind].catalogue));
    return { fileName: `xem-thu-${template.code}.docx`, buffer };
  }
}

function toTemplate(row: ContractTemplateRow): ContractTemplate {
  const file: DocumentRecord | null =
    row.document_id && row.doc_name
      ? {
          id: row.document_id,
          original_name: row.doc_name,
          mime: row.doc_mime ?? '',
          size: Number(row.doc_size),
          checksum: row.doc_checksum ?? '',
          is_public: Boolean(Number(row.doc_is_public)),
          created_at: row.doc_created_at ?? '',
          url: `/api/documents/${row.document_id}/download`,
        }
      : null;
  return {
    ...kit.recordHead(row),
    description: row.description,
    active: Boolean(Number(row.active)),
    kind: kindOf(row.kind),
    placeholders: parsePlaceholders(row.placeholders),
    file,
    contracts_count: Number(row.contracts_count ?? 0),
    created_by: row.created_by && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
    ...kit.recordStamps(row),
  };
}
