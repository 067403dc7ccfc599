import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import { COMMENT_SORTS, type CommentBody, type WorkComment } from '@qlcv/common/schemas/works';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { workEvent } from './works.mappers';
import { worksRepository as repo } from './works.repository';
import type { WorksService } from './works.service';

function toComment(r: {
  id: number;
  work_id: number;
  body: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}): WorkComment {
  return {
    id: r.id,
    work_id: r.work_id,
    body: r.body,
    user: r.user_id && r.user_name ? { id: r.user_id, name: r.user_name } : null,
    created_at: r.created_at,
  };
}

/** A work's comments: whoever sees the work reads them and may add one, whatever its status. */
export class WorkCommentsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly works: WorksService,
  ) {}

  async list(actor: Actor, id: number, q: ListQuery): Promise<Paginated<WorkComment>> {
    await this.works.visibleRow(this.db, actor, id);
    const sort = parseSort(q.sort, COMMENT_SORTS, 'created_at');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.comments(this.db, id, sort.direction, w.limit, w.offset),
      repo.commentsCount(this.db, id),
    ]);
    return toPage(rows.map(toComment), total, w);
  }

  async add(actor: Actor, id: number, body: CommentBody): Promise<WorkComment> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.works.visibleRow(trx, actor, id);
      const commentId = await repo.insertComment(trx, { work_id: id, user_id: actor.id, body: body.body, created_at: nowIso() });
      await workEvent(trx, 'work.commented', id, actor, { code: row.code, comment_id: commentId });
      return toComment(await repo.findComment(trx, commentId));
    });
  }
}
