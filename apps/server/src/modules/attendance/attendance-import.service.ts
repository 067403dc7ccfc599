import {
  ATTENDANCE_IMPORT_MAX_BYTES,
  ATTENDANCE_IMPORT_MAX_ROWS,
  type AttendanceImportReport,
} from '@qlcv/common/schemas/attendance';
import type { Kysely } from 'kysely';
import type { AttendanceChecksTable, DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { invalid } from '../../lib/errors';
import type { Upload } from '../../plugins/multipart';
import { attendanceRepository as repo } from './attendance.repository';
import { ClockFileError, readClockFile } from './attendance-import';
import { vnDayClock } from './attendance-rules';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_ENTITY = 'attendance_imports';
const MAX_REPORTED = 300;

export type ImportOutcome =
  | { ok: true; report: AttendanceImportReport }
  | { ok: false; message: string; report: AttendanceImportReport };

/**
 * The time clock import: every row checked first (codes known, times valid and past); any error writes nothing (the
 * report says which rows). Punches already imported (the same person and second, a unique key) are duplicates and
 * skipped, so importing a file again adds nothing. A person-day's first punch is the check-in (unless one exists),
 * the others check-outs.
 */
export class AttendanceImportService {
  constructor(private readonly db: Kysely<DB>) {}

  async run(actor: Actor, uploads: Upload[], dryRun: boolean): Promise<ImportOutcome> {
    const upload = uploads[0];
    if (!upload || uploads.length !== 1) throw invalid('file', 'Vui lòng chọn một tệp chấm công (.xlsx hoặc .csv).');
    const xlsx = upload.mime === XLSX_MIME;
    if (!xlsx && upload.mime !== 'text/csv' && upload.mime !== 'text/plain')
      throw invalid('file', 'Tệp chấm công phải là bảng tính .xlsx hoặc tệp .csv.');
    if (upload.size > ATTENDANCE_IMPORT_MAX_BYTES)
      throw invalid('file', `Tệp vượt quá ${ATTENDANCE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    let parsed: Awaited<ReturnType<typeof readClockFile>>;
    try {
      parsed = await readClockFile(upload.tempPath, xlsx, ATTENDANCE_IMPORT_MAX_ROWS);
    } catch (err) {
      if (err instanceof ClockFileError) throw invalid('file', err.message);
      throw err;
    }
    const { layout, punches } = parsed;
    const report: AttendanceImportReport = {
      rows: punches.length,
      accepted: 0,
      duplicates: 0,
      unknown_codes: [],
      errors: [],
      dry_run: dryRun,
      layout,
    };
    const users = new Map(
      (await repo.usersByCodes(this.db, [...new Set(punches.map((p) => p.code).filter(Boolean))])).map((u) => [u.code, u.id]),
    );
    const unknown = new Set<string>();
    const nowMs = Date.now();
    const fresh = new Map<string, { userId: number; at: string; date: string; row: number }>();
    for (const p of punches) {
      if (p.error || !p.local) {
        report.errors.push({ row: p.row, message: p.error ?? 'Dòng không hợp lệ.' });
        continue;
      }
      const userId = users.get(p.code);
      if (userId === undefined) {
        unknown.add(p.code);
        report.errors.push({ row: p.row, message: `Mã nhân viên ${p.code} không có trong hệ thống.` });
        continue;
      }
      const at = new Date(`${p.local}.000+07:00`);
      if (at.getTime() > nowMs + 60_000) {
        report.errors.push({ row: p.row, message: 'Thời gian chấm công ở tương lai.' });
        continue;
      }
      const key = `${userId}|${at.toISOString()}`;
      if (fresh.has(key)) report.duplicates++;
      else fresh.set(key, { userId, at: at.toISOString(), date: vnDayClock(at).date, row: p.row });
    }
    report.unknown_codes = [...unknown].sort();
    if (report.errors.length > MAX_REPORTED) {
      const more = report.errors.length - MAX_REPORTED;
      report.errors = report.errors.slice(0, MAX_REPORTED);
      report.errors.push({ row: 0, message: `… và ${more} dòng lỗi khác.` });
    }
    if (report.errors.length) {
      const message = `Tệp có ${report.errors.length} dòng lỗi; chưa nhập dòng nào. Hãy sửa tệp rồi nhập lại.`;
      return { ok: false, message, report };
    }
    if (punches.length === 0) return { ok: false, message: 'Tệp không có dòng chấm công nào.', report };

    return this.db.transaction().execute(async (trx) => {
      const taken = await repo.takenImportKeys(trx, [...fresh.keys()]);
      const todo = [...fresh].filter(([k]) => !taken.has(k)).map(([k, v]) => ({ key: k, ...v }));
      report.duplicates += fresh.size - todo.length;
      todo.sort((a, b) => a.userId - b.userId || a.at.localeCompare(b.at));
      const dates = todo.map((t) => t.date).sort();
      const hasIn = await repo.daysWithCheckIn(trx, [...new Set(todo.map((t) => t.userId))], dates[0] ?? '', dates.at(-1) ?? '');
      const now = nowIso();
      const rows: (Omit<AttendanceChecksTable, 'id' | 'import_id'> & { import_id: number | null })[] = todo.map((t) => {
        const dayKey = `${t.userId}|${t.date}`;
        const kind = hasIn.has(dayKey) ? 'out' : 'in';
        hasIn.add(dayKey);
        return {
          user_id: t.userId,
          kind,
          method: 'import',
          at: t.at,
          date: t.date,
          site_id: null,
          latitude_e6: null,
          longitude_e6: null,
          accuracy_m: null,
          distance_m: null,
          ip: null,
          device_time: null,
          photo_key: null,
          photo_mime: null,
          import_id: null,
          import_key: t.key,
          created_at: now,
        };
      });
      report.accepted = rows.length;
      if (dryRun || rows.length === 0) return { ok: true as const, report };
      const importId = await repo.insertImport(trx, {
        file_name: upload.originalName.slice(0, 255),
        layout,
        rows: report.rows,
        accepted: rows.length,
        duplicates: report.duplicates,
        created_by: actor.id,
        created_at: now,
      });
      // A concurrent import of the same file meets the unique key: its rows are skipped, counted as duplicates.
      const inserted = await repo.insertImported(
        trx,
        rows.map((r) => ({ ...r, import_id: importId })),
      );
      report.duplicates += rows.length - inserted;
      report.accepted = inserted;
      await writeAudit(trx, actor, {
        entity: IMPORT_ENTITY,
        entityId: importId,
        action: 'create',
        changes: { file: [null, upload.originalName], rows: [null, report.rows], accepted: [null, inserted] },
      });
      return { ok: true as const, report };
    });
  }
}
