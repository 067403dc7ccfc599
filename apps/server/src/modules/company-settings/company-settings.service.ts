import type { Readable } from 'node:stream';
import {
  type CompanySettings,
  type CompanySettingsUpdateBody,
  type HolidayProposal,
  type HolidaysUpdateBody,
  type HolidayYear,
  LOGO_MAX_BYTES,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
  type PublicCompany,
} from '@qlcv/common/schemas/company-settings';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { proposeHolidays } from '@qlcv/common/vn-holidays';
import { HOLIDAY_KIND_LABELS, type HolidayDay, weekdayOf, weekKind } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import { COMPANY_SETTINGS_ID, DEFAULT_COMPANY_NAME, DEFAULT_WORKING_DAYS } from '../../db/migrations/0009-company-settings';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, invalid, notFound, staleVersion } from '../../lib/errors';
import type { Upload } from '../../plugins/multipart';
import type { DocumentsService } from '../documents/documents.service';
import { type CompanyCalendarService, effectiveDays, weekOf } from './company-calendar.service';
import { type CompanySettingsRow, companySettingsRepository as repo } from './company-settings.repository';

/** The entity names of the audit log and of the logo's document. */
export const COMPANY_SETTINGS_ENTITY = 'company_settings';
export const COMPANY_HOLIDAYS_ENTITY = 'company_holidays';

/** Where the logo downloads from without a token; `v` changes with the file, so a browser may cache each address. */
export const PUBLIC_LOGO_PATH = '/api/public/company/logo';

function toSettings(row: CompanySettingsRow): CompanySettings {
  const week = weekOf(row);
  return {
    name: row.name,
    short_name: row.short_name,
    tax_code: row.tax_code,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    legal_representative: row.legal_representative,
    legal_representative_title: row.legal_representative_title,
    bank_account_number: row.bank_account_number,
    bank_name: row.bank_name,
    working_days: [...week.working_days],
    saturday_half: week.saturday_half,
    logo:
      row.logo_document_id && row.logo_name
        ? {
            document_id: row.logo_document_id,
            original_name: row.logo_name,
            mime: row.logo_mime ?? 'application/octet-stream',
            size: Number(row.logo_size ?? 0),
            url: `${PUBLIC_LOGO_PATH}?v=${row.logo_document_id}`,
          }
        : null,
    contract_number_pattern: row.contract_number_pattern,
    test_report_number_pattern: row.test_report_number_pattern,
    version: row.version,
    updated_at: row.updated_at,
  };
}

/** A year's days for the audit log: one entry per date, readable in the "Lịch sử" timeline. */
const daysForAudit = (days: HolidayDay[]) =>
  Object.fromEntries(days.map((d) => [d.date, `${d.name} (${HOLIDAY_KIND_LABELS[d.kind] ?? d.kind})`]));

const sameWeek = (a: CompanySettings, b: CompanySettings) =>
  a.saturday_half === b.saturday_half && a.working_days.join(',') === b.working_days.join(',');

/**
 * Company settings (one record) and the public holidays of each year. Every change is versioned (409 on a stale
 * one), audited, and raises the calendar's data version so CompanyCalendarService rereads the working week and days.
 */
export class CompanySettingsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly documents: DocumentsService,
    private readonly calendar: CompanyCalendarService,
  ) {}

  private async row(db: Kysely<DB>): Promise<CompanySettingsRow> {
    let row = await repo.find(db);
    if (!row) {
      await repo.insertDefaults(
        db,
        { name: DEFAULT_COMPANY_NAME, working_days: JSON.stringify(DEFAULT_WORKING_DAYS), saturday_half: 1 },
        nowIso(),
      );
      row = await repo.find(db);
    }
    if (!row) throw new Error('company settings row missing');
    return row;
  }

  async get(db: Kysely<DB> = this.db): Promise<CompanySettings> {
    return toSettings(await this.row(db));
  }

  /** What the sign-in page shows: the name and the logo. */
  async publicInfo(): Promise<PublicCompany> {
    const s = await this.get();
    return { name: s.name, short_name: s.short_name, logo_url: s.logo?.url ?? null };
  }

  async update(actor: Actor, body: CompanySettingsUpdateBody): Promise<CompanySettings> {
    const { before, after } = await this.db.transaction().execute(async (trx) => {
      const before = await this.get(trx);
      const saved = await repo.update(
        trx,
        body.version,
        {
          name: body.name,
          short_name: body.short_name ?? null,
          tax_code: body.tax_code ?? null,
          address: body.address ?? null,
          phone: body.phone ?? null,
          email: body.email ?? null,
          website: body.website ?? null,
          legal_representative: body.legal_representative ?? null,
          legal_representative_title: body.legal_representative_title ?? null,
          bank_account_number: body.bank_account_number ?? null,
          bank_name: body.bank_name ?? null,
          working_days: JSON.stringify(body.working_days),
          saturday_half: body.saturday_half ? 1 : 0,
          ...(body.contract_number_pattern ? { contract_number_pattern: body.contract_number_pattern } : {}),
          ...(body.test_report_number_pattern ? { test_report_number_pattern: body.test_report_number_pattern } : {}),
          updated_by: actor.id,
        },
        nowIso(),
      );
      if (!saved) throw staleVersion();
      const after = await this.get(trx);
      if (!sameWeek(before, after)) await repo.bumpCalendarVersion(trx);
      await writeAudit(trx, actor, {
        entity: COMPANY_SETTINGS_ENTITY,
        entityId: COMPANY_SETTINGS_ID,
        action: 'update',
        changes: diff(before, after),
      });
      return { before, after };
    });
    if (!sameWeek(before, after)) await this.calendar.changed(null);
    return after;
  }

  /**
   * Replaces the logo with the request's one image (PNG, JPEG or WebP by content; SVG is refused since it can carry
   * script), stored through the documents service as a public document of the settings record. With `version`, a
   * stale one gets 409.
   */
  async uploadLogo(actor: Actor, uploads: Upload[], version?: number): Promise<CompanySettings> {
    const upload = uploads[0];
    if (!upload || uploads.length !== 1) throw invalid('file', 'Vui lòng chọn một ảnh logo.');
    if (!(LOGO_TYPES as readonly string[]).includes(upload.mime)) throw invalid('file', `${LOGO_TYPE_MESSAGE}.`);
    if (upload.size > LOGO_MAX_BYTES) {
      const message = `Ảnh logo tối đa ${LOGO_MAX_BYTES / 1024 / 1024} MB.`;
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ field: 'file', message }]);
    }
    let oldKeys: string[] = [];
    const after = await this.documents.saveWith(uploads, async (trx) => {
      const before = await this.get(trx);
      oldKeys = await this.documents.deleteFor(trx, COMPANY_SETTINGS_ENTITY, COMPANY_SETTINGS_ID);
      const [doc] = (await this.documents.insertUploads(trx, [upload], {
        uploadedBy: actor.id,
        entity: COMPANY_SETTINGS_ENTITY,
        entityId: COMPANY_SETTINGS_ID,
        isPublic: true,
      })) as [DocumentRecord];
      const saved = await repo.update(trx, version ?? null, { logo_document_id: doc.id, updated_by: actor.id }, nowIso());
      if (!saved) throw staleVersion();
      const after = await this.get(trx);
      await writeAudit(trx, actor, {
        entity: COMPANY_SETTINGS_ENTITY,
        entityId: COMPANY_SETTINGS_ID,
        action: 'update',
        changes: { logo: [before.logo?.original_name ?? null, after.logo?.original_name ?? null] },
      });
      return after;
    });
    await this.documents.removeFiles(oldKeys);
    return after;
  }

  /** Removes the logo (nothing to do when there is none). */
  async deleteLogo(actor: Actor, version?: number): Promise<void> {
    const oldKeys = await this.db.transaction().execute(async (trx) => {
      const before = await this.get(trx);
      if (version !== undefined && before.version !== version) throw staleVersion();
      if (!before.logo) return [];
      const keys = await this.documents.deleteFor(trx, COMPANY_SETTINGS_ENTITY, COMPANY_SETTINGS_ID);
      if (!(await repo.update(trx, before.version, { logo_document_id: null, updated_by: actor.id }, nowIso()))) {
        throw staleVersion();
      }
      await writeAudit(trx, actor, {
        entity: COMPANY_SETTINGS_ENTITY,
        entityId: COMPANY_SETTINGS_ID,
        action: 'update',
        changes: { logo: [before.logo.original_name, null] },
      });
      return keys;
    });
    await this.documents.removeFiles(oldKeys);
  }

  /** The logo's bytes for the public address; 404 when there is none. */
  async openLogo(): Promise<{ document: DocumentRecord; stream: Readable }> {
    const row = await this.row(this.db);
    if (!row.logo_document_id) throw notFound('Công ty chưa có logo.');
    return this.documents.openPublic(COMPANY_SETTINGS_ENTITY, COMPANY_SETTINGS_ID, row.logo_document_id);
  }

  /** A year's holidays: as saved, or, never saved, the proposal the calendar follows meanwhile (`saved: false`). */
  async holidays(year: number, db: Kysely<DB> = this.db): Promise<HolidayYear> {
    const [row, settings] = await Promise.all([repo.findYear(db, year), this.row(db)]);
    return {
      year,
      version: row?.version ?? 0,
      saved: Boolean(row),
      days: effectiveDays(row, year, weekOf(settings)),
      updated_at: row?.updated_at ?? null,
    };
  }

  /** The statutory holidays of a year for the current working week, with their nghỉ bù (vn-holidays.ts). */
  async proposal(year: number): Promise<HolidayProposal> {
    return { year, days: proposeHolidays(year, weekOf(await this.row(this.db))) };
  }

  /**
   * Saves a year's whole list. `version` is the one read: 0 (or none) for a year never saved; a year saved meanwhile,
   * or saved again since, gets 409. A làm bù day must be a day not fully worked by the working week.
   */
  async saveHolidays(actor: Actor, body: HolidaysUpdateBody): Promise<HolidayYear> {
    const result = await this.db.transaction().execute(async (trx) => {
      const week = weekOf(await this.row(trx));
      body.days.forEach((day, i) => {
        if (day.kind === 'compensatory_work' && weekKind(weekdayOf(day.date), week) === 'work') {
          throw invalid(`days.${i}.kind`, 'Ngày làm bù phải là ngày nghỉ hằng tuần hoặc Thứ Bảy chỉ làm buổi sáng.');
        }
      });
      const row = await repo.findYear(trx, body.year);
      const before = effectiveDays(row, body.year, week);
      const days = JSON.stringify(body.days.map((d) => ({ date: d.date, name: d.name, kind: d.kind })));
      const now = nowIso();
      const version = body.version ?? 0;
      if (!row) {
        if (version !== 0 || !(await repo.insertYear(trx, { year: body.year, days, now, actorId: actor.id })))
          throw staleVersion();
      } else if (version === 0 || !(await repo.updateYear(trx, { year: body.year, version, days, now, actorId: actor.id }))) {
        throw staleVersion();
      }
      await repo.bumpCalendarVersion(trx);
      await writeAudit(trx, actor, {
        entity: COMPANY_HOLIDAYS_ENTITY,
        entityId: body.year,
        action: row ? 'update' : 'create',
        changes: diff(row ? daysForAudit(before) : null, daysForAudit(body.days)),
      });
      return this.holidays(body.year, trx);
    });
    await this.calendar.changed([body.year]);
    return result;
  }
}
