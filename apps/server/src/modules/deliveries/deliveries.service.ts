import type { Paginated } from '@qlcv/common/schemas/common';
import { DELIVERY_SORTS, type Delivery, type DeliveryListQuery, type DeliveryStatus } from '@qlcv/common/schemas/deliveries';
import { eventLabel } from '@qlcv/common/schemas/notification-settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { newToken } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { fitKey } from '../../lib/outbox';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { likePattern } from '../../lib/vi-search';
import { type DeliveryListRow, deliveriesRepository as repo } from './deliveries.repository';

function toDelivery(row: DeliveryListRow): Delivery {
  return {
    id: row.id,
    event: row.event,
    event_label: eventLabel(row.event),
    event_id: row.event_id,
    user: row.user_id && row.user_name ? { id: row.user_id, name: row.user_name } : null,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
    provider_response: row.provider_response,
    fallback_of: row.fallback_of,
    sent_at: row.sent_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The delivery log of the outbox, and "send again". A resend never rewrites history: it queues a NEW delivery copying
 * the message (a fresh idempotency key, `fallback_of` pointing at the original), so the log keeps both tries. A
 * delivery still waiting (pending, sending) cannot be resent; a `failed` one that would retry by itself is closed
 * (`dead`) as the new one replaces it, so the message is not sent twice.
 */
export class DeliveriesService {
  constructor(
    private readonly db: Kysely<DB>,
    /** Wakes the outbox loop (when it runs in this process). */
    private readonly kick: () => void = () => {},
  ) {}

  async list(q: DeliveryListQuery): Promise<Paginated<Delivery>> {
    // The recipient is an address: lower case is enough; the user's name goes through its normalised column.
    const search = q.search?.trim() ? likePattern(q.search) : null;
    const filter = { channels: q.channel, statuses: q.status, event: q.event, search };
    const sort = parseSort(q.sort, DELIVERY_SORTS, '-created_at');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, filter, sort, w.limit, w.offset), repo.count(this.db, filter)]);
    return toPage(rows.map(toDelivery), total, w);
  }

  async resend(actor: Actor, id: number): Promise<Delivery> {
    const newId = await this.db.transaction().execute(async (trx) => {
      const row = await repo.find(trx, id);
      if (!row) throw notFound('Không tìm thấy lượt gửi.');
      if (row.status === 'pending' || row.status === 'sending') {
        throw conflict('Tin này đang chờ gửi, không cần gửi lại.');
      }
      const now = nowIso();
      if (row.status === 'failed') {
        const closed = await repo.closeFailed(trx, id, `${row.last_error ?? ''} — đã gửi lại thủ công`.slice(0, 1000), now);
        if (!closed) throw conflict('Tin này vừa được gửi lại tự động. Vui lòng tải lại trang.');
      }
      const insertedId = await repo.insert(trx, {
        event_id: row.event_id,
        event: row.event,
        user_id: row.user_id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        data: row.data,
        status: 'pending',
        attempts: 0,
        max_attempts: row.max_attempts,
        next_attempt_at: now,
        idempotency_key: fitKey(`r:${id}:${newToken().slice(0, 16)}`),
        fallback_of: id,
        created_at: now,
        updated_at: now,
      });
      await writeAudit(trx, actor, {
        entity: 'deliveries',
        entityId: id,
        action: 'resend',
        changes: { resent_as: [null, insertedId] },
      });
      return insertedId;
    });
    this.kick();
    const created = await repo.find(this.db, newId);
    if (!created) throw notFound();
    return toDelivery(created);
  }
}
