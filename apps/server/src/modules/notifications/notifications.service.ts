import type { Paginated } from '@qlcv/common/schemas/common';
import { eventLabel } from '@qlcv/common/schemas/notification-settings';
import type { Notification, NotificationListQuery, ReadAllResult } from '@qlcv/common/schemas/notifications';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { RealtimeHub } from '../../lib/realtime/hub';
import { type NotificationRow, notificationsRepository as repo } from './notifications.repository';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    event: row.event,
    event_label: eventLabel(row.event),
    entity: row.entity,
    entity_id: row.entity_id,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

/**
 * A person's own in-app notifications: list, unread count, mark read. Someone else's notification answers 404. Marking
 * read is published to the user's other open pages (`type: 'read'`), so every badge agrees.
 */
export class NotificationsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly hub: RealtimeHub,
  ) {}

  async list(actor: Actor, q: NotificationListQuery): Promise<Paginated<Notification>> {
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.list(this.db, actor.id, q.status, w.limit, w.offset),
      repo.count(this.db, actor.id, q.status),
    ]);
    return toPage(rows.map(toNotification), total, w);
  }

  unreadCount(userId: number): Promise<number> {
    return repo.count(this.db, userId, 'unread');
  }

  /** What a reconnecting live stream missed (Last-Event-ID), oldest first. */
  async since(userId: number, afterId: number, limit = 100): Promise<Notification[]> {
    return (await repo.since(this.db, userId, afterId, limit)).map(toNotification);
  }

  async get(userId: number, id: number): Promise<Notification> {
    const row = await repo.find(this.db, userId, id);
    if (!row) throw notFound('Không tìm thấy thông báo.');
    return toNotification(row);
  }

  async markRead(actor: Actor, id: number): Promise<Notification> {
    const changed = await repo.markRead(this.db, actor.id, id, nowIso());
    const notification = await this.get(actor.id, id);
    if (changed) await this.publishRead(actor.id, [id]);
    return notification;
  }

  async markAllRead(actor: Actor): Promise<ReadAllResult> {
    const updated = await repo.markAllRead(this.db, actor.id, nowIso());
    if (updated > 0) await this.publishRead(actor.id, 'all');
    return { updated, count: await this.unreadCount(actor.id) };
  }

  private async publishRead(userId: number, ids: number[] | 'all') {
    const count = await this.unreadCount(userId);
    // The live push is a courtesy: the write has happened whatever the hub does.
    await this.hub.publish(userId, { id: '', type: 'read', data: { ids, unread_count: count } }).catch(() => undefined);
  }
}
