import type { RegulationSeed } from './types';

type SeedLimit = NonNullable<RegulationSeed['limits']>[number];

/** A cell of a regulation's table: a max ("50"), or a range / a floor as the text writes it (pH 6–9, DO ≥ 5). */
export type Cell = string | { min?: string; max?: string };

/**
 * One row of a regulation's table as it is printed: the analyte, its name and unit, and a cell per column code. Kept
 * as rows so each data file reads like the table it copies (a typo is easier to see against the source that way).
 */
export interface TableRow {
  analyte: string;
  name: string;
  unit: string;
  cells: Record<string, Cell>;
  /** Factor codes the max is multiplied by ([] or absent = fixed). */
  factors?: string[];
  averaging?: string;
  note?: string;
}

/** The rows as the API's limits: one limit per row × column, in the table's order. */
export function limitsOf(rows: readonly TableRow[]): SeedLimit[] {
  return rows.flatMap((row) =>
    Object.entries(row.cells).map(([column, cell]) => ({
      analyte: row.analyte,
      name: row.name,
      unit: row.unit,
      column,
      min: typeof cell === 'string' ? null : (cell.min ?? null),
      max: typeof cell === 'string' ? cell : (cell.max ?? null),
      averaging: row.averaging ?? '',
      factors: row.factors ?? [],
      note: row.note ?? null,
    })),
  );
}
