import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { NotificationSettingsService } from './notification-settings.service';

/** The default notification setting of every catalogue event that has none, created at each start (idempotent). */
export function ensureNotificationSettings(db: Kysely<DB>): Promise<number> {
  return new NotificationSettingsService(db).ensureDefaults();
}
