import {
  type PublicRequestType,
  REQUEST_TYPE_SORTS,
  type RequestType,
  type RequestTypeCreateBody,
  type RequestTypeListQuery,
  type RequestTypeOption,
} from '@qlcv/common/schemas/request-types';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { likePattern } from '../../lib/vi-search';
import { type RequestTypeFilter, type RequestTypeRow, requestTypesRepository as repo } from './request-types.repository';

const requestTypes = new kit.PlainRecords({
  table: 'request_types',
  notFound: 'Không tìm thấy loại yêu cầu.',
  find: repo.find,
  toRecord: toRequestType,
  values: (body: RequestTypeCreateBody) => ({
    ...kit.codeNameValues(body),
    process_id: body.process_id,
    is_public: body.is_public ? 1 : 0,
    service_group: body.service_group ?? null,
    search_text: searchText(body.code, body.name, body.service_group),
  }),
  /** The process must exist and be in use (kept as is when an edit does not change it). */
  check: async (db, body, before) => {
    const process = await repo.processOf(db, body.process_id);
    if (!process) throw invalid('process_id', 'Quy trình xử lý không tồn tại.');
    if (Number(process.active) !== 1 && body.process_id !== before?.process_id) {
      throw invalid('process_id', 'Quy trình xử lý đã ngừng sử dụng, vui lòng chọn quy trình khác.');
    }
  },
  inUse: (_db, type) =>
    kit.refusedWhileUsed(
      type.requests_count,
      `Không thể xóa loại yêu cầu đã có ${type.requests_count} yêu cầu. Hãy ngừng sử dụng loại yêu cầu này thay vì xóa.`,
    ),
});

const filterOf = (q: RequestTypeListQuery): RequestTypeFilter => ({
  search: likePattern(q.search),
  isPublic: q.is_public,
  active: q.active,
  processId: q.process_id,
});

const list = new kit.PlainList({
  sorts: REQUEST_TYPE_SORTS,
  sort: 'name',
  rows: (db, q: RequestTypeListQuery, sort, w) => repo.list(db, filterOf(q), sort, w.limit, w.offset),
  count: (db, q) => repo.count(db, filterOf(q)),
  toRecord: toRequestType,
});

export class RequestTypesService extends kit.ListedRecordService<typeof requestTypes, RequestTypeListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, requestTypes, list);
  }

  /** The active types, picker fields only: for the request forms and the request list's filter. */
  async options(): Promise<RequestTypeOption[]> {
    const rows = await repo.options(this.db);
    return rows.map((r) => ({ ...r, is_public: Number(r.is_public) === 1 }));
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
}

function toRequestType(row: RequestTypeRow): RequestType {
  return {
    ...kit.recordHead(row),
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
    ...kit.recordStamps(row),
  };
}
