import { PassThrough } from 'node:stream';
import { wallClockDate } from '@qlcv/common/format/date';
import type { FastifyReply } from 'fastify';
import { writeXlsx } from './xlsx-stream';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  /**
   * `date` (a YYYY-MM-DD or an ISO instant) and `datetime` (an ISO instant) are written as real date cells in
   * Vietnam time, shown DD/MM/YYYY (HH:mm), so a spreadsheet sorts and filters them.
   */
  type?: 'date' | 'datetime';
  value: (row: T) => string | number | boolean | null | undefined;
}

const DATE_FORMATS = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm' } as const;

/** Text starting with these would be read as a formula by a spreadsheet that re-parses cells. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (v: string | number | boolean | null | undefined) =>
  typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : (v ?? null);

const HOUR = 3_600_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Vietnam has kept UTC+7 without daylight saving since 1975; earlier instants take the zone database's way. */
const FIXED_OFFSET_FROM = Date.UTC(1976, 0, 1);

function dateCell(type: 'date' | 'datetime', v: string | number | boolean | null | undefined): Date | null {
  if (typeof v !== 'string' || v === '') return null;
  let d: Date | null;
  if (DATE_ONLY.test(v)) d = new Date(`${v}T00:00:00Z`);
  else {
    // Intl per cell costs more than the rest of the row: the fixed offset gives the same wall-clock time (to the
    // second, as wallClockDate).
    const ms = Date.parse(v);
    d = ms >= FIXED_OFFSET_FROM ? new Date(ms - (ms % 1000) + 7 * HOUR) : wallClockDate(v);
  }
  if (!d || Number.isNaN(d.getTime())) return null;
  // A date column shows the day in Vietnam time, with no time left over to break an equality filter.
  if (type === 'date') d.setUTCHours(0, 0, 0, 0);
  return d;
}

export const wantsXlsx = (headers: Record<string, string | string[] | undefined>) =>
  String(headers['x-export'] ?? '').toLowerCase() === 'xlsx';

/** `nguoi-dung-2026-11-21.xlsx`, with the UTF-8 name for browsers that read it. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\w.-]+/g, '-');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams rows into an .xlsx sent as the reply: rows are written as they come and only as fast as the client reads,
 * so memory stays flat for large lists.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  opts: { fileName: string; sheet: string; columns: XlsxColumn<T>[]; rows: AsyncIterable<T> | Iterable<T> },
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const { columns } = opts;
  const sheetColumns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.type === 'datetime' ? 17 : c.type === 'date' ? 12 : 20),
    ...(c.type ? { numFmt: DATE_FORMATS[c.type] } : {}),
  }));
  async function* cells() {
    for await (const row of opts.rows) {
      yield columns.map((c) => (c.type ? dateCell(c.type, c.value(row)) : safeCell(c.value(row))));
    }
  }
  writeXlsx(stream, opts.sheet.slice(0, 31), sheetColumns, cells()).then(
    () => stream.end(),
    (err: Error) => stream.destroy(err),
  );
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(opts.fileName))
    .send(stream);
}
