import { createHash } from 'node:crypto';
import { isNotificationEvent, renderTemplate } from '@qlcv/common/schemas/notification-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectKind } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { ChannelName } from '../../integrations/channels';
import { nowIso } from '../../lib/clock';
import { enqueueDeliveries, type NewDelivery } from '../../lib/outbox';
import type { RealtimeHub } from '../../lib/realtime/hub';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { notificationDispatchRepository as dispatchRepo } from './notification-dispatch.repository';
import { type DomainEventRow, loadContext, type Person, resolveRecipients } from './notification-recipients';
import { type NotificationRow, notificationsRepository } from './notifications.repository';
import { toNotification } from './notifications.service';

/** What the live stream receives for a new notification (`type: 'notification'`). */
export interface NotificationPush {
  notification: ReturnType<typeof toNotification>;
  unread_count: number;
}

/** Events claimed and dispatched per transaction. */
const BATCH = 20;
/** An event that failed this many times is set aside (logged), so one bad record never blocks the queue. */
const MAX_FAILURES = 3;

/**
 * `${event}:${who}:${channel}`, at most 64 characters: a user is `u<id>`, an outside address a short hash of it, so a
 * long e-mail fits and the same person reached twice by one event is one delivery.
 */
export function deliveryKey(eventId: number, person: Person, channel: ChannelName): string {
  const who = person.userId
    ? `u${person.userId}`
    : `a${createHash('sha256')
        .update(channel === 'email' ? (person.email ?? '') : (person.mobile ?? ''))
        .digest('hex')
        .slice(0, 16)}`;
  return `${eventId}:${who}:${channel}`;
}

export interface DispatchResult {
  notifications: NotificationRow[];
  deliveries: number;
}

/**
 * Events → notifications and deliveries. The `domain_events` row, written in the transaction of the change, is the
 * durable record; this claims the unprocessed ones in id order (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so instances
 * share the work; SQLite: one writer) and, for each, resolves the recipients of the event's setting, renders its
 * templates, inserts one notification per in-app recipient and one delivery per recipient × outside channel (unique
 * keys make a second pass insert nothing), skipping the channels a user turned off, and marks the event processed —
 * all in the transaction that claimed it (up to BATCH events a transaction; a failing batch is redone one event a
 * transaction). After the commit the new notifications are published live.
 */
export class NotificationDispatcher {
  private readonly failures = new Map<number, number>();
  private claimed: number | null = null;
  /** Called after a pass that queued deliveries (the outbox loop wakes at once). */
  onDeliveries: (() => void) | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: DialectKind,
    private readonly settings: NotificationSettingsService,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
    /** The app's address (PUBLIC_URL): a message read outside the app gets the whole link, the app keeps the path. */
    private readonly publicUrl?: string,
  ) {}

  /** Processes up to `max` pending events; returns how many. */
  async runOnce(max = 100): Promise<number> {
    let done = 0;
    let queued = 0;
    let size = BATCH;
    while (done < max) {
      // A plain read first: an idle poll takes no write lock (SQLite's BEGIN IMMEDIATE would).
      const next = await dispatchRepo.nextPendingEvent(this.db);
      if (!next) break;
      let result: (DispatchResult & { events: number }) | null;
      this.claimed = null;
      try {
        const limit = Math.min(size, max - done);
        result = await this.db.transaction().execute((trx) => this.claimAndDispatch(trx, limit));
      } catch (err) {
        // A batch that failed is done again one event at a time, so only the faulty event is held back.
        if (size > 1) {
          size = 1;
          continue;
        }
        // Tried again on the next pass (a passing database error); set aside after MAX_FAILURES.
        await this.failed(this.claimed ?? next.id, err);
        break;
      }
      if (result === null) break;
      done += result.events;
      queued += result.deliveries;
      await this.publish(result.notifications);
    }
    if (queued > 0) this.onDeliveries?.();
    return done;
  }

  /**
   * Claims up to `limit` events in id order and dispatches each; one commit for the lot (a commit costs more than an
   * event's reads and inserts). Each event's rows and its processed mark still commit together.
   */
  private async claimAndDispatch(trx: Kysely<DB>, limit: number): Promise<(DispatchResult & { events: number }) | null> {
    const events = await dispatchRepo.claimPendingEvents(trx, limit, this.kind === 'postgres');
    if (events.length === 0) return null;
    const out = { events: events.length, notifications: [] as NotificationRow[], deliveries: 0 };
    for (const event of events) {
      this.claimed = event.id;
      const result = await this.dispatch(trx, event);
      out.notifications.push(...result.notifications);
      out.deliveries += result.deliveries;
    }
    const ids = events.map((e) => e.id);
    await dispatchRepo.markProcessed(trx, ids, nowIso());
    return out;
  }

  /** One event's notifications and deliveries, inside the caller's transaction. */
  async dispatch(trx: Kysely<DB>, event: DomainEventRow): Promise<DispatchResult> {
    const none = { notifications: [], deliveries: 0 };
    if (!isNotificationEvent(event.type)) return none;
    const setting = await this.settings.forEvent(event.type, trx);
    if (!setting?.active || setting.channels.length === 0) return none;
    const ctx = await loadContext(trx, event);
    if (!ctx) return none;
    const people = await resolveRecipients(trx, setting.recipients, ctx, event.actor_id);
    if (people.length === 0) return none;

    const userIds = people.flatMap((p) => (p.userId ? [p.userId] : []));
    const off = new Set(
      userIds.length === 0 ? [] : (await dispatchRepo.optedOut(trx, event.type, userIds)).map((p) => `${p.user_id}:${p.channel}`),
    );
    const actor = event.actor_id ? await dispatchRepo.actorName(trx, event.actor_id) : undefined;
    const devices = new Map<number, { id: number; device_label: string }[]>();
    if (setting.channels.includes('push') && userIds.length > 0) {
      for (const d of await dispatchRepo.pushSubscriptionsOf(trx, userIds)) {
        devices.set(d.user_id, [...(devices.get(d.user_id) ?? []), d]);
      }
    }
    const base = { ...ctx.vars, 'actor.name': actor?.name ?? 'Hệ thống', link: ctx.link ?? '' };
    const now = nowIso();
    const notifications: Parameters<typeof notificationsRepository.insertMany>[1] = [];
    const deliveries: NewDelivery[] = [];

    const outsideLink = ctx.link && this.publicUrl ? `${this.publicUrl}${ctx.link}` : null;
    for (const person of people) {
      const vars = { ...base, 'recipient.name': person.name };
      const title = renderTemplate(setting.titleTemplate, vars).slice(0, 255);
      const body = renderTemplate(setting.bodyTemplate, vars);
      const outsideVars = outsideLink ? { ...vars, link: outsideLink } : vars;
      const outsideBody = outsideLink ? renderTemplate(setting.bodyTemplate, outsideVars) : body;
      for (const channel of setting.channels) {
        if (person.userId && off.has(`${person.userId}:${channel}`)) continue;
        if (channel === 'in_app') {
          if (!person.userId) continue;
          notifications.push({
            user_id: person.userId,
            event: event.type,
            event_id: event.id,
            entity: event.entity,
            entity_id: event.entity_id,
            title,
            body,
            link: ctx.link,
            created_at: now,
          });
          continue;
        }
        if (channel === 'push') {
          if (!person.userId) continue;
          // One delivery per browser; the service worker shows it and opens `url` when clicked.
          const payload = pushPayload(title, body, ctx.link, `${event.entity}-${event.entity_id}`);
          for (const device of devices.get(person.userId) ?? []) {
            deliveries.push({
              eventId: event.id,
              event: event.type,
              userId: person.userId,
              channel,
              recipient: String(device.id),
              subject: title,
              body: payload,
              data: { device: device.device_label },
              idempotencyKey: `${deliveryKey(event.id, person, channel)}:${device.id}`,
            });
          }
          continue;
        }
        const address = channel === 'email' ? person.email : person.mobile;
        if (!address) continue;
        deliveries.push({
          eventId: event.id,
          event: event.type,
          userId: person.userId,
          channel,
          recipient: address,
          // E-mail has a subject; a text message or a Zalo template carries the body alone.
          subject: channel === 'email' ? title : null,
          body: outsideBody,
          data: channel === 'zalo' ? { kind: event.type.replace('.', '_'), template_data: zaloData(outsideVars) } : null,
          idempotencyKey: deliveryKey(event.id, person, channel),
        });
      }
    }
    const inserted = await notificationsRepository.insertMany(trx, notifications);
    const queued = await enqueueDeliveries(trx, deliveries, now);
    return { notifications: inserted, deliveries: queued };
  }

  private async publish(rows: NotificationRow[]) {
    const counts = new Map<number, number>();
    for (const row of rows) {
      try {
        // Each user's count once a pass, told with their newest notification.
        let count = counts.get(row.user_id);
        if (count === undefined) {
          count = await notificationsRepository.count(this.db, row.user_id, 'unread');
          counts.set(row.user_id, count);
        }
        const data: NotificationPush = { notification: toNotification(row), unread_count: count };
        await this.hub.publish(row.user_id, { id: String(row.id), type: 'notification', data });
      } catch (err) {
        // The notification is stored; a reload or the next reconnect shows it.
        this.log.warn({ err, notification: row.id }, 'live push failed');
      }
    }
  }

  /** A failing event is retried on the next passes, then set aside (marked processed) with an error in the log. */
  private async failed(eventId: number, err: unknown) {
    const n = (this.failures.get(eventId) ?? 0) + 1;
    this.failures.set(eventId, n);
    this.log.error({ err, event: eventId, failures: n }, 'notification dispatch failed');
    if (n < MAX_FAILURES) return;
    this.failures.delete(eventId);
    await dispatchRepo.setAside(this.db, eventId, nowIso()).catch(() => undefined);
  }
}

/**
 * The Web Push payload (JSON the service worker reads): short enough to fit one 4 KiB encrypted record whatever the
 * templates say (Vietnamese letters take up to 3 bytes). `tag`: a newer notification about the same record replaces it.
 */
export function pushPayload(title: string, body: string, url: string | null, tag: string): string {
  const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  return JSON.stringify({ title: clip(title, 120), body: clip(body, 600), url: url ?? '/admin', tag });
}

/** Zalo template data: the placeholders with `_` for `.` (ZNS parameter names are plain words). */
function zaloData(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k.replaceAll('.', '_'), v]));
}
