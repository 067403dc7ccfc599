import { formatDate } from '@qlcv/common/format/date';
import {
  ABSENT_SYMBOL,
  cellHalves,
  HOLIDAY_SYMBOL,
  leaveColor,
  markText,
  TIMEKEEPING_COLORS,
  type Timekeeping,
  WORKED_SYMBOL,
} from '@qlcv/common/schemas/timekeeping';
import { WEEKDAY_SHORT, type Weekday } from '@qlcv/common/work-calendar';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../lib/lazy-deps';

export interface TimekeepingSheet {
  grid: Timekeeping;
  company: { name: string; address: string | null; tax_code: string | null };
  departmentName: string | null;
}

/** Text a spreadsheet would read as a formula is written as text. */
const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${argb}` } });
const thin: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FFB7BCC6' } },
  left: { style: 'thin', color: { argb: 'FFB7BCC6' } },
  bottom: { style: 'thin', color: { argb: 'FFB7BCC6' } },
  right: { style: 'thin', color: { argb: 'FFB7BCC6' } },
};

/** Columns before the days: STT, employee code, name, department. */
const LEAD = 4;
/** The header's two rows (day numbers, weekday initials). */
export const HEADER_ROW = 7;
export const FIRST_DATA_ROW = HEADER_ROW + 2;

/**
 * The timekeeping grid as a workbook: the company's header and the title, the grid with the same symbols as the page
 * (rest days and holidays shaded, a colour per leave kind), the totals, a legend; A4 landscape, one page wide, the
 * header rows repeated on every page, names and days frozen.
 */
export async function timekeepingWorkbook({ grid, company, departmentName }: TimekeepingSheet): Promise<Buffer> {
  const [year, month] = grid.month.split('-');
  // A business trip is worked, not leave: its days are inside "Ngày làm" and shown in a column of their own.
  const leaveTypes = grid.leave_types.filter((t) => !t.counts_as_worked);
  const tripSymbols = grid.leave_types.filter((t) => t.counts_as_worked).map((t) => t.symbol);
  const paidSymbols = leaveTypes.filter((t) => t.paid).map((t) => t.symbol);
  const unpaidSymbols = leaveTypes.filter((t) => !t.paid).map((t) => t.symbol);
  const totals: { header: string; width: number; value: (r: Timekeeping['rows'][number]) => number }[] = [
    { header: 'Công chuẩn', width: 8, value: (r) => r.totals.working_days },
    { header: 'Ngày làm (X)', width: 8, value: (r) => r.totals.worked },
    ...(tripSymbols.length > 0
      ? [
          {
            header: `Công tác (${tripSymbols.join(', ')})`,
            width: 8,
            value: (r: Timekeeping['rows'][number]) => r.attendance_totals.business_trip,
          },
        ]
      : []),
    ...paidSymbols.map((s) => ({ header: s, width: 5, value: (r: Timekeeping['rows'][number]) => r.totals.paid_leave[s] ?? 0 })),
    { header: `Lễ (${HOLIDAY_SYMBOL})`, width: 6, value: (r) => r.totals.holidays },
    ...unpaidSymbols.map((s) => ({
      header: s,
      width: 5,
      value: (r: Timekeeping['rows'][number]) => r.totals.unpaid_leave[s] ?? 0,
    })),
    ...(grid.attendance_required
      ? [
          { header: `Vắng (${ABSENT_SYMBOL})`, width: 6, value: (r: Timekeeping['rows'][number]) => r.attendance_totals.absent },
          { header: 'Đi muộn (lần)', width: 7, value: (r: Timekeeping['rows'][number]) => r.attendance_totals.late_count },
          { header: 'Đi muộn (phút)', width: 7, value: (r: Timekeeping['rows'][number]) => r.attendance_totals.late_minutes },
        ]
      : []),
    { header: 'Công hưởng lương', width: 10, value: (r) => r.totals.payable },
  ];
  const dayCol = (i: number) => LEAD + 1 + i;
  const firstTotal = LEAD + grid.days.length + 1;
  const lastCol = firstTotal + totals.length - 1;
  const paidType = new Map(grid.leave_types.map((t) => [t.symbol, t.paid]));

  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = company.name;
  const ws = wb.addWorksheet(`Chấm công ${month}-${year}`, {
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: { left: 0.3, right: 0.3, top: 0.4, bottom: 0.4, header: 0.2, footer: 0.2 },
      printTitlesRow: `${HEADER_ROW}:${HEADER_ROW + 1}`,
    },
    headerFooter: { oddFooter: 'Trang &P / &N' },
    views: [{ state: 'frozen', xSplit: 3, ySplit: HEADER_ROW + 1 }],
  });

  // The company's header and the title.
  ws.getCell(1, 1).value = safe(company.name.toUpperCase());
  ws.getCell(1, 1).font = { bold: true, size: 12 };
  if (company.address) ws.getCell(2, 1).value = safe(`Địa chỉ: ${company.address}`);
  if (company.tax_code) ws.getCell(3, 1).value = safe(`Mã số thuế: ${company.tax_code}`);
  ws.mergeCells(4, 1, 4, lastCol);
  const title = ws.getCell(4, 1);
  title.value = `BẢNG CHẤM CÔNG THÁNG ${month}/${year}`;
  title.font = { bold: true, size: 14 };
  title.alignment = { horizontal: 'center' };
  ws.mergeCells(5, 1, 5, lastCol);
  const sub = ws.getCell(5, 1);
  const scope = departmentName ? `Phòng ban: ${departmentName}` : 'Tất cả nhân viên trong phạm vi xem';
  const through = grid.counted_through
    ? `tính đến ngày ${formatDate(grid.counted_through)}`
    : 'tháng chưa bắt đầu, chưa có ngày công';
  sub.value = safe(`${scope} · ${through}`);
  sub.alignment = { horizontal: 'center' };
  sub.font = { italic: true };

  // Column widths.
  ws.getColumn(1).width = 5;
  ws.getColumn(2).width = 10;
  ws.getColumn(3).width = 24;
  ws.getColumn(4).width = 18;
  grid.days.forEach((_, i) => {
    ws.getColumn(dayCol(i)).width = 4.6;
  });
  totals.forEach((t, i) => {
    ws.getColumn(firstTotal + i).width = t.width;
  });

  // Two header rows: the lead and total columns span both; the days show their number and weekday.
  const h1 = HEADER_ROW;
  const h2 = HEADER_ROW + 1;
  const headerCell = (row: number, col: number, value: string | number, shade?: string) => {
    const cell = ws.getCell(row, col);
    cell.value = value;
    cell.font = { bold: true, size: 9 };
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.border = thin;
    cell.fill = fill(shade ?? 'F2F4F7');
  };
  ['STT', 'Mã NV', 'Họ và tên', 'Phòng ban'].forEach((label, i) => {
    ws.mergeCells(h1, i + 1, h2, i + 1);
    headerCell(h1, i + 1, label);
  });
  grid.days.forEach((day, i) => {
    const shade = day.kind === 'holiday' ? TIMEKEEPING_COLORS.holiday : day.kind === 'off' ? TIMEKEEPING_COLORS.off : undefined;
    headerCell(h1, dayCol(i), Number(day.date.slice(8, 10)), shade);
    headerCell(h2, dayCol(i), WEEKDAY_SHORT[day.weekday as Weekday], shade);
  });
  totals.forEach((t, i) => {
    ws.mergeCells(h1, firstTotal + i, h2, firstTotal + i);
    headerCell(h1, firstTotal + i, t.header);
  });
  ws.getRow(h1).height = 30;

  // One row per employee.
  grid.rows.forEach((r, n) => {
    const marks = new Map(r.marks.map((m) => [m.date, m]));
    const row = ws.getRow(FIRST_DATA_ROW + n);
    row.getCell(1).value = n + 1;
    row.getCell(2).value = safe(r.user.code);
    row.getCell(3).value = safe(r.user.name);
    row.getCell(4).value = safe(r.user.department?.name ?? '');
    for (let c = 1; c <= LEAD; c++) {
      row.getCell(c).border = thin;
      row.getCell(c).font = { size: 9 };
    }
    r.cells.forEach((symbol, i) => {
      const cell = row.getCell(dayCol(i));
      const kind = grid.days[i]?.kind;
      cell.value = symbol;
      cell.alignment = { horizontal: 'center' };
      cell.border = thin;
      cell.font = { size: 9 };
      const leave = cellHalves(symbol).find((s) => s && s !== WORKED_SYMBOL && s !== HOLIDAY_SYMBOL);
      const mark = marks.get(grid.days[i]?.date ?? '');
      if (mark) {
        // The page's corner dot: the symbol in the mark's colour, the reason as the cell's note.
        cell.font = { size: 9, bold: true, color: { argb: `FF${TIMEKEEPING_COLORS.late}` } };
        cell.note = markText(mark);
      }
      if (leave === ABSENT_SYMBOL) cell.fill = fill(TIMEKEEPING_COLORS.absent);
      else if (leave) cell.fill = fill(leaveColor(leave, paidType.get(leave) ?? false));
      else if (kind === 'holiday') cell.fill = fill(TIMEKEEPING_COLORS.holiday);
      else if (kind === 'off') cell.fill = fill(TIMEKEEPING_COLORS.off);
    });
    totals.forEach((t, i) => {
      const cell = row.getCell(firstTotal + i);
      cell.value = t.value(r);
      cell.numFmt = 'General;-General;""';
      cell.border = thin;
      cell.font = { size: 9, bold: i === totals.length - 1 };
    });
  });

  // The legend.
  let at = FIRST_DATA_ROW + grid.rows.length + 1;
  ws.getCell(at, 2).value = 'Ký hiệu:';
  ws.getCell(at, 2).font = { bold: true };
  const legend: [string, string, string | undefined][] = [
    [WORKED_SYMBOL, 'Ngày làm việc', undefined],
    [HOLIDAY_SYMBOL, 'Nghỉ lễ, Tết', TIMEKEEPING_COLORS.holiday],
    ...grid.leave_types.map((t): [string, string, string | undefined] => [
      t.symbol,
      `${t.name}${t.paid ? ' (hưởng lương)' : ' (ngoài công hưởng lương)'}`,
      leaveColor(t.symbol, t.paid),
    ]),
    ['X/P', 'Nửa ngày: buổi sáng / buổi chiều', undefined],
    ...(grid.attendance_required
      ? ([
          [ABSENT_SYMBOL, 'Vắng không phép (không chấm công, không có đơn)', TIMEKEEPING_COLORS.absent],
          ['X', 'Chữ màu cam: đi muộn, về sớm hoặc quên chấm ra (ghi chú trên ô)', undefined],
        ] as [string, string, string | undefined][])
      : []),
  ];
  for (const [symbol, name, color] of legend) {
    at += 1;
    const cell = ws.getCell(at, 2);
    cell.value = symbol;
    cell.alignment = { horizontal: 'center' };
    cell.border = thin;
    if (color) cell.fill = fill(color);
    ws.getCell(at, 3).value = safe(name);
  }
  ws.getCell(at + 2, 3).value = 'Công hưởng lương = ngày làm (kể cả công tác) + nghỉ có lương + nghỉ lễ.';
  ws.getCell(at + 2, 3).font = { italic: true, size: 9 };

  return Buffer.from(await wb.xlsx.writeBuffer());
}
