import type { Paginated } from '@qlcv/common/schemas/common';
import {
  type PublicRequestType,
  REQUEST_TYPE_SORTS,
  type RequestType,
  type RequestTypeCreateBody,
  type RequestTypeListQuery,
  type RequestTypeOption,
  type RequestTypeUpdateBody,
} from '@qlcv/common/schemas/request-types';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { likePattern } from '../../lib/vi-search';
import { type RequestTypeRow, requestTypesRepository as repo } from './request-types.repository';

function toRequestType(row: RequestTypeRow): RequestType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    process_id: row.process_id,
    process:
      row.process_id && row.process_name
        ? { id: row.process_id, name: row.process_name, active: Number(row.process_active) === 1 }
        : null,
    is_public: Number(row.is_public) === 1,
    service_group: row.service_group,
    active: Number(row.active) === 1,
    requests_count: Number(row.requests_count ?? 0),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class RequestTypesService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: RequestTypeListQuery): Promise<Paginated<RequestType>> {
    const filter = { search: likePattern(q.search), isPublic: q.is_public, active: q.active, processId: q.process_id };
    const sort = parseSort(q.sort, REQUEST_TYPE_SORTS, 'name');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, filter, sort, w.limit, w.offset), repo.count(this.db, filter)]);
    return toPage(rows.map(toRequestType), total, w);
  }

  /** Rows for the export: the list's filter and order, every page. */
  exportRows(q: RequestTypeListQuery): Promise<AsyncIterable<RequestType>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** The active types, picker fields only: for the request forms and the request list's filter. */
  async options(): Promise<RequestTypeOption[]> {
    const rows = await repo.options(this.db);
    return rows.map((r) => ({ ...r, is_public: Number(r.is_public) === 1 }));
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<RequestType> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('Không tìm thấy loại yêu cầu.');
    return toRequestType(row);
  }

  /** The public form's picker: active public types with a runnable process, minimal fields. */
  async publicList(): Promise<PublicRequestType[]> {
    return repo.publicList(this.db);
  }

  /**
   * For the requests module: the type a new request names, checked usable (active, with an active process; public
   * when the request comes from the public page). Otherwise 422 on `request_type_id`, the same for every reason.
   */
  async forRequest(
    id: number,
    opts: { publicOnly: boolean },
    db: Kysely<DB> = this.db,
  ): Promise<{ id: number; name: string; process_id: number }> {
    const row = await repo.forRequest(db, id);
    const usable =
      row?.process_id &&
      Number(row.active) === 1 &&
      Number(row.process_active) === 1 &&
      (!opts.publicOnly || Number(row.is_public) === 1);
    if (!row?.process_id || !usable) throw invalid('request_type_id', 'Loại yêu cầu không tồn tại hoặc đã ngừng tiếp nhận.');
    return { id: row.id, name: row.name, process_id: row.process_id };
  }

  /** The code is unique; the process must exist and be in use (kept as is when an edit does not change it). */
  private async checkRefs(db: Kysely<DB>, body: RequestTypeCreateBody, before?: RequestType) {
    const other = await repo.findByCode(db, body.code);
    if (other && other.id !== before?.id) throw taken('request_types.code');
    const process = await repo.processOf(db, body.process_id);
    if (!process) throw invalid('process_id', 'Quy trình xử lý không tồn tại.');
    if (Number(process.active) !== 1 && body.process_id !== before?.process_id) {
      throw invalid('process_id', 'Quy trình xử lý đã ngừng sử dụng, vui lòng chọn quy trình khác.');
    }
  }

  private values(body: RequestTypeCreateBody) {
    return {
      code: body.code,
      name: body.name,
      description: body.description ?? null,
      process_id: body.process_id,
      is_public: body.is_public ? 1 : 0,
      service_group: body.service_group ?? null,
      active: body.active ? 1 : 0,
      search_text: searchText(body.code, body.name, body.service_group),
    };
  }

  async create(actor: Actor, body: RequestTypeCreateBody): Promise<RequestType> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, body);
      const now = nowIso();
      const id = await repo.insert(trx, { ...this.values(body), created_at: now, updated_at: now, created_by: actor.id });
      const created = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'request_types', entityId: id, action: 'create', changes: diff(null, created) });
      return created;
    });
  }

  async update(actor: Actor, id: number, body: RequestTypeUpdateBody): Promise<RequestType> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.checkRefs(trx, body, before);
      if (!(await repo.updateVersioned(trx, id, body.version, this.values(body)))) throw staleVersion();
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'request_types', entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a row being written that references it is waited for, a later one finds it gone.
      await lockRow(trx, 'request_types', id, 'delete');
      const type = await this.get(id, trx);
      if (type.requests_count > 0) {
        throw conflict(
          `Không thể xóa loại yêu cầu đã có ${type.requests_count} yêu cầu. Hãy ngừng sử dụng loại yêu cầu này thay vì xóa.`,
        );
      }
      await repo.delete(trx, id);
      await writeAudit(trx, actor, { entity: 'request_types', entityId: id, action: 'delete', changes: diff(type, null) });
    });
  }
}
