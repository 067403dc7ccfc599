import { hasAnyPermission, type PermissionKey } from '@qlcv/common/permissions';
import { type AuditEntity, type AuditLog, auditKeysOf } from '@qlcv/common/schemas/audit-logs';
import { ALL_ROWS_CAP, type ListQuery, type Paginated } from '@qlcv/common/schemas/common';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import type { RecordCheck } from '../../lib/record-access';
import { auditLogsRepository as repo } from './audit-logs.repository';

export class AuditLogsService {
  private readonly access = new Map<string, RecordCheck>();

  constructor(private readonly db: Kysely<DB>) {}

  /**
   * How a scoped entity's record is checked (works: only those in the actor's scope), as its module declares it
   * (`<module>.access.ts`, wired in app.ts); outside the scope its history answers 404.
   */
  registerAccess(entity: AuditEntity, access: RecordCheck): void {
    this.access.set(entity, access);
  }

  /** A record's history ("Lịch sử"), newest first; reading it needs the key that opens the record. */
  async list(actor: Actor, q: ListQuery & { entity: AuditEntity; entity_id: number }): Promise<Paginated<AuditLog>> {
    if (!hasAnyPermission(actor.permissions, auditKeysOf(q.entity) as PermissionKey[])) throw forbidden();
    const access = this.access.get(q.entity);
    if (access && !(await access(this.db, q.entity_id, actor))) throw notFound();
    // Sorted by time only: newest first unless `sort=created_at`; any other column is refused like every list.
    const sort = parseSort(q.sort, ['created_at'] as const, '-created_at');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.list(this.db, q.entity, q.entity_id, sort.direction, w.limit, w.offset),
      repo.count(this.db, q.entity, q.entity_id),
    ]);
    return toPage(rows.map(toAuditLog), total, w);
  }

  /**
   * The whole history of a record, oldest first, for a detail page whose service has already let the actor open the
   * record and checked the key: no second access check, no count.
   */
  async timeline(entity: AuditEntity, entityId: number): Promise<AuditLog[]> {
    return (await repo.list(this.db, entity, entityId, 'asc', ALL_ROWS_CAP, 0)).map(toAuditLog);
  }
}

type AuditLogRow = Awaited<ReturnType<typeof repo.list>>[number];

const toAuditLog = (r: AuditLogRow): AuditLog => ({
  id: r.id,
  entity: r.entity,
  entity_id: r.entity_id,
  action: r.action,
  changes: r.changes ? (JSON.parse(r.changes) as Record<string, unknown>) : null,
  user: r.user_id && r.user_name ? { id: r.user_id, name: r.user_name } : null,
  ip: r.ip,
  created_at: r.created_at,
});
