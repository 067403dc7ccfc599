import { MEDIUM_LABELS, type Medium } from '@qlcv/common/schemas/parameters';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../schema';

// A regulation's rows, written the same way by migration 0043 (the shipped ones) and the regulations repository.

/** What a regulation's body writes: the API's body or a shipped seed (its replacement set apart). */
export interface RegulationWrite {
  code: string;
  title: string;
  medium: string;
  issuer?: string | null;
  issuing_document?: string | null;
  valid_from: string;
  valid_to?: string | null;
  source?: string | null;
  note?: string | null;
  columns: { code: string; meaning: string }[];
  factors?: { code: string; name: string; basis?: string | null; values: { label: string; value?: string | null }[] }[];
  limits?: {
    analyte: string;
    name: string;
    unit: string;
    column: string;
    min?: string | null;
    max?: string | null;
    averaging?: string;
    factors?: string[];
    note?: string | null;
  }[];
}

/** The regulation's own columns (not its replacement, stamps or version). */
export const regulationHead = (b: RegulationWrite) => ({
  code: b.code,
  title: b.title,
  medium: b.medium,
  issuer: b.issuer ?? null,
  issuing_document: b.issuing_document ?? null,
  valid_from: b.valid_from,
  valid_to: b.valid_to ?? null,
  source: b.source ?? null,
  note: b.note ?? null,
  // Found by its number ("40:2011", "qcvn 19"), title, medium and issuing act.
  search_text: searchText(b.code, b.title, MEDIUM_LABELS[b.medium as Medium] ?? b.medium, b.issuing_document),
});

/** Writes a regulation's columns, factors with their tables and limits (or only its limits: an import). */
export async function insertRegulationChildren(
  db: Kysely<DB>,
  id: number,
  b: RegulationWrite,
  what: { limitsOnly?: boolean } = {},
) {
  if (!what.limitsOnly) {
    await db
      .insertInto('regulation_columns')
      .values(b.columns.map((c, i) => ({ regulation_id: id, code: c.code, meaning: c.meaning, sort_order: i })))
      .execute();
    const factors = b.factors ?? [];
    if (factors.length > 0) {
      await db
        .insertInto('regulation_factors')
        .values(factors.map((f, i) => ({ regulation_id: id, code: f.code, name: f.name, basis: f.basis ?? null, sort_order: i })))
        .execute();
      await db
        .insertInto('regulation_factor_values')
        .values(
          factors.flatMap((f) =>
            f.values.map((v, i) => ({
              regulation_id: id,
              factor_code: f.code,
              sort_order: i,
              label: v.label,
              value: v.value ?? '',
            })),
          ),
        )
        .execute();
    }
  }
  const limits = (b.limits ?? []).map((l, i) => ({
    regulation_id: id,
    analyte: l.analyte,
    column_code: l.column,
    averaging: l.averaging ?? '',
    name: l.name,
    unit: l.unit,
    min_value: l.min ?? null,
    max_value: l.max ?? null,
    factors: (l.factors ?? []).join(' '),
    note: l.note ?? null,
    sort_order: i,
  }));
  // In slices: SQLite binds at most 32 766 parameters a statement, PostgreSQL 65 535.
  for (let i = 0; i < limits.length; i += 200)
    await db
      .insertInto('regulation_limits')
      .values(limits.slice(i, i + 200))
      .execute();
}
