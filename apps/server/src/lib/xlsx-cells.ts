import type ExcelJS from 'exceljs';

/** A cell's value as the user sees it: formulas by their result, rich text joined, hyperlinks by their text. */
export function cellValue(v: ExcelJS.CellValue): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v) return cellValue(v.richText.map((t) => t.text).join(''));
  if ('formula' in v || 'sharedFormula' in v) return cellValue((v as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in v) return cellValue(String(v.text));
  return null;
}

export const asText = (v: string | number | boolean | null) => (v === null ? '' : String(v).trim());
