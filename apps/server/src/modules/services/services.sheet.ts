import { SERVICE_IMPORT_COLUMNS, type Service, VAT_RATE_LABELS } from '@qlcv/common/schemas/services';
import { loadExcelJS } from '../../lib/lazy-deps';
import type { XlsxColumn } from '../../lib/xlsx-export';

// The catalogue's sheet: the export writes these columns, the template shows them, the import reads them back.

type Header = (typeof SERVICE_IMPORT_COLUMNS)[number];
const yesNo = (v: boolean) => (v ? 'Có' : 'Không');

const COLUMN: Record<Header, { width: number; value: (s: Service) => string | number | null }> = {
  Mã: { width: 14, value: (s) => s.code },
  'Tên dịch vụ': { width: 48, value: (s) => s.name },
  Nhóm: { width: 28, value: (s) => s.group },
  'Đơn vị tính': { width: 14, value: (s) => s.unit.name },
  'Đơn giá': { width: 14, value: (s) => s.unit_price },
  'Thuế suất VAT': { width: 16, value: (s) => VAT_RATE_LABELS[s.vat_rate] },
  'Giảm thuế theo quy định': { width: 14, value: (s) => yesNo(s.vat_reducible) },
  'Mô tả': { width: 40, value: (s) => s.description },
  'Đang dùng': { width: 11, value: (s) => yesNo(s.active) },
};

export const SERVICE_SHEET = 'Dịch vụ';

export const serviceExportColumns: XlsxColumn<Service>[] = SERVICE_IMPORT_COLUMNS.map((header) => ({
  header,
  width: COLUMN[header].width,
  value: COLUMN[header].value,
}));

/** The import template: the headers, one example row, and a note sheet saying what each column takes. */
export async function serviceImportTemplate(unitNames: string[]): Promise<Buffer> {
  const wb = new (await loadExcelJS()).Workbook();
  const sheet = wb.addWorksheet(SERVICE_SHEET);
  sheet.columns = SERVICE_IMPORT_COLUMNS.map((header) => ({ header, width: COLUMN[header].width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([
    'QT-KT-01',
    'Quan trắc khí thải ống khói (bụi, SO2, NOx, CO)',
    'Quan trắc khí thải',
    unitNames[0] ?? 'mẫu',
    2500000,
    '10 %',
    'Có',
    'Lấy mẫu và phân tích tại 01 ống khói',
    'Có',
  ]);
  sheet.getColumn(5).numFmt = '#,##0';
  const help = wb.addWorksheet('Hướng dẫn');
  help.columns = [
    { header: 'Cột', width: 26 },
    { header: 'Cách nhập', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const row of [
    ['Mã', 'Bắt buộc. Chữ không dấu, số và . _ -. Mã đã có thì dịch vụ đó được cập nhật, mã mới thì được thêm.'],
    ['Tên dịch vụ', 'Bắt buộc, tối đa 300 ký tự.'],
    ['Nhóm', 'Bắt buộc, tối đa 100 ký tự (ví dụ: Quan trắc khí thải, Lập báo cáo).'],
    ['Đơn vị tính', `Mã hoặc tên một đơn vị tính đã có${unitNames.length ? `: ${unitNames.join(', ')}` : ''}.`],
    ['Đơn giá', 'Số nguyên, đồng (VNĐ), không âm. Ví dụ 2500000 hoặc 2.500.000.'],
    ['Thuế suất VAT', 'Không chịu thuế, 0 %, 5 % hoặc 10 %. Để trống: 10 %.'],
    ['Giảm thuế theo quy định', 'Có/Không: thuế 10 % được giảm còn 8 % khi quy định giảm thuế còn hiệu lực. Để trống: Có.'],
    ['Mô tả', 'Không bắt buộc, tối đa 2000 ký tự.'],
    ['Đang dùng', 'Có/Không. Để trống: Có.'],
  ]) {
    help.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
