import { Readable } from 'node:stream';
import { hasAnyPermission } from '@qlcv/common/permissions';
import {
  type AttendanceDay,
  type AttendanceDayLeave,
  type AttendanceDaysQuery,
  type AttendanceListQuery,
  type AttendanceRecord,
  type AttendanceToday,
  CHECK_PHOTO_MAX_BYTES,
  type CheckBody,
  type CheckKind,
  type CheckMethod,
  type CorrectionStatus,
  type KioskCode,
} from '@qlcv/common/schemas/attendance';
import type { Paginated } from '@qlcv/common/schemas/common';
import { ABSENT_SYMBOL, HOLIDAY_SYMBOL, WORKED_SYMBOL } from '@qlcv/common/schemas/timekeeping';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { decodeImage } from '../../lib/data-url-image';
import { AppError, invalid, notFound } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import type { Storage } from '../../lib/storage';
import { vnToday } from '../../lib/vn-time';
import { departmentsHeadedBy } from '../departments/department-heads';
import type { DepartmentsService } from '../departments/departments.service';
import { type AttendanceScope, type CheckRow, attendanceRepository as repo } from './attendance.repository';
import { correctionsRepository } from './attendance-corrections.repository';
import type { AttendanceDayFact, AttendanceRules, DecidedMonth, ShiftHours } from './attendance-facts';
import {
  checkKioskCode,
  distanceMetres,
  fromE6,
  ipInRanges,
  kioskCode,
  kioskKey,
  toE6,
  viDistance,
  vnDayClock,
} from './attendance-rules';
import { AttendanceSettingsService, rulesOf } from './attendance-sites.service';

/** The grid's own symbols, which no leave type stands for. */
const GRID_SYMBOLS = new Set([WORKED_SYMBOL, HOLIDAY_SYMBOL, ABSENT_SYMBOL]);

/** Two punches of one person less than this apart are one double tap: the second is refused. */
export const DOUBLE_TAP_MS = 60_000;

const refused = (field: string, message: string) => invalid(field, message);

export function toRecord(r: CheckRow): AttendanceRecord {
  return {
    id: r.id,
    user_id: r.user_id,
    user: {
      id: r.user_id,
      name: r.user_name,
      code: r.user_code,
      department: r.department_id && r.department_name ? { id: r.department_id, name: r.department_name } : null,
    },
    kind: r.kind as CheckKind,
    method: r.method as CheckMethod,
    at: r.at,
    date: r.date,
    site: r.site_id && r.site_name ? { id: r.site_id, name: r.site_name } : null,
    distance_m: r.distance_m,
    accuracy_m: r.accuracy_m,
    ip: r.ip,
    device_time: r.device_time,
    has_photo: Boolean(r.photo_key),
    created_at: r.created_at,
  };
}

const monthBounds = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
};

const toShiftOut = (s: ShiftHours) => ({
  morning_start: s.morningStart,
  morning_end: s.morningEnd,
  afternoon_start: s.afternoonStart,
  afternoon_end: s.afternoonEnd,
});

/** The shift that applies to a department: its own, or the company's. */
export const shiftFor = (rules: AttendanceRules, departmentId: number | null): ShiftHours =>
  (departmentId !== null ? rules.departmentShifts.get(departmentId) : undefined) ?? rules.shift;

/** A decoded check-in photo: JPEG or PNG by its first bytes, at most 300 kB. */
const decodePhoto = (dataUrl: string) =>
  decodeImage(dataUrl, {
    field: 'photo',
    maxBytes: CHECK_PHOTO_MAX_BYTES,
    tooBig: 'Ảnh chấm công tối đa 300 kB.',
    notImage: 'Ảnh chấm công phải là ảnh JPEG hoặc PNG.',
  });

/**
 * Attendance: check-in / check-out from the phone (GPS against the sites, the kiosk's QR code, an office IP), the
 * records in the caller's scope, a person's days, and the facts timekeeping reads (attendance-facts.ts). The server's
 * clock decides every time.
 */
export class AttendanceService {
  readonly settings: AttendanceSettingsService;
  private readonly kioskKey: Buffer;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { departments: DepartmentsService; storage: Storage; appSecret: string; now?: () => Date },
  ) {
    this.settings = new AttendanceSettingsService(db);
    this.kioskKey = kioskKey(deps.appSecret);
  }

  /** How timekeeping decides one person's month; set once in app.ts (timekeeping reads this service, so it comes later). */
  private decided?: DecidedMonth;

  useDecidedMonth(source: DecidedMonth): void {
    this.decided = source;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  rules(): Promise<AttendanceRules> {
    return this.settings.rules();
  }

  /** Own; the departments one heads (and below) with `attendance.department`; everyone with `attendance.all`. */
  async scopeOf(actor: Actor, db: Kysely<DB> = this.db): Promise<AttendanceScope> {
    if (hasAnyPermission(actor.permissions, ['attendance.all'])) return { all: true, userId: actor.id };
    const ids = new Set<number>();
    if (hasAnyPermission(actor.permissions, ['attendance.department'])) {
      for (const headed of await departmentsHeadedBy(db, actor.id))
        for (const id of await this.deps.departments.withDescendants(headed, db)) ids.add(id);
    }
    return { all: false, userId: actor.id, departmentIds: [...ids] };
  }

  /** Whether a scope reaches a person (404 otherwise, as a record out of scope). */
  async reachable(actor: Actor, userId: number): Promise<{ id: number; department_id: number | null }> {
    const person = await repo.person(this.db, userId);
    if (!person) throw notFound('Không tìm thấy nhân viên.');
    if (person.id === actor.id) return person;
    const scope = await this.scopeOf(actor);
    if (scope.all || (person.department_id !== null && scope.departmentIds.includes(person.department_id))) return person;
    throw notFound('Không tìm thấy nhân viên.');
  }

  async today(actor: Actor, ip: string | null): Promise<AttendanceToday> {
    const [settings, person, sites] = await Promise.all([
      this.settings.get(),
      repo.person(this.db, actor.id),
      repo.sitesOf(this.db, actor.id),
    ]);
    const date = vnToday(this.now());
    const checks = (await repo.checksOfDay(this.db, actor.id, date)).map(toRecord);
    return {
      date,
      checks,
      shift: toShiftOut(shiftFor(rulesOf(settings), person?.department_id ?? null)),
      checked_in: checks.at(-1)?.kind === 'in',
      sites: sites.map((s) => ({
        id: s.id,
        name: s.name,
        latitude: fromE6(s.latitude_e6),
        longitude: fromE6(s.longitude_e6),
        radius_m: s.radius_m,
      })),
      office_ip: ipInRanges(ip, settings.office_ip_ranges),
      accuracy_limit_m: settings.accuracy_limit_m,
      required: settings.required,
    };
  }

  /** `POST /api/attendance/check`: the method's proof checked, then one punch per minute per person (user row lock). */
  async check(actor: Actor, body: CheckBody, ip: string | null): Promise<AttendanceRecord> {
    const settings = await this.settings.get();
    const proof: { site_id: number | null; distance_m: number | null; latitude_e6: number | null; longitude_e6: number | null } =
      { site_id: null, distance_m: null, latitude_e6: null, longitude_e6: null };
    if (body.method === 'gps') {
      const accuracy = Math.ceil(body.accuracy_m ?? settings.accuracy_limit_m + 1);
      if (accuracy > settings.accuracy_limit_m)
        throw refused(
          'accuracy_m',
          body.accuracy_m === undefined
            ? 'Thiết bị không cho biết độ chính xác của vị trí. Hãy bật GPS và thử lại.'
            : `Vị trí chưa đủ chính xác (sai số ${viDistance(accuracy)}; cho phép tối đa ${settings.accuracy_limit_m} m). Hãy ra chỗ thoáng và thử lại.`,
        );
      const lat = toE6(body.latitude as number);
      const lng = toE6(body.longitude as number);
      const sites = await repo.sitesOf(this.db, actor.id);
      if (sites.length === 0) throw refused('latitude', 'Bạn chưa được phép chấm công bằng GPS tại địa điểm nào.');
      const measured = sites
        .map((s) => ({ s, d: distanceMetres(lat, lng, s.latitude_e6, s.longitude_e6) }))
        .sort((a, b) => a.d - a.s.radius_m - (b.d - b.s.radius_m));
      const best = measured[0] as (typeof measured)[number];
      if (best.d > best.s.radius_m) {
        const nearest = [...measured].sort((a, b) => a.d - b.d)[0] as (typeof measured)[number];
        throw refused(
          'latitude',
          `Bạn đang cách ${nearest.s.name} ${viDistance(nearest.d)}; bán kính cho phép ${viDistance(nearest.s.radius_m)}.`,
        );
      }
      Object.assign(proof, { site_id: best.s.id, distance_m: best.d, latitude_e6: lat, longitude_e6: lng });
    } else if (body.method === 'qr') {
      const verdict = checkKioskCode(this.kioskKey, body.code ?? '', this.now());
      if (verdict === 'expired')
        throw refused('code', 'Mã QR đã hết hạn (quá 30 giây). Hãy quét mã mới trên màn hình chấm công.');
      if (verdict === 'forged') throw refused('code', 'Mã QR không hợp lệ. Hãy quét mã trên màn hình chấm công của công ty.');
    } else if (!ipInRanges(ip, settings.office_ip_ranges)) {
      throw refused('method', `Bạn không ở trong mạng văn phòng (địa chỉ IP ${ip ?? 'không rõ'}).`);
    }
    const photo = body.photo ? decodePhoto(body.photo) : null;
    const temp = photo ? await this.deps.storage.receive(Readable.from([photo.bytes])) : null;
    const key = temp ? this.deps.storage.newKey() : null;
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        // The person's row holds "one punch a minute": a double tap's second request waits here, then sees the first.
        await lockRow(trx, 'users', actor.id);
        const now = this.now();
        const last = await repo.lastCheck(trx, actor.id);
        if (last && now.getTime() - new Date(last.at).getTime() < DOUBLE_TAP_MS) {
          throw new AppError(
            409,
            'ALREADY_CHECKED',
            `Bạn vừa chấm công lúc ${vnDayClock(new Date(last.at)).clock}. Vui lòng chờ một phút trước khi chấm lại.`,
          );
        }
        return repo.insertCheck(trx, {
          user_id: actor.id,
          kind: body.kind,
          method: body.method,
          at: now.toISOString(),
          date: vnDayClock(now).date,
          ...proof,
          accuracy_m: body.accuracy_m === undefined ? null : Math.min(1_000_000, Math.ceil(body.accuracy_m)),
          ip: ip ? ip.slice(0, 45) : null,
          device_time: body.device_time ?? null,
          photo_key: key,
          photo_mime: photo?.mime ?? null,
          import_id: null,
          import_key: null,
          created_at: now.toISOString(),
        });
      });
      if (temp && key) await this.deps.storage.commit(temp.tempPath, key);
      const row = await repo.findCheck(this.db, id);
      return toRecord(row as CheckRow);
    } catch (err) {
      if (temp) await this.deps.storage.discard(temp.tempPath);
      throw err;
    }
  }

  /** `GET /api/attendance/kiosk-code`: a code signed now, valid 30 s; the URL the phone's camera opens. */
  kioskCode(): KioskCode {
    const { code, expiresAt } = kioskCode(this.kioskKey, this.now());
    return { code, url: `/admin/attendance/check?code=${encodeURIComponent(code)}`, expires_at: expiresAt };
  }

  /** The photo of a punch the caller sees (its own, or in scope). */
  async photo(actor: Actor, id: number): Promise<{ mime: string; stream: Readable }> {
    const row = await repo.findCheck(this.db, id);
    if (!row) throw notFound('Không tìm thấy lượt chấm công.');
    await this.reachable(actor, row.user_id);
    const stream = row.photo_key ? await this.deps.storage.open(row.photo_key) : null;
    if (!stream || !row.photo_mime) throw notFound('Lượt chấm công này không có ảnh.');
    return { mime: row.photo_mime, stream };
  }

  async list(actor: Actor, q: AttendanceListQuery): Promise<Paginated<AttendanceRecord>> {
    const scope = await this.scopeOf(actor);
    const { from, to } = monthBounds(q.month);
    const f = {
      scope,
      from,
      to,
      userId: q.user_id,
      departmentIds: q.department_id ? await this.deps.departments.withDescendants(q.department_id) : undefined,
    };
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.listChecks(this.db, f, w), repo.countChecks(this.db, f)]);
    return toPage(rows.map(toRecord), total, w);
  }

  /**
   * The facts timekeeping reads (attendance-facts.ts): per user-day in [from, to], the first check-in and the last
   * check-out, then the latest approved correction of the day: its check-in replaces the first in, its check-out the
   * last out. `userIds` null: everyone.
   */
  async facts(from: string, to: string, userIds: readonly number[] | null): Promise<AttendanceDayFact[]> {
    const [bounds, corrections] = await Promise.all([
      repo.dayBounds(this.db, from, to, userIds),
      correctionsRepository.approvedBetween(this.db, from, to, userIds),
    ]);
    const byKey = new Map<string, AttendanceDayFact>();
    for (const b of bounds) {
      byKey.set(`${b.user_id}|${b.date}`, {
        userId: b.user_id,
        date: b.date,
        firstIn: b.first_in ? vnDayClock(new Date(b.first_in)).clock : null,
        lastOut: b.last_out ? vnDayClock(new Date(b.last_out)).clock : null,
        corrected: false,
      });
    }
    // In decision order: a later approval of the same day wins.
    for (const c of corrections) {
      const k = `${c.user_id}|${c.date}`;
      const fact = byKey.get(k) ?? { userId: c.user_id, date: c.date, firstIn: null, lastOut: null, corrected: false };
      if (c.check_in) fact.firstIn = c.check_in;
      if (c.check_out) fact.lastOut = c.check_out;
      fact.corrected = true;
      byKey.set(k, fact);
    }
    return [...byKey.values()].sort((a, b) => a.userId - b.userId || a.date.localeCompare(b.date));
  }

  /**
   * `GET /api/attendance/days`: one person's month, a row a day up to today, with the symbol and marks timekeeping gives
   * the day (leave and trips, sampling trips included, by halves; late and early against the halves actually worked,
   * so a half day of leave is no lateness; a forgotten check-out once the day is over) and whether a giải trình is due.
   */
  async days(actor: Actor, q: AttendanceDaysQuery): Promise<AttendanceDay[]> {
    const person = await this.reachable(actor, q.user_id ?? actor.id);
    if (!this.decided) throw new Error('AttendanceService: useDecidedMonth was not called');
    const { from, to } = monthBounds(q.month);
    const today = vnToday(this.now());
    const last = to < today ? to : today;
    if (from > last) return [];
    const [facts, statuses, month] = await Promise.all([
      this.facts(from, last, [person.id]),
      correctionsRepository.latestStatuses(this.db, person.id, from, last),
      this.decided(person.id, q.month),
    ]);
    const byDate = new Map(facts.map((f) => [f.date, f]));
    const statusOf = new Map(statuses.map((s) => [s.date, s.status as CorrectionStatus]));
    const markOf = new Map((month.row?.marks ?? []).map((m) => [m.date, m]));
    const cellOf = new Map(month.dates.map((date, i) => [date, month.row?.cells[i] ?? '']));
    // The first type of a symbol, as the grid's legend reads it; X, L and '–' are the grid's own.
    const typeOf = new Map<string, AttendanceDayLeave>();
    for (const t of month.leave_types)
      if (!GRID_SYMBOLS.has(t.symbol) && !typeOf.has(t.symbol))
        typeOf.set(t.symbol, { symbol: t.symbol, name: t.name, counts_as_worked: t.counts_as_worked });
    const out: AttendanceDay[] = [];
    for (let d = from; d <= last; d = nextDay(d)) {
      const f = byDate.get(d);
      const mark = markOf.get(d);
      const symbol = cellOf.get(d) ?? '';
      const halves = symbol.split('/').filter(Boolean);
      const punched = Boolean(f?.firstIn || f?.lastOut);
      // Read off the grid's cell, not decided again: an absent half, or (attendance not required, so every working
      // half is X) a past one without a punch. A half on leave or a trip carries its type's symbol, never these.
      const missing = halves.includes(ABSENT_SYMBOL) || (d < today && !punched && halves.includes(WORKED_SYMBOL));
      const day = {
        late_minutes: mark?.late_minutes ?? 0,
        early_minutes: mark?.early_minutes ?? 0,
        forgot_out: mark?.forgot_out ?? false,
        forgot_in: mark?.forgot_in ?? false,
        corrected: f?.corrected ?? false,
        correction_status: statusOf.get(d) ?? null,
      };
      const mendable = missing || day.forgot_out || day.forgot_in || day.late_minutes > 0 || day.early_minutes > 0;
      out.push({
        date: d,
        first_in: f?.firstIn ?? null,
        last_out: f?.lastOut ?? null,
        symbol,
        leaves: [...new Set(halves)].flatMap((s) => typeOf.get(s) ?? []),
        ...day,
        missing,
        needs_correction: mendable && day.correction_status !== 'pending' && !day.corrected,
      });
    }
    return out;
  }
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
