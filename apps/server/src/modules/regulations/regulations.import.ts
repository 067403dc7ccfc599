import { compareDec } from '@qlcv/common/lab-decimal';
import type { ErrorBody } from '@qlcv/common/schemas/common';
import {
  REGULATION_IMPORT_HEADERS,
  REGULATION_IMPORT_MAX_BYTES,
  REGULATION_IMPORT_MAX_ROWS,
  type Regulation,
  type RegulationImportReport,
  type RegulationLimitBody,
  regulationLimitBody,
} from '@qlcv/common/schemas/regulations';
import { normalizeVi } from '@qlcv/common/vi-text';
import type { Actor } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { loadExcelJS } from '../../lib/lazy-deps';
import { asText, cellValue } from '../../lib/xlsx-cells';
import type { Upload } from '../../plugins/multipart';
import type { RegulationsService } from './regulations.service';

type FieldError = ErrorBody['errors'][number];
type Header = (typeof REGULATION_IMPORT_HEADERS)[number];

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEET = 'Giá trị giới hạn';
const REQUIRED: Header[] = ['Mã chất', 'Thông số', 'Đơn vị', 'Cột'];
const MAX_REPORTED = 300;
const FIELD: Record<Header, keyof RegulationLimitBody> = {
  'Mã chất': 'analyte',
  'Thông số': 'name',
  'Đơn vị': 'unit',
  Cột: 'column',
  'Tối thiểu': 'min',
  'Tối đa': 'max',
  'Thời gian trung bình': 'averaging',
  'Hệ số': 'factors',
  'Ghi chú': 'note',
};

const refused = (message: string, errors: FieldError[] = [{ field: 'file', message }]) =>
  new AppError(422, 'VALIDATION_FAILED', message, errors);

/** A number cell as the regulation writes it: 0.05 stays "0.05"; text keeps its digits ("0,050" → "0.050"). */
function decimalCell(v: string | number | boolean | null): string | null {
  if (v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : String(v);
  return String(v).trim().replace(',', '.');
}

/**
 * Import of one regulation's limits table (issue 25 part 1, the services import's habit): every row is checked first —
 * its fields, its column and factors against the regulation, one row per analyte × column × period — and one wrong row
 * writes nothing (422, `rows[<sheet row>].<field>`); otherwise the file's limits replace the regulation's.
 */
export class RegulationsImport {
  constructor(private readonly regulations: RegulationsService) {}

  async run(actor: Actor, id: number, uploads: Upload[], dryRun: boolean): Promise<RegulationImportReport> {
    const regulation = await this.regulations.forImport(id);
    const upload = uploads[0];
    if (!upload || uploads.length !== 1) throw invalid('file', 'Vui lòng chọn một tệp Excel (.xlsx).');
    if (upload.mime !== XLSX_MIME) throw refused('Tệp không phải bảng tính Excel .xlsx. Hãy dùng tệp mẫu của quy chuẩn.');
    if (upload.size > REGULATION_IMPORT_MAX_BYTES) throw refused(`Tệp vượt quá ${REGULATION_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    const limits = await this.parse(upload.tempPath, regulation);
    return this.regulations.replaceLimits(actor, id, limits, dryRun);
  }

  private async parse(file: string, regulation: Regulation): Promise<RegulationLimitBody[]> {
    const wb = new (await loadExcelJS()).Workbook();
    try {
      await wb.xlsx.readFile(file);
    } catch {
      throw refused('Không đọc được tệp Excel: tệp hỏng hoặc không đúng định dạng .xlsx.');
    }
    const sheet = wb.getWorksheet(SHEET) ?? wb.worksheets[0];
    if (!sheet) throw refused('Tệp Excel không có trang tính nào.');
    if (sheet.actualRowCount - 1 > REGULATION_IMPORT_MAX_ROWS)
      throw refused(`Tệp có quá nhiều dòng: tối đa ${REGULATION_IMPORT_MAX_ROWS} giá trị giới hạn mỗi quy chuẩn.`);

    const columnOf = new Map<Header, number>();
    const known = new Map(REGULATION_IMPORT_HEADERS.map((h) => [normalizeVi(h), h]));
    sheet.getRow(1).eachCell((cell, col) => {
      const header = known.get(normalizeVi(asText(cellValue(cell.value))));
      if (header && !columnOf.has(header)) columnOf.set(header, col);
    });
    const missing = REQUIRED.filter((h) => !columnOf.has(h));
    if (missing.length) throw refused(`Dòng tiêu đề thiếu cột: ${missing.join(', ')}. Hãy dùng tệp mẫu của quy chuẩn.`);

    const columns = new Set(regulation.columns.map((c) => c.code));
    const factors = new Set(regulation.factors.map((f) => f.code));
    const errors: FieldError[] = [];
    let wrongRows = 0;
    const parsed: RegulationLimitBody[] = [];
    const firstRowOf = new Map<string, number>();
    for (let n = 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      const get = (h: Header) => {
        const col = columnOf.get(h);
        return col ? cellValue(row.getCell(col).value) : null;
      };
      if (REGULATION_IMPORT_HEADERS.every((h) => get(h) === null)) continue;
      const rowErrors: FieldError[] = [];
      const fail = (field: string, message: string) =>
        rowErrors.push({ field: `rows[${n}].${field}`, message: `Dòng ${n}: ${message}` });
      const factorText = asText(get('Hệ số'));
      const candidate = {
        analyte: asText(get('Mã chất')),
        name: asText(get('Thông số')),
        unit: asText(get('Đơn vị')),
        column: asText(get('Cột')),
        min: decimalCell(get('Tối thiểu')),
        max: decimalCell(get('Tối đa')),
        averaging: asText(get('Thời gian trung bình')),
        factors: factorText ? factorText.split(/[\s,;×x*]+/).filter(Boolean) : [],
        note: asText(get('Ghi chú')) || null,
      };
      const result = regulationLimitBody.safeParse(candidate);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const key = String(issue.path[0] ?? 'analyte');
          fail(key, issue.message.charAt(0).toLowerCase() + issue.message.slice(1));
        }
      } else {
        const l = result.data;
        if (!columns.has(l.column))
          fail(FIELD.Cột, `cột ${l.column} không có trong ${regulation.code} (${[...columns].join(', ')})`);
        for (const f of l.factors)
          if (!factors.has(f))
            fail(
              FIELD['Hệ số'],
              `hệ số ${f} không có trong ${regulation.code}${factors.size ? ` (${[...factors].join(', ')})` : ''}`,
            );
        if (l.min == null && l.max == null) fail(FIELD['Tối đa'], 'nhập giá trị tối thiểu, tối đa hoặc cả hai');
        if (l.min != null && l.max != null && compareDec(l.min, l.max) > 0)
          fail(FIELD['Tối thiểu'], 'giá trị tối thiểu lớn hơn giá trị tối đa');
        if (l.factors.length > 0 && l.max == null) fail(FIELD['Hệ số'], 'hệ số chỉ nhân với giá trị tối đa');
        const key = `${l.analyte}|${l.column}|${l.averaging}`;
        const first = firstRowOf.get(key);
        if (first !== undefined)
          fail(FIELD['Mã chất'], `${l.analyte} ở cột ${l.column}${l.averaging ? ` (${l.averaging})` : ''} đã có ở dòng ${first}`);
        else firstRowOf.set(key, n);
        if (rowErrors.length === 0) parsed.push(l);
      }
      if (rowErrors.length) {
        wrongRows++;
        errors.push(...rowErrors);
      }
    }
    if (errors.length) {
      const shown = errors.slice(0, MAX_REPORTED);
      if (errors.length > MAX_REPORTED)
        shown.push({ field: 'file', message: `Còn ${errors.length - MAX_REPORTED} lỗi khác không hiển thị.` });
      throw refused(`Có ${wrongRows} dòng không hợp lệ; chưa nhập dòng nào.`, shown);
    }
    if (parsed.length === 0) throw refused('Tệp không có dòng giá trị giới hạn nào.');
    return parsed;
  }

  /** The regulation's limits in the import's layout (edit and import back), and a help sheet. */
  async template(id: number): Promise<{ fileName: string; buffer: Buffer }> {
    const r = await this.regulations.forImport(id);
    const wb = new (await loadExcelJS()).Workbook();
    const sheet = wb.addWorksheet(SHEET);
    const widths: Record<Header, number> = {
      'Mã chất': 14,
      'Thông số': 40,
      'Đơn vị': 12,
      Cột: 8,
      'Tối thiểu': 11,
      'Tối đa': 11,
      'Thời gian trung bình': 14,
      'Hệ số': 12,
      'Ghi chú': 40,
    };
    sheet.columns = REGULATION_IMPORT_HEADERS.map((header) => ({ header, width: widths[header] }));
    sheet.getRow(1).font = { bold: true };
    // Values as text: "0.050" keeps its zeros, as the regulation writes it.
    for (const l of r.limits)
      sheet.addRow([
        l.analyte,
        l.name,
        l.unit,
        l.column,
        l.min ?? '',
        l.max ?? '',
        l.averaging,
        l.factors.join(' '),
        l.note ?? '',
      ]);
    for (const col of [5, 6]) sheet.getColumn(col).numFmt = '@';
    const help = wb.addWorksheet('Hướng dẫn');
    help.columns = [
      { header: 'Cột', width: 24 },
      { header: 'Cách nhập', width: 100 },
    ];
    help.getRow(1).font = { bold: true };
    const cols = r.columns.map((c) => `${c.code} (${c.meaning})`).join('; ');
    const fs = r.factors.map((f) => `${f.code} (${f.name})`).join(', ');
    for (const row of [
      ['Mã chất', 'Bắt buộc: chữ in hoa không dấu, số và . _ + - (BOD5, COD, TSS, PH…); khớp với "Mã chất" của chỉ tiêu.'],
      ['Thông số', 'Bắt buộc: tên thông số như quy chuẩn ghi.'],
      ['Đơn vị', 'Bắt buộc: mg/L, mg/Nm³, µg/m³, Pt/Co, MPN/100 mL…'],
      ['Cột', `Bắt buộc, một cột của ${r.code}: ${cols}.`],
      ['Tối thiểu / Tối đa', 'Số thập phân (dấu phẩy hoặc chấm), ít nhất một trong hai. pH 6–9: Tối thiểu 6, Tối đa 9.'],
      ['Thời gian trung bình', 'Không bắt buộc: 1 giờ, 8 giờ, 24 giờ, năm… (không khí).'],
      [
        'Hệ số',
        fs
          ? `Hệ số nhân với giá trị tối đa, cách nhau bởi dấu cách: ${fs}. Để trống: giá trị cố định.`
          : 'Quy chuẩn này không có hệ số: để trống.',
      ],
      ['Ghi chú', 'Không bắt buộc, tối đa 300 ký tự.'],
      [
        '',
        `Khi nhập, bảng trong tệp THAY THẾ toàn bộ giá trị giới hạn hiện có của ${r.code}; một dòng sai thì không nhập dòng nào.`,
      ],
    ])
      help.addRow(row);
    const slug = normalizeVi(r.code)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return { fileName: `gioi-han-${slug}.xlsx`, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
  }
}
