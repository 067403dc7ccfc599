import type { Medium } from '@qlcv/common/schemas/parameters';
import type { Regulation } from '@qlcv/common/schemas/regulations';
import { dayjs } from '@/lib/dayjs';

export interface LimitFormRow {
  analyte: string;
  name: string;
  unit: string;
  column: string | undefined;
  /** As typed ("0,05" or "0.05"): a limit is a decimal string, never read into a float here. */
  min: string;
  max: string;
  averaging: string;
  factors: string[];
  note: string;
}

export interface RegulationFormValues {
  code: string;
  title: string;
  medium: Medium | undefined;
  issuer: string;
  issuing_document: string;
  valid_from: dayjs.Dayjs | null;
  valid_to: dayjs.Dayjs | null;
  replaced_by_id: number | null;
  source: string;
  note: string;
  columns: { code: string; meaning: string }[];
  factors: { code: string; name: string; basis: string; values: { label: string; value: string }[] }[];
  limits: LimitFormRow[];
}

export const EMPTY_REGULATION: RegulationFormValues = {
  code: '',
  title: '',
  medium: undefined,
  issuer: '',
  issuing_document: '',
  valid_from: null,
  valid_to: null,
  replaced_by_id: null,
  source: '',
  note: '',
  columns: [{ code: '', meaning: '' }],
  factors: [],
  limits: [],
};

/** A stored decimal as the field shows it: the Vietnamese comma, no thousands dots (a dot would read as decimals). */
const commaText = (s: string | null) => (s === null ? '' : s.replace('.', ','));
const day = (d: string | null) => (d ? dayjs(d) : null);
const iso = (d: dayjs.Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const blank = (s: string | null | undefined) => s?.trim() || null;

/** A saved regulation as the form edits it. */
export const regulationFormValues = (r: Regulation): RegulationFormValues => ({
  code: r.code,
  title: r.title,
  medium: r.medium,
  issuer: r.issuer ?? '',
  issuing_document: r.issuing_document ?? '',
  valid_from: day(r.valid_from),
  valid_to: day(r.valid_to),
  replaced_by_id: r.replaced_by?.id ?? null,
  source: r.source ?? '',
  note: r.note ?? '',
  columns: r.columns.map((c) => ({ ...c })),
  factors: r.factors.map((f) => ({
    code: f.code,
    name: f.name,
    basis: f.basis ?? '',
    values: f.values.map((v) => ({ label: v.label, value: commaText(v.value) })),
  })),
  limits: r.limits.map((l) => ({
    analyte: l.analyte,
    name: l.name,
    unit: l.unit,
    column: l.column,
    min: commaText(l.min),
    max: commaText(l.max),
    averaging: l.averaging,
    factors: [...l.factors],
    note: l.note ?? '',
  })),
});

/**
 * Form values → request body, in the form's order (so an error's path, `limits.3.max`, is the field's name): empty
 * text as null; decimals sent as typed (the server reads the comma and keeps "0,050" as 0.050, never as a float).
 */
export const toRegulationBody = (v: RegulationFormValues) => ({
  code: (v.code ?? '').trim(),
  title: (v.title ?? '').trim(),
  medium: v.medium as Medium,
  issuer: blank(v.issuer),
  issuing_document: blank(v.issuing_document),
  valid_from: iso(v.valid_from) ?? '',
  valid_to: iso(v.valid_to),
  replaced_by_id: v.replaced_by_id ?? null,
  source: blank(v.source),
  note: blank(v.note),
  columns: (v.columns ?? []).map((c) => ({ code: (c?.code ?? '').trim(), meaning: (c?.meaning ?? '').trim() })),
  factors: (v.factors ?? []).map((f) => ({
    code: (f?.code ?? '').trim(),
    name: (f?.name ?? '').trim(),
    basis: blank(f?.basis),
    values: (f?.values ?? []).map((x) => ({ label: (x?.label ?? '').trim(), value: (x?.value ?? '').trim() })),
  })),
  limits: (v.limits ?? []).map((l) => ({
    analyte: (l?.analyte ?? '').trim(),
    name: (l?.name ?? '').trim(),
    unit: (l?.unit ?? '').trim(),
    column: l?.column ?? '',
    min: blank(l?.min),
    max: blank(l?.max),
    averaging: (l?.averaging ?? '').trim(),
    factors: l?.factors ?? [],
    note: blank(l?.note),
  })),
});
