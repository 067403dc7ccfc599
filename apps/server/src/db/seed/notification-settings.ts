import type { Kysely } from 'kysely';
import { NotificationSettingsService } from '../../modules/notification-settings/notification-settings.service';
import type { DB } from '../schema';

/** The default notification setting of every catalogue event that has none, created at each start (idempotent). */
export function ensureNotificationSettings(db: Kysely<DB>): Promise<number> {
  return new NotificationSettingsService(db).ensureDefaults();
}
