import {
  type AttendanceSettings,
  type AttendanceSettingsUpdateBody,
  type AttendanceSite,
  SITE_SORTS,
  type SiteCreateBody,
  type SiteListQuery,
} from '@qlcv/common/schemas/attendance';
import type { Kysely } from 'kysely';
import { ATTENDANCE_SETTINGS_ID } from '../../db/migrations/0034-attendance';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { updateVersioned } from '../../lib/versioned';
import { attendanceRepository as repo, type SettingsRow, type SiteRow } from './attendance.repository';
import type { AttendanceRules, ShiftHours } from './attendance-facts';
import { fromE6, parseRange, toE6 } from './attendance-rules';

export const SITE_ENTITY = 'attendance_sites';
export const SETTINGS_ENTITY = 'attendance_settings';

type SiteWithUsers = SiteRow & { users: { id: number; name: string; code: string | null }[] };

function toSite(r: SiteWithUsers): AttendanceSite {
  return {
    ...kit.recordHead(r),
    description: r.description,
    latitude: fromE6(r.latitude_e6),
    longitude: fromE6(r.longitude_e6),
    radius_m: r.radius_m,
    all_staff: Boolean(Number(r.all_staff)),
    user_ids: r.users.map((u) => u.id),
    users: r.users,
    active: Boolean(Number(r.active)),
    ...kit.recordStamps(r),
  };
}

/** A site with its user list (child rows), as one read. */
async function findSite(db: Kysely<DB>, id: number): Promise<SiteWithUsers | undefined> {
  const row = await repo.findSite(db, id);
  if (!row) return undefined;
  const users = await repo.siteUsers(db, [id]);
  return { ...row, users: users.map((u) => ({ id: u.id, name: u.name, code: u.code })) };
}

async function withUsers(db: Kysely<DB>, rows: SiteRow[]): Promise<SiteWithUsers[]> {
  const users = await repo.siteUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    users: users.filter((u) => u.site_id === r.id).map((u) => ({ id: u.id, name: u.name, code: u.code })),
  }));
}

const uniqueIds = (ids: readonly number[]) => [...new Set(ids)];

const sites = new kit.PlainRecords({
  table: SITE_ENTITY,
  notFound: 'Không tìm thấy địa điểm chấm công.',
  find: findSite,
  toRecord: toSite,
  values: (body: SiteCreateBody) => ({
    ...kit.codeNameValues(body),
    latitude_e6: toE6(body.latitude),
    longitude_e6: toE6(body.longitude),
    radius_m: body.radius_m,
    all_staff: body.all_staff ? 1 : 0,
  }),
  check: async (db, body) => {
    const ids = uniqueIds(body.user_ids);
    const found = new Set(await repo.existingUserIds(db, ids));
    const i = body.user_ids.findIndex((id) => !found.has(id));
    if (i >= 0) throw invalid(`user_ids.${i}`, 'Nhân viên không tồn tại.');
    if (!body.all_staff && ids.length === 0)
      throw invalid('user_ids', 'Chọn ít nhất một nhân viên, hoặc cho phép mọi nhân viên chấm công tại đây.');
  },
  inUse: async (db, site) => {
    const n = Number((await repo.findSite(db, site.id))?.checks_count ?? 0);
    return kit.refusedWhileUsed(n, `Không thể xóa địa điểm đã có ${n} lượt chấm công. Hãy ngừng sử dụng thay vì xóa.`, 'IN_USE');
  },
});

const siteList = new kit.PlainList({
  sorts: SITE_SORTS,
  sort: 'code',
  rows: async (db: Kysely<DB>, q: SiteListQuery, sort, w) => withUsers(db, await repo.listSites(db, q, sort, w)),
  count: repo.countSites,
  toRecord: toSite,
});

/** Attendance sites (a plain record with its user list as child rows). */
export class AttendanceSitesService extends kit.ListedRecordService<typeof sites, SiteListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, sites, siteList);
  }

  override create(actor: Actor, body: SiteCreateBody): Promise<AttendanceSite> {
    return sites.create(this.db, actor, body, {
      written: (trx, id) => repo.replaceSiteUsers(trx, id, body.all_staff ? [] : uniqueIds(body.user_ids)),
    });
  }

  override update(actor: Actor, id: number, body: SiteCreateBody & { version: number }): Promise<AttendanceSite> {
    return sites.update(this.db, actor, id, body, {
      values: async (trx) => {
        await repo.replaceSiteUsers(trx, id, body.all_staff ? [] : uniqueIds(body.user_ids));
        return {};
      },
    });
  }
}

// Settings (one row, lib/versioned.ts) -------------------------------------------------------------------------

type DepartmentShift = AttendanceSettings['department_shifts'][number];

function parseJsonArray<T>(text: string): T[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

export function toSettings(r: SettingsRow): AttendanceSettings {
  return {
    required: Boolean(Number(r.required)),
    accuracy_limit_m: r.accuracy_limit_m,
    grace_minutes: r.grace_minutes,
    office_ip_ranges: parseJsonArray<string>(r.office_ip_ranges),
    shift: {
      morning_start: r.morning_start,
      morning_end: r.morning_end,
      afternoon_start: r.afternoon_start,
      afternoon_end: r.afternoon_end,
    },
    department_shifts: parseJsonArray<DepartmentShift>(r.department_shifts),
    version: r.version,
    updated_at: r.updated_at,
  };
}

const shiftHours = (s: AttendanceSettings['shift']): ShiftHours => ({
  morningStart: s.morning_start,
  morningEnd: s.morning_end,
  afternoonStart: s.afternoon_start,
  afternoonEnd: s.afternoon_end,
});

export function rulesOf(s: AttendanceSettings): AttendanceRules {
  return {
    required: s.required,
    graceMinutes: s.grace_minutes,
    shift: shiftHours(s.shift),
    departmentShifts: new Map(s.department_shifts.map((d) => [d.department_id, shiftHours(d)])),
  };
}

/** The company's attendance rules: one versioned row (409 on a stale edit), audited. */
export class AttendanceSettingsService {
  constructor(private readonly db: Kysely<DB>) {}

  async get(db: Kysely<DB> = this.db): Promise<AttendanceSettings> {
    const row = await repo.findSettings(db);
    if (!row) throw new Error('attendance settings row missing');
    return toSettings(row);
  }

  async rules(): Promise<AttendanceRules> {
    return rulesOf(await this.get());
  }

  async update(actor: Actor, body: AttendanceSettingsUpdateBody): Promise<AttendanceSettings> {
    body.office_ip_ranges.forEach((r, i) => {
      if (!parseRange(r)) throw invalid(`office_ip_ranges.${i}`, `Dải IP "${r}" không hợp lệ (ví dụ 203.0.113.0/24).`);
    });
    const seen = new Set<number>();
    body.department_shifts.forEach((d, i) => {
      if (seen.has(d.department_id)) throw invalid(`department_shifts.${i}.department_id`, 'Phòng ban bị lặp lại.');
      seen.add(d.department_id);
    });
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(trx);
      await updateVersioned(trx, 'attendance_settings', ATTENDANCE_SETTINGS_ID, body.version, {
        required: body.required ? 1 : 0,
        accuracy_limit_m: body.accuracy_limit_m,
        grace_minutes: body.grace_minutes,
        office_ip_ranges: JSON.stringify(body.office_ip_ranges.map((r) => r.trim())),
        morning_start: body.shift.morning_start,
        morning_end: body.shift.morning_end,
        afternoon_start: body.shift.afternoon_start,
        afternoon_end: body.shift.afternoon_end,
        department_shifts: JSON.stringify(
          body.department_shifts.map((d) => ({
            department_id: d.department_id,
            morning_start: d.morning_start,
            morning_end: d.morning_end,
            afternoon_start: d.afternoon_start,
            afternoon_end: d.afternoon_end,
          })),
        ),
        updated_by: actor.id,
      });
      const after = await this.get(trx);
      await writeAudit(trx, actor, {
        entity: SETTINGS_ENTITY,
        entityId: ATTENDANCE_SETTINGS_ID,
        action: 'update',
        changes: diff(before, after),
      });
      return after;
    });
  }
}
