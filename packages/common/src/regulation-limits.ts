import { compareDec, divide, formatDecVi, multiply, subtract } from './lab-decimal';

/**
 * Effective limits of a national technical regulation (QCVN) and a result's comparison with them (issue 25), on
 * decimal strings only. A limit is a min and/or a max of a column; QCVN 40:2011 (Cmax = C × Kq × Kf), QCVN 19:2009
 * (C × Kp × Kv) and QCVN 14:2008 (C × K) multiply the max by factors the point's plan chooses from the regulation's
 * tables; a min (pH's 6, DO's 5) is never multiplied.
 */

export interface LimitRule {
  min: string | null;
  max: string | null;
  /** The factor codes the max is multiplied by ([] = a fixed limit). */
  factors: readonly string[];
}

export interface ChosenFactor {
  code: string;
  value: string;
  reason?: string | null;
}

export interface EffectiveLimit {
  min: string | null;
  /** C × factors, or C; null when a factor the formula needs is not chosen (see `missing`). */
  max: string | null;
  /** The regulation's C (the column's value before factors). */
  base_max: string | null;
  /** "C × Kq × Kf = 50 × 0,9 × 1,1 = 49,5"; null for a fixed limit. */
  formula: string | null;
  /** Factor codes the formula needs and the point has not chosen. */
  missing: string[];
}

export function effectiveLimit(rule: LimitRule, chosen: readonly ChosenFactor[]): EffectiveLimit {
  const base = { min: rule.min, base_max: rule.max };
  if (rule.factors.length === 0 || rule.max === null) return { ...base, max: rule.max, formula: null, missing: [] };
  const byCode = new Map(chosen.map((f) => [f.code, f.value]));
  const missing = rule.factors.filter((code) => !byCode.has(code));
  const names = `C × ${rule.factors.join(' × ')}`;
  if (missing.length > 0) return { ...base, max: null, formula: names, missing };
  const values = rule.factors.map((code) => byCode.get(code) as string);
  const max = multiply(rule.max, ...values);
  const shown = [rule.max, ...values].map(formatDecVi).join(' × ');
  return { ...base, max, formula: `${names} = ${shown} = ${formatDecVi(max)}`, missing: [] };
}

/** "<" below the detection limit (the value is the LOD), ">" above the method's range (the value is its top). */
export const QUALIFIERS = ['<', '>'] as const;
export type Qualifier = (typeof QUALIFIERS)[number];

export interface ResultValue {
  qualifier: Qualifier | null;
  value: string;
}

export const VERDICTS = ['within', 'exceeded', 'no_limit', 'undetermined'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = {
  within: 'Đạt',
  exceeded: 'Vượt',
  no_limit: 'Không có giới hạn',
  undetermined: 'Không kết luận được',
};

export interface Judgement {
  verdict: Verdict;
  /** How many times the max the value is ("1.63"), when it exceeds a max. */
  times: string | null;
  /** By how much it passes the max or falls short of the min, in the result's unit. */
  by: string | null;
  /** Which side was passed: above the max or below the min. */
  side: 'max' | 'min' | null;
  /** Why a verdict could not be reached (a detection limit above the limit, a factor not chosen). */
  reason: string | null;
}

const verdict = (v: Verdict, more: Partial<Judgement> = {}): Judgement => ({
  verdict: v,
  times: null,
  by: null,
  side: null,
  reason: null,
  ...more,
});

/**
 * A result against an effective limit. "< LOD" is within when the LOD is at or below the max (undetermined when the
 * method cannot see down to the limit); "> x" exceeds when x is at or above the max. A value equal to the max is within
 * (the regulations say "không vượt quá"); below a min exceeds.
 */
export function judgeResult(result: ResultValue, limit: EffectiveLimit | null): Judgement {
  if (!limit || (limit.min === null && limit.base_max === null)) return verdict('no_limit');
  if (limit.base_max !== null && limit.max === null)
    return verdict('undetermined', { reason: `Chưa chọn hệ số ${limit.missing.join(', ')} cho điểm quan trắc` });
  const { qualifier, value } = result;
  if (limit.max !== null) {
    const c = compareDec(value, limit.max);
    if (qualifier === '<') {
      if (c > 0)
        return verdict('undetermined', {
          reason: `Giới hạn phát hiện ${formatDecVi(value)} cao hơn giới hạn cho phép ${formatDecVi(limit.max)}`,
        });
    } else if (c > 0 || (qualifier === '>' && c === 0)) {
      const positive = compareDec(limit.max, '0') > 0;
      return verdict('exceeded', {
        side: 'max',
        by: subtract(value, limit.max),
        times: positive ? divide(value, limit.max, 2) : null,
      });
    }
  }
  if (limit.min !== null) {
    const c = compareDec(value, limit.min);
    if (qualifier === '>') {
      // Above the method's range is above any min.
    } else if (qualifier === '<') {
      if (c <= 0) return verdict('exceeded', { side: 'min', by: subtract(limit.min, value) });
    } else if (c < 0) return verdict('exceeded', { side: 'min', by: subtract(limit.min, value) });
  }
  return verdict('within');
}

/** The limit as a report writes it: "6–9", "≤ 49,5", "≥ 5,0". */
export function limitText(limit: { min: string | null; max: string | null }): string {
  if (limit.min !== null && limit.max !== null) return `${formatDecVi(limit.min)}–${formatDecVi(limit.max)}`;
  if (limit.max !== null) return `≤ ${formatDecVi(limit.max)}`;
  if (limit.min !== null) return `≥ ${formatDecVi(limit.min)}`;
  return '';
}

/** In force on `date` (YYYY-MM-DD): from its first day to its last, both included. */
export function inForceOn(r: { valid_from: string; valid_to: string | null }, date: string): boolean {
  return r.valid_from <= date && (r.valid_to === null || date <= r.valid_to);
}

/**
 * A single sample is compared with the limit of no averaging period (water), else the shortest one the regulation
 * gives (QCVN 05's 1 giờ before 8 giờ, 24 giờ, năm): a field sample is an hour's measurement (Thông tư 10/2021).
 */
const AVERAGING_ORDER = ['', '1 giờ', '8 giờ', '24 giờ'];
export function pickAveraging<L extends { averaging: string }>(limits: readonly L[]): L | null {
  const rank = (a: string) => {
    const i = AVERAGING_ORDER.indexOf(a.trim());
    return i < 0 ? AVERAGING_ORDER.length : i;
  };
  return [...limits].sort((x, y) => rank(x.averaging) - rank(y.averaging))[0] ?? null;
}

/**
 * Units compared by their writing only: case, spaces, separators, "³" and normal cubic metres aside; bacteria counted
 * per 100 mL as the regulations write them ("vi khuẩn/100 mL") and as labs report them (MPN, CFU) are one unit.
 */
export const unitKey = (u: string) =>
  u
    .toLowerCase()
    .replace(/³/g, '3')
    .replace(/[\s\-/.·]/g, '')
    .replace(/nm3/g, 'm3')
    .replace(/^(mpn|cfu|vikhuẩn)(100ml)$/, 'count$2');
