import type { Paginated } from '@qlcv/common/schemas/common';
import {
  EVENT_CATALOGUE,
  eventLabel,
  isNotificationEvent,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_SETTING_SORTS,
  type NotificationChannel,
  type NotificationPreview,
  type NotificationPreviewBody,
  type NotificationRecipients,
  type NotificationSetting,
  type NotificationSettingCreateBody,
  type NotificationSettingListQuery,
  type NotificationSettingUpdateBody,
  notificationRecipientsSchema,
  renderTemplate,
  sampleValues,
  templateProblems,
} from '@qlcv/common/schemas/notification-settings';
import { normalizeVi } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { eventTakenMessage } from '../../lib/constraint-answers';
import { AppError, invalid, notFound } from '../../lib/errors';
import { parseJson } from '../../lib/json';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { updateVersioned } from '../../lib/versioned';
import { type NotificationSettingRow, notificationSettingsRepository as repo } from './notification-settings.repository';

const ENTITY = 'notification_settings';

/** A setting as the dispatcher reads it. */
export interface ParsedSetting {
  id: number;
  event: string;
  active: boolean;
  channels: NotificationChannel[];
  recipients: NotificationRecipients;
  titleTemplate: string;
  bodyTemplate: string;
}

export function parseSetting(row: NotificationSettingRow): ParsedSetting {
  const channels = parseJson(row.channels);
  const recipients = notificationRecipientsSchema.safeParse(parseJson(row.recipients) ?? {});
  return {
    id: row.id,
    event: row.event,
    active: Boolean(row.active),
    channels: Array.isArray(channels) ? NOTIFICATION_CHANNELS.filter((c) => (channels as unknown[]).includes(c)) : [],
    recipients: recipients.success ? recipients.data : { roles: [], departments: [], users: [], dynamic: [] },
    titleTemplate: row.title_template,
    bodyTemplate: row.body_template,
  };
}

const EVENT_ORDER = new Map<string, number>(NOTIFICATION_EVENTS.map((e, i) => [e, i]));

/**
 * The notification settings (PRODUCT.md §3): one per event of the catalogue, its templates checked against the
 * event's placeholders when saved. The table holds at most one row per catalogue event, so lists filter in memory.
 */
export class NotificationSettingsService {
  constructor(private readonly db: Kysely<DB>) {}

  private async toSetting(row: NotificationSettingRow, db: Kysely<DB> = this.db): Promise<NotificationSetting> {
    const s = parseSetting(row);
    const names = await repo.names(db, s.recipients);
    return {
      id: row.id,
      event: row.event,
      event_label: eventLabel(row.event),
      active: s.active,
      channels: s.channels,
      recipients: s.recipients,
      recipient_names: names,
      title_template: row.title_template,
      body_template: row.body_template,
      version: row.version,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async list(q: NotificationSettingListQuery): Promise<Paginated<NotificationSetting>> {
    const sort = parseSort(q.sort, NOTIFICATION_SETTING_SORTS, 'event');
    const term = normalizeVi(q.search);
    let rows = await repo.all(this.db);
    if (q.event) rows = rows.filter((r) => r.event === q.event);
    if (q.active) rows = rows.filter((r) => Boolean(r.active) === (q.active === 'true'));
    if (term) {
      rows = rows.filter((r) =>
        normalizeVi(`${r.event} ${eventLabel(r.event)} ${r.title_template} ${r.body_template}`).includes(term),
      );
    }
    const key = (r: NotificationSettingRow): string | number =>
      sort.column === 'event' ? (EVENT_ORDER.get(r.event) ?? 999) : r[sort.column];
    rows.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
      return sort.direction === 'asc' ? c : -c;
    });
    const w = pageWindow(q);
    const page = rows.slice(w.offset, w.offset + w.limit);
    return toPage(await Promise.all(page.map((r) => this.toSetting(r))), rows.length, w);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<NotificationSetting> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('Không tìm thấy cấu hình thông báo.');
    return this.toSetting(row, db);
  }

  /** The setting of an event, for the dispatcher and the preferences; undefined when there is none. */
  async forEvent(event: string, db: Kysely<DB> = this.db): Promise<ParsedSetting | undefined> {
    const row = await repo.findByEvent(db, event);
    return row ? parseSetting(row) : undefined;
  }

  async allParsed(db: Kysely<DB> = this.db): Promise<ParsedSetting[]> {
    return (await repo.all(db)).map(parseSetting);
  }

  /** The roles, departments and users named must exist: each missing one is a problem of its own. */
  private async checkRefs(db: Kysely<DB>, r: NotificationRecipients) {
    const errors: { field: string; message: string }[] = [];
    const labels = { roles: 'Vai trò', departments: 'Phòng ban', users: 'Người dùng' } as const;
    for (const table of ['roles', 'departments', 'users'] as const) {
      for (const id of await repo.missingIds(db, table, r[table])) {
        errors.push({ field: `recipients.${table}`, message: `${labels[table]} #${id} không tồn tại.` });
      }
    }
    if (errors.length > 0) throw new AppError(422, 'VALIDATION_FAILED', errors[0]?.message ?? '', errors);
  }

  private values(body: NotificationSettingCreateBody) {
    const r = body.recipients;
    return {
      event: body.event,
      active: body.active ? 1 : 0,
      channels: JSON.stringify(NOTIFICATION_CHANNELS.filter((c) => body.channels.includes(c))),
      recipients: JSON.stringify({
        roles: [...new Set(r.roles)],
        departments: [...new Set(r.departments)],
        users: [...new Set(r.users)],
        dynamic: [...new Set(r.dynamic)],
      }),
      title_template: body.title_template,
      body_template: body.body_template,
    };
  }

  async create(actor: Actor, body: NotificationSettingCreateBody): Promise<NotificationSetting> {
    return this.db.transaction().execute(async (trx) => {
      if (await repo.findByEvent(trx, body.event)) {
        throw invalid('event', eventTakenMessage(eventLabel(body.event), true));
      }
      await this.checkRefs(trx, body.recipients);
      const now = nowIso();
      const id = await repo.insert(trx, { ...this.values(body), created_at: now, updated_at: now, created_by: actor.id });
      const created = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: ENTITY, entityId: id, action: 'create', changes: diff(null, auditable(created)) });
      return created;
    });
  }

  async update(actor: Actor, id: number, body: NotificationSettingUpdateBody): Promise<NotificationSetting> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      if (body.event !== before.event) {
        const other = await repo.findByEvent(trx, body.event);
        if (other && other.id !== id) {
          throw invalid('event', eventTakenMessage(eventLabel(body.event), false));
        }
      }
      await this.checkRefs(trx, body.recipients);
      await updateVersioned(trx, 'notification_settings', id, body.version, this.values(body));
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, {
        entity: ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(auditable(before), auditable(after)),
      });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const setting = await this.get(id, trx);
      await repo.delete(trx, id);
      await writeAudit(trx, actor, { entity: ENTITY, entityId: id, action: 'delete', changes: diff(auditable(setting), null) });
    });
  }

  /** Renders unsaved templates with the event's sample values; what is wrong comes back beside the result. */
  preview(body: NotificationPreviewBody): NotificationPreview {
    const def = EVENT_CATALOGUE[body.event];
    const values = sampleValues(body.event);
    const problems = (['title_template', 'body_template'] as const).flatMap((field) =>
      templateProblems(body[field], def.placeholders).map((p) => ({ field, message: p.message })),
    );
    return { title: renderTemplate(body.title_template, values), body: renderTemplate(body.body_template, values), problems };
  }

  /**
   * The default setting of every catalogue event that has none (first start, or an event added by an upgrade);
   * idempotent and safe when two instances start at once. A setting an administrator deleted comes back on the next
   * start: to silence an event, turn it off instead.
   */
  async ensureDefaults(db: Kysely<DB> = this.db): Promise<number> {
    let created = 0;
    const now = nowIso();
    for (const event of NOTIFICATION_EVENTS) {
      const d = EVENT_CATALOGUE[event].defaults;
      const inserted = await repo.insertIfMissing(db, {
        event,
        active: d.active ? 1 : 0,
        channels: JSON.stringify(d.channels),
        recipients: JSON.stringify({ roles: [], departments: [], users: [], dynamic: d.recipients.dynamic }),
        title_template: d.title,
        body_template: d.body,
        created_at: now,
        updated_at: now,
        created_by: null,
      });
      if (inserted) created += 1;
    }
    return created;
  }
}

/** What the history shows of a setting: its fields, not the derived names. */
function auditable(s: NotificationSetting) {
  const { recipient_names: _names, event_label: _label, ...rest } = s;
  return rest;
}

export { isNotificationEvent };
