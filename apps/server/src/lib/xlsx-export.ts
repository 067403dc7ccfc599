import { PassThrough } from 'node:stream';
import { wallClockDate } from '@qlcv/common/format/date';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

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

function dateCell(type: 'date' | 'datetime', v: string | number | boolean | null | undefined): Date | null {
  const d = typeof v === 'string' ? wallClockDate(v) : null;
  // A date column shows the day in Vietnam time, with no time left over to break an equality filter.
  if (d && type === 'date') d.setUTCHours(0, 0, 0, 0);
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
 * Streams rows into an .xlsx sent as the reply: rows are written as they come, so memory stays flat for large lists.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  opts: { fileName: string; sheet: string; columns: XlsxColumn<T>[]; rows: AsyncIterable<T> | Iterable<T> },
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheet.slice(0, 31));
  sheet.columns = opts.columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.type === 'datetime' ? 17 : c.type === 'date' ? 12 : 20),
    ...(c.type ? { style: { numFmt: DATE_FORMATS[c.type] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    try {
      for await (const row of opts.rows) {
        sheet.addRow(opts.columns.map((c) => (c.type ? dateCell(c.type, c.value(row)) : safeCell(c.value(row))))).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  };
  void write();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(opts.fileName))
    .send(stream);
}
