import {
  EVENT_CATALOGUE,
  eventLabel,
  isNotificationEvent,
  NOTIFICATION_EVENTS,
} from '@qlcv/common/schemas/notification-settings';
import type { NotificationPreferences, NotificationPreferencesBody } from '@qlcv/common/schemas/notifications';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { notificationPreferencesRepository as repo } from './notification-preferences.repository';

/**
 * A user's own opt-outs (`/api/profile/notification-preferences`): for each active event, the channels its setting
 * sends through, each on unless they turned it off. Stored as rows of `notification_preferences`; the dispatcher
 * skips a channel whose row says off.
 */
export class NotificationPreferencesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: NotificationSettingsService,
  ) {}

  async get(userId: number): Promise<NotificationPreferences> {
    const [settings, rows] = await Promise.all([this.settings.allParsed(), repo.ofUser(this.db, userId)]);
    const off = new Set(rows.filter((r) => !r.enabled).map((r) => `${r.event}:${r.channel}`));
    const byEvent = new Map(settings.map((s) => [s.event, s]));
    return {
      events: NOTIFICATION_EVENTS.flatMap((event) => {
        const s = byEvent.get(event);
        if (!s?.active || s.channels.length === 0) return [];
        return [
          {
            event,
            event_label: eventLabel(event),
            group: EVENT_CATALOGUE[event].group,
            channels: s.channels.map((channel) => ({ channel, enabled: !off.has(`${event}:${channel}`) })),
          },
        ];
      }),
    };
  }

  async update(actor: Actor, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
    const settings = new Map((await this.settings.allParsed()).map((s) => [s.event, s]));
    const errors = body.preferences.flatMap((p, i) => {
      if (!isNotificationEvent(p.event)) return [{ field: `preferences.${i}.event`, message: 'Sự kiện không hợp lệ.' }];
      if (!settings.get(p.event)?.channels.includes(p.channel)) {
        return [{ field: `preferences.${i}.channel`, message: `Sự kiện "${eventLabel(p.event)}" không gửi qua kênh này.` }];
      }
      return [];
    });
    if (errors.length > 0) throw new AppError(422, 'VALIDATION_FAILED', errors[0]?.message ?? '', errors);
    await this.db.transaction().execute(async (trx) => {
      for (const p of body.preferences) await repo.set(trx, actor.id, p);
    });
    return this.get(actor.id);
  }
}
