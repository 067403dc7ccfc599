import { compareDec, divide, multiply, subtract } from '@qlcv/common/lab-decimal';
import type { AnalysisQc } from '@qlcv/common/schemas/analyses';

// The QC flags of a worksheet (issue 25 part 2), computed on exact decimals (lab-decimal), never floats: a field or
// trip blank above the parameter's LOD; a duplicate pair further apart than the allowed relative percent difference.

/** What the flags read of an analysis and its sample. */
export interface QcRow {
  id: number;
  sample_code: string;
  sample_qc_kind: string;
  trip_id: number;
  round_id: number;
  point_id: number;
  qualifier: string | null;
  value: string | null;
}

const BLANKS = new Set(['field_blank', 'trip_blank']);

const negate = (s: string) => (s.startsWith('-') ? s.slice(1) : `-${s}`);
const abs = (s: string) => (s.startsWith('-') ? s.slice(1) : s);
const add = (a: string, b: string) => subtract(a, negate(b));

/**
 * A blank's result above the LOD: a plain value greater than it, or "> range". "< LOD" is clean; without an LOD on
 * the parameter nothing is compared.
 */
export function blankAboveLod(r: Pick<QcRow, 'sample_qc_kind' | 'qualifier' | 'value'>, lod: string | null): boolean {
  if (!BLANKS.has(r.sample_qc_kind) || r.value === null) return false;
  if (r.qualifier === '>') return true;
  if (r.qualifier === '<' || lod === null) return false;
  return compareDec(r.value, lod) > 0;
}

/**
 * |a − b| / mean × 100 of two plain results, one decimal, and whether it exceeds `allowed` (%), compared exactly:
 * |a − b| × 200 > allowed × |a + b|. Null when either is qualified (no number to compare) or both are zero.
 */
export function relativePercentDifference(
  a: Pick<QcRow, 'qualifier' | 'value'>,
  b: Pick<QcRow, 'qualifier' | 'value'>,
  allowed: string,
): { rpd: string; exceeded: boolean } | null {
  if (a.value === null || b.value === null || a.qualifier !== null || b.qualifier !== null) return null;
  const sum = abs(add(a.value, b.value));
  if (compareDec(sum, '0') === 0) return null;
  const spread = multiply(abs(subtract(a.value, b.value)), '200');
  return { rpd: divide(spread, sum, 1), exceeded: compareDec(spread, multiply(allowed, sum)) > 0 };
}

/**
 * The original a duplicate was taken beside: a normal sample of the same trip, round and point — the one whose code
 * is the duplicate's without its "-L" suffix (as the sample form suggests it), else the first made.
 */
export function originalOf<R extends QcRow>(duplicate: R, candidates: readonly R[]): R | undefined {
  const same = candidates.filter(
    (c) =>
      c.sample_qc_kind === 'normal' &&
      c.trip_id === duplicate.trip_id &&
      c.round_id === duplicate.round_id &&
      c.point_id === duplicate.point_id,
  );
  const stem = duplicate.sample_code.replace(/-L\d*$/, '');
  return same.find((c) => c.sample_code === stem) ?? same.sort((x, y) => x.id - y.id)[0];
}

/**
 * The flags of each worksheet row: `rows` the worksheet's, `candidates` every analysis of the parameter at their rounds
 * and points (the pairs' other halves may be off the worksheet: already released, or someone else's).
 */
export function worksheetQc(
  rows: readonly QcRow[],
  candidates: readonly QcRow[],
  lod: string | null,
  allowed: string,
): Map<number, AnalysisQc> {
  const all = new Map<number, QcRow>();
  for (const r of [...candidates, ...rows]) all.set(r.id, r);
  const pool = [...all.values()];
  // Each duplicate with its original; an original may have several duplicates.
  const pairs: [QcRow, QcRow][] = [];
  for (const d of pool.filter((r) => r.sample_qc_kind === 'duplicate')) {
    const o = originalOf(d, pool);
    if (o) pairs.push([d, o]);
  }
  const out = new Map<number, AnalysisQc>();
  for (const r of rows) {
    const mine = pairs.filter(([d, o]) => d.id === r.id || o.id === r.id);
    const first = mine[0];
    const other = first ? (first[0].id === r.id ? first[1] : first[0]) : null;
    const diffs = mine.map(([d, o]) => relativePercentDifference(d, o, allowed));
    out.set(r.id, {
      blank_above_lod: blankAboveLod(r, lod),
      pair: other ? { id: other.id, sample_code: other.sample_code } : null,
      rpd: diffs[0]?.rpd ?? null,
      rpd_exceeded: diffs.some((x) => x?.exceeded === true),
    });
  }
  return out;
}
