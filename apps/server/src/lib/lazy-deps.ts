import { createRequire } from 'node:module';
import type Docxtemplater from 'docxtemplater';
import type ExcelJS from 'exceljs';
import type PizZip from 'pizzip';

/**
 * Heavy packages loaded at first use, so the server starts and idles without them (measured alone: exceljs ≈ 27 MB,
 * docxtemplater ≈ 17 MB, pizzip ≈ 9 MB). Only the screens that build a styled workbook or a contract document pay.
 * Large list exports stream through lib/xlsx-stream.ts and need none of them.
 */
export const loadExcelJS = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

const require = createRequire(import.meta.url);
const once = <T>(id: string) => {
  let loaded: T | undefined;
  // Both are CommonJS: a synchronous require keeps the .docx helpers synchronous.
  return (): T => (loaded ??= require(id) as T);
};
export const pizZip = once<typeof PizZip>('pizzip');
export const docxtemplater = once<typeof Docxtemplater>('docxtemplater');
