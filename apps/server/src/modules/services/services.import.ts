import type { ErrorBody } from '@qlcv/common/schemas/common';
import {
  SERVICE_IMPORT_COLUMNS,
  SERVICE_IMPORT_MAX_BYTES,
  SERVICE_IMPORT_MAX_ROWS,
  type Service,
  type ServiceCreateBody,
  type ServiceImportResult,
  serviceCreateBody,
  type VatRate,
} from '@qlcv/common/schemas/services';
import { normalizeVi } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, invalid } from '../../lib/errors';
import { loadExcelJS } from '../../lib/lazy-deps';
import { insertVersioned } from '../../lib/versioned';
import { asText, cellValue } from '../../lib/xlsx-cells';
import type { Upload } from '../../plugins/multipart';
import { servicesRepository as repo } from './services.repository';
import { SERVICE_ENTITY, serviceValues, toService } from './services.service';
import { SERVICE_SHEET } from './services.sheet';

type FieldError = ErrorBody['errors'][number];
type Header = (typeof SERVICE_IMPORT_COLUMNS)[number];

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const REQUIRED: Header[] = ['Mã', 'Tên dịch vụ', 'Nhóm', 'Đơn vị tính', 'Đơn giá'];
/** The report stops here: past it, one line says how many more rows are wrong. */
const MAX_REPORTED = 300;

/** The API field each column feeds, for `rows[5].unit`. */
const FIELD: Record<Header, string> = {
  Mã: 'code',
  'Tên dịch vụ': 'name',
  Nhóm: 'group',
  'Đơn vị tính': 'unit',
  'Đơn giá': 'unit_price',
  'Thuế suất VAT': 'vat_rate',
  'Giảm thuế theo quy định': 'vat_reducible',
  'Mô tả': 'description',
  'Đang dùng': 'active',
};
const BODY_FIELD: Record<string, string> = { unit_id: 'unit' };

const refused = (message: string, errors: FieldError[] = [{ field: 'file', message }]) =>
  new AppError(422, 'VALIDATION_FAILED', message, errors);

function parsePrice(v: string | number | boolean | null): number | string | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  // "2.500.000", "2 500 000 đ", "2,500,000": Vietnamese and English thousands separators alike.
  const digits = String(v).replace(/[\s.,]|đ|₫|vnđ|vnd/gi, '');
  return /^\d{1,15}$/.test(digits) ? Number(digits) : String(v);
}

function parseVat(v: string | number | boolean | null): VatRate | 'reduced' | null | undefined {
  if (v === null) return undefined;
  // A cell formatted as a percentage holds 0.1 for 10 %.
  const n = typeof v === 'number' && v > 0 && v < 1 ? Math.round(v * 100) : v;
  const key = normalizeVi(String(n)).replace(/[\s%]/g, '');
  if (['none', 'kct', 'khongchiuthue', 'khong', '-'].includes(key)) return 'none';
  if (key === '0' || key === '5' || key === '10') return key;
  if (key === '8') return 'reduced';
  return null;
}

function parseYesNo(v: string | number | boolean | null): boolean | null | undefined {
  if (v === null) return undefined;
  const key = normalizeVi(String(v)).replace(/\s/g, '');
  if (['co', 'c', 'x', 'yes', 'y', '1', 'true'].includes(key)) return true;
  if (['khong', 'k', 'no', 'n', '0', 'false'].includes(key)) return false;
  return null;
}

interface ParsedRow {
  row: number;
  body: ServiceCreateBody;
  unit: { id: number; code: string; name: string };
}

/**
 * Import of the service catalogue from the export's own .xlsx layout: every row is checked first, and one wrong row
 * imports nothing (422 with a row-by-row report `rows[<sheet row>].<field>`); otherwise new codes are added and known
 * codes updated, each with its audit entry, in one transaction.
 */
export class ServicesImport {
  constructor(private readonly db: Kysely<DB>) {}

  async run(actor: Actor, uploads: Upload[]): Promise<ServiceImportResult> {
    const upload = uploads[0];
    if (!upload || uploads.length !== 1) throw invalid('file', 'Vui lòng chọn một tệp Excel (.xlsx).');
    if (upload.mime !== XLSX_MIME)
      throw refused('Tệp không phải bảng tính Excel .xlsx. Hãy dùng tệp mẫu hoặc tệp xuất từ danh sách.');
    if (upload.size > SERVICE_IMPORT_MAX_BYTES) {
      throw refused(`Tệp vượt quá ${SERVICE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    }
    const rows = await this.parse(upload.tempPath);
    return this.apply(actor, rows);
  }

  private async parse(file: string): Promise<ParsedRow[]> {
    const wb = new (await loadExcelJS()).Workbook();
    try {
      await wb.xlsx.readFile(file);
    } catch {
      throw refused('Không đọc được tệp Excel: tệp hỏng hoặc không đúng định dạng .xlsx.');
    }
    const sheet = wb.getWorksheet(SERVICE_SHEET) ?? wb.worksheets[0];
    if (!sheet) throw refused('Tệp Excel không có trang tính nào.');
    if (sheet.actualRowCount - 1 > SERVICE_IMPORT_MAX_ROWS) {
      throw refused(`Tệp có quá nhiều dòng: tối đa ${SERVICE_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} dịch vụ mỗi lần nhập.`);
    }

    const columnOf = new Map<Header, number>();
    const known = new Map(SERVICE_IMPORT_COLUMNS.map((h) => [normalizeVi(h), h]));
    sheet.getRow(1).eachCell((cell, col) => {
      const header = known.get(normalizeVi(asText(cellValue(cell.value))));
      if (header && !columnOf.has(header)) columnOf.set(header, col);
    });
    const missing = REQUIRED.filter((h) => !columnOf.has(h));
    if (missing.length) {
      const message = `Dòng tiêu đề thiếu cột: ${missing.join(', ')}. Hãy dùng tệp mẫu.`;
      throw refused(message);
    }

    const units = await repo.units(this.db);
    const unitByCode = new Map(units.map((u) => [u.code.toLowerCase(), u]));
    const unitByName = new Map(units.map((u) => [normalizeVi(u.name), u]));

    const errors: FieldError[] = [];
    let wrongRows = 0;
    const parsed: ParsedRow[] = [];
    const firstRowOf = new Map<string, number>();
    for (let n = 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      const get = (h: Header) => {
        const col = columnOf.get(h);
        return col ? cellValue(row.getCell(col).value) : null;
      };
      if (SERVICE_IMPORT_COLUMNS.every((h) => get(h) === null)) continue;
      const rowErrors: FieldError[] = [];
      const fail = (h: Header | string, message: string) =>
        rowErrors.push({ field: `rows[${n}].${FIELD[h as Header] ?? h}`, message: `Dòng ${n}: ${message}` });

      const unitText = asText(get('Đơn vị tính'));
      const unit = unitText ? (unitByCode.get(unitText.toLowerCase()) ?? unitByName.get(normalizeVi(unitText))) : undefined;
      if (!unitText) fail('Đơn vị tính', 'vui lòng nhập đơn vị tính');
      else if (!unit) fail('Đơn vị tính', `đơn vị tính "${unitText}" không có`);

      const price = parsePrice(get('Đơn giá'));
      if (typeof price === 'string') fail('Đơn giá', `đơn giá "${price}" không phải số`);

      const vat = parseVat(get('Thuế suất VAT'));
      if (vat === null)
        fail('Thuế suất VAT', `thuế suất "${asText(get('Thuế suất VAT'))}" không hợp lệ (Không chịu thuế, 0 %, 5 %, 10 %)`);
      if (vat === 'reduced')
        fail('Thuế suất VAT', 'thuế suất 8 % là mức giảm theo quy định: hãy nhập 10 % và "Giảm thuế theo quy định" = Có');

      const flags = { vat_reducible: parseYesNo(get('Giảm thuế theo quy định')), active: parseYesNo(get('Đang dùng')) };
      if (flags.vat_reducible === null) fail('Giảm thuế theo quy định', '"Giảm thuế theo quy định" phải là Có hoặc Không');
      if (flags.active === null) fail('Đang dùng', '"Đang dùng" phải là Có hoặc Không');

      const candidate = {
        code: asText(get('Mã')),
        name: asText(get('Tên dịch vụ')),
        group: asText(get('Nhóm')),
        unit_id: unit?.id ?? 1,
        unit_price: typeof price === 'number' ? price : price === null ? undefined : 0,
        vat_rate: vat === null || vat === 'reduced' ? undefined : vat,
        vat_reducible: flags.vat_reducible ?? undefined,
        description: asText(get('Mô tả')) || null,
        active: flags.active ?? undefined,
      };
      const result = serviceCreateBody.safeParse(candidate);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const key = String(issue.path[0] ?? 'code');
          const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
          rowErrors.push({ field: `rows[${n}].${BODY_FIELD[key] ?? key}`, message: `Dòng ${n}: ${message}` });
        }
      }
      if (candidate.code) {
        const first = firstRowOf.get(candidate.code);
        if (first) fail('Mã', `mã "${candidate.code}" trùng với dòng ${first}`);
        else firstRowOf.set(candidate.code, n);
      }
      if (rowErrors.length) {
        wrongRows += 1;
        errors.push(...rowErrors);
      } else if (result.success && unit) parsed.push({ row: n, body: result.data, unit });
    }

    if (wrongRows > 0) {
      const shown = errors.slice(0, MAX_REPORTED);
      if (errors.length > MAX_REPORTED) shown.push({ field: 'file', message: `… và ${errors.length - MAX_REPORTED} lỗi khác.` });
      throw refused(`Tệp có ${wrongRows} dòng lỗi: chưa nhập dịch vụ nào. Hãy sửa các dòng dưới đây rồi nhập lại.`, shown);
    }
    if (parsed.length === 0) throw refused('Tệp không có dòng dịch vụ nào.');
    return parsed;
  }

  private async apply(actor: Actor, rows: ParsedRow[]): Promise<ServiceImportResult> {
    return this.db.transaction().execute(async (trx) => {
      const existing = new Map<string, Service>();
      const codes = rows.map((r) => r.body.code);
      for (let i = 0; i < codes.length; i += 500) {
        for (const found of await repo.byCodes(trx, codes.slice(i, i + 500))) existing.set(found.code, toService(found));
      }
      const now = nowIso();
      let created = 0;
      let updated = 0;
      for (const { body, unit } of rows) {
        const snapshot = { ...body, description: body.description ?? null, unit };
        const before = existing.get(body.code);
        if (before) {
          const { id, version, created_at, updated_at, ...old } = before;
          const changes = diff(old, snapshot);
          // A row the file repeats as it is stays untouched: its version does not move under someone editing it.
          if (Object.keys(changes).length) {
            await repo.overwrite(trx, id, version, serviceValues(body), now);
            await writeAudit(trx, actor, { entity: SERVICE_ENTITY, entityId: id, action: 'update', changes });
          }
          updated += 1;
        } else {
          const id = await insertVersioned(trx, 'services', {
            ...serviceValues(body),
            created_by: actor.id,
            created_at: now,
            updated_at: now,
          });
          await writeAudit(trx, actor, {
            entity: SERVICE_ENTITY,
            entityId: id,
            action: 'create',
            changes: diff(null, snapshot),
          });
          created += 1;
        }
      }
      return { created, updated };
    });
  }
}
