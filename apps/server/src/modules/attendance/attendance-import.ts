import { readFile } from 'node:fs/promises';
import { normalizeVi } from '@qlcv/common/vi-text';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../lib/lazy-deps';

// Reading a time clock's export (.xlsx or .csv): the layout, then one punch per row (employee code, VN wall time).

export type ClockLayout = 'zkteco' | 'generic';

export interface RawPunch {
  /** The sheet's row number (1 = the header). */
  row: number;
  code: string;
  /** 'YYYY-MM-DDTHH:MM:SS' in Vietnam time, or null with `error`. */
  local: string | null;
  error?: string;
}

export class ClockFileError extends Error {}

type Cell = string | number | Date | null;

const ZK_CODE = ['ac-no.', 'ac-no', 'acno', 'no.', 'ma nv', 'manv', 'user id', 'userid', 'enroll no', 'enrollnumber', 'id'];
const GENERIC_CODE = ['ma nhan vien', 'ma nv', 'employee code'];
const DATETIME = ['time', 'date/time', 'datetime', 'date time', 'thoi gian', 'ngay gio', 'checktime', 'check time'];
const DATE_ONLY = ['date', 'ngay'];

const norm = (s: string) => normalizeVi(s).replace(/\s+/g, ' ').trim();

/** A CSV of ';' or ',' (or tab) separators, UTF-8 with or without BOM, quotes as RFC 4180. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((sep) => [sep, firstLine.split(sep).length] as const);
  const sep = counts.sort((a, b) => b[1] - a[1])[0]?.[0] ?? ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function cellOf(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (v instanceof Date) return v;
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v))
    return cellOf((v as { result?: ExcelJS.CellValue }).result ?? null);
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time from a Date cell (ExcelJS keeps the sheet's wall time in the UTC fields) or an Excel serial number. */
function fromDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
const fromSerial = (n: number) => fromDate(new Date(Math.round((n - 25569) * 86_400_000)));

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** "2026-11-03 08:01:22", "2026/11/03 8:01", "03/11/2026 08:01" (day first, as Vietnam writes it), "… 8:01 PM". */
export function parseLocal(text: string): string | null {
  const t = text.trim().replace(/\s+/g, ' ');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AaPp][Mm]))?$/.exec(t);
  let y: number;
  let mo: number;
  let d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AaPp][Mm]))?$/.exec(t);
    if (!m) return null;
    [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  }
  let h = Number(m[4]);
  const min = Number(m[5]);
  const s = Number(m[6] ?? 0);
  const ampm = m[7]?.toLowerCase();
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm === 'pm' ? 12 : 0);
  }
  if (!validDate(y, mo, d) || h > 23 || min > 59 || s > 59) return null;
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(min)}:${pad(s)}`;
}

function asLocal(date: Cell, time: Cell): string | null {
  if (date === null) return null;
  if (time === null) {
    if (date instanceof Date) return fromDate(date);
    if (typeof date === 'number') return fromSerial(date);
    return parseLocal(date);
  }
  // Date and time in two columns.
  const day =
    date instanceof Date ? fromDate(date).slice(0, 10) : typeof date === 'number' ? fromSerial(date).slice(0, 10) : null;
  const clock =
    time instanceof Date
      ? fromDate(time).slice(11)
      : typeof time === 'number'
        ? fromSerial(time < 1 ? 25569 + time : time).slice(11)
        : String(time).trim();
  if (day) return parseLocal(`${day} ${clock}`);
  return parseLocal(`${String(date).trim()} ${clock}`);
}

/** The table of a file: .xlsx by its first sheet, anything else as CSV text. */
async function tableOf(path: string, xlsx: boolean): Promise<Cell[][]> {
  if (!xlsx) return parseCsv(await readFile(path, 'utf8')).map((r) => r.map((c) => (c.trim() === '' ? null : c.trim())));
  const wb = new (await loadExcelJS()).Workbook();
  try {
    await wb.xlsx.readFile(path);
  } catch {
    throw new ClockFileError('Không đọc được tệp Excel: tệp hỏng hoặc không đúng định dạng .xlsx.');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new ClockFileError('Tệp Excel không có trang tính nào.');
  const out: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = cellOf(cell.value);
      cells[col - 1] = typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v;
    });
    out[n - 1] = cells;
  });
  return Array.from(out, (r) => r ?? []);
}

/** Reads the punches of a file; throws ClockFileError when its header names no known layout. */
export async function readClockFile(
  path: string,
  xlsx: boolean,
  maxRows: number,
): Promise<{ layout: ClockLayout; punches: RawPunch[] }> {
  const table = await tableOf(path, xlsx);
  const headerAt = table.findIndex((r) => r.some((c) => c !== null));
  if (headerAt < 0) throw new ClockFileError('Tệp không có dữ liệu.');
  const header = (table[headerAt] ?? []).map((c) => (c === null ? '' : norm(String(c))));
  const find = (names: string[]) => header.findIndex((h) => names.includes(h));
  let layout: ClockLayout;
  let codeCol = find(GENERIC_CODE);
  if (codeCol >= 0 && find(['thoi gian']) >= 0) layout = 'generic';
  else {
    codeCol = find(ZK_CODE);
    layout = 'zkteco';
  }
  const dtCol = find(DATETIME);
  const dateCol = find(DATE_ONLY);
  if (codeCol < 0 || (dtCol < 0 && dateCol < 0))
    throw new ClockFileError(
      'Không nhận ra cột của tệp: cần cột mã nhân viên ("AC-No." / "Mã NV" / "Mã nhân viên") và cột thời gian ("Time" / "Date" + "Time" / "Thời gian").',
    );
  const rows = table.slice(headerAt + 1);
  if (rows.length > maxRows)
    throw new ClockFileError(`Tệp có quá nhiều dòng: tối đa ${maxRows.toLocaleString('vi-VN')} dòng mỗi lần nhập.`);
  const punches: RawPunch[] = [];
  rows.forEach((r, i) => {
    if (!r.some((c) => c !== null)) return;
    const rowNo = headerAt + 2 + i;
    const codeCell = r[codeCol] ?? null;
    const code = codeCell === null ? '' : String(codeCell).trim();
    const local =
      dtCol >= 0 && dateCol < 0
        ? asLocal(r[dtCol] ?? null, null)
        : asLocal(r[dateCol] ?? null, dtCol >= 0 ? (r[dtCol] ?? null) : null);
    if (!code) punches.push({ row: rowNo, code, local, error: 'Thiếu mã nhân viên.' });
    else if (!local)
      punches.push({
        row: rowNo,
        code,
        local: null,
        error: 'Thời gian không hợp lệ (ví dụ 2026-11-03 08:01 hoặc 03/11/2026 08:01).',
      });
    else punches.push({ row: rowNo, code, local });
  });
  return { layout, punches };
}
