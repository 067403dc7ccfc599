import { analysisResultFields } from '@qlcv/common/schemas/analyses';
import { fieldError } from '@/lib/forms';

// A result as typed on the worksheet or the analysis page: every field text, so nothing typed is ever changed behind
// the analyst's back ("0,050" keeps its zeros); the API's own schema checks it before sending.

export const RESULT_FIELDS = [
  'qualifier',
  'value',
  'unit',
  'method',
  'equipment_id',
  'analysed_on',
  'uncertainty',
  'notes',
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

export interface ResultValues {
  qualifier: string;
  value: string;
  unit: string;
  method: string;
  equipment_id: number | null;
  /** dd/mm/yyyy as typed; empty: today (the server's default). */
  analysed_on: string;
  uncertainty: string;
  notes: string;
}

/** What an analysis holds, as its fields show it (decimals with a comma, the date dd/mm/yyyy). */
export function valuesOf(a: {
  qualifier: string | null;
  value: string | null;
  unit: string;
  method: string;
  equipment: { id: number } | null;
  analysed_on: string | null;
  uncertainty: string | null;
  notes?: string | null;
}): ResultValues {
  return {
    qualifier: a.qualifier ?? '',
    value: a.value === null ? '' : a.value.replace('.', ','),
    unit: a.unit,
    method: a.method,
    equipment_id: a.equipment?.id ?? null,
    analysed_on: a.analysed_on ? isoToVn(a.analysed_on) : '',
    uncertainty: a.uncertainty === null ? '' : a.uncertainty.replace('.', ','),
    notes: a.notes ?? '',
  };
}

const isoToVn = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** "5/3/2026", "05/03/2026", "2026-03-05" → "2026-03-05"; anything else as typed (the schema refuses it). */
export function vnToIso(text: string): string {
  const t = text.trim();
  const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (vn) return `${vn[3]}-${vn[2]!.padStart(2, '0')}-${vn[1]!.padStart(2, '0')}`;
  return t;
}

const blank = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body of one row (without id and version): the schema reads the comma, a blank is null or the default. */
export function toResultBody(v: ResultValues) {
  return {
    qualifier: blank(v.qualifier),
    value: v.value.trim(),
    unit: blank(v.unit) ?? undefined,
    method: blank(v.method) ?? undefined,
    equipment_id: v.equipment_id,
    analysed_on: v.analysed_on.trim() ? vnToIso(v.analysed_on) : null,
    uncertainty: blank(v.uncertainty),
    notes: blank(v.notes),
  };
}

const DATE_MESSAGE = 'Ngày phân tích phải có dạng ngày/tháng/năm, ví dụ 05/03/2026';

/** Each field's error by the API's schema (the same words as its 422), none when the row passes. */
export function resultErrors(v: ResultValues): Partial<Record<ResultField, string>> {
  const body = toResultBody(v);
  const out: Partial<Record<ResultField, string>> = {};
  for (const f of RESULT_FIELDS) {
    const error = fieldError(analysisResultFields[f], body[f]);
    if (error) out[f] = f === 'analysed_on' ? DATE_MESSAGE : error;
  }
  return out;
}

/** Whether the row's fields differ from what the analysis holds. */
export function changed(a: ResultValues, b: ResultValues): boolean {
  return RESULT_FIELDS.some((f) => String(a[f] ?? '').trim() !== String(b[f] ?? '').trim());
}
