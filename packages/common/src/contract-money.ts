// A contract's amounts from its line items and the VAT rule in force on its date. Pure: the server computes the
// stored totals with it (never trusting the client's), the web form previews with the same code.
//
// Rounding (docs/decisions.md, "Contracts"): money is integer VND.
// - quantity has at most 3 decimals; a line's amount = round(quantity × unit_price), half up;
// - VAT is computed once per applied rate on the sum of that rate's lines, rounded half up;
// - total = subtotal + Σ VAT. Lines "not subject to VAT" ('none') carry no rate and no VAT line.
import type { ContractVatRate, VatRule } from './schemas/contracts';

export interface ContractMoneyItem {
  quantity: number;
  unit_price: number;
  vat_rate: ContractVatRate;
  vat_reducible: boolean;
}

export interface VatLine {
  rate: number;
  base: number;
  amount: number;
}

export interface ContractTotals {
  lines: { amount: number; applied_rate: number | null }[];
  subtotal: number;
  vat_lines: VatLine[];
  vat_amount: number;
  total: number;
  /** The dated rule that lowered at least one line's rate, or null. */
  applied_rule: VatRule | null;
}

/** Quantity in thousandths, the exact form stored and multiplied. */
export const toMilli = (quantity: number) => Math.round(quantity * 1000);
export const fromMilli = (milli: number) => milli / 1000;

/** round(quantity × unit price), half up, exact for quantities with up to 3 decimals. */
export function lineAmount(quantity: number, unitPrice: number): number {
  const milli = toMilli(quantity) * unitPrice;
  return milli >= 0 ? Math.floor((milli + 500) / 1000) : -Math.floor((-milli + 500) / 1000);
}

/** The rule in force on a date (`YYYY-MM-DD`): valid_from ≤ date ≤ valid_to (open when valid_to is null). */
export function vatRuleOn(date: string | null, rules: readonly VatRule[]): VatRule | null {
  if (!date) return null;
  const inForce = rules.filter((r) => r.valid_from <= date && (r.valid_to === null || date <= r.valid_to));
  // Overlaps should not exist; if they do, the latest decree wins.
  inForce.sort((a, b) => b.valid_from.localeCompare(a.valid_from));
  return inForce[0] ?? null;
}

/**
 * `date` is the date VAT is judged by: the signed date, or today while the contract is unsigned (the caller
 * chooses); null applies no dated rule.
 */
export function contractTotals(
  items: readonly ContractMoneyItem[],
  date: string | null,
  rules: readonly VatRule[],
): ContractTotals {
  const rule = vatRuleOn(date, rules);
  let reduced = false;
  const lines = items.map((item) => {
    const amount = lineAmount(item.quantity, item.unit_price);
    if (item.vat_rate === 'none') return { amount, applied_rate: null };
    let rate = Number(item.vat_rate);
    if (rule && item.vat_reducible && rate === rule.from_rate) {
      rate = rule.to_rate;
      reduced = true;
    }
    return { amount, applied_rate: rate };
  });
  const vat_lines = vatLinesOf(lines);
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const vat_amount = vat_lines.reduce((sum, l) => sum + l.amount, 0);
  return { lines, subtotal, vat_lines, vat_amount, total: subtotal + vat_amount, applied_rule: reduced ? rule : null };
}

/** VAT per applied rate (highest first), on the sum of that rate's lines, rounded half up once per rate. */
export function vatLinesOf(lines: readonly { amount: number; applied_rate: number | null }[]): VatLine[] {
  const bases = new Map<number, number>();
  for (const l of lines) if (l.applied_rate !== null) bases.set(l.applied_rate, (bases.get(l.applied_rate) ?? 0) + l.amount);
  return [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({ rate, base, amount: Math.floor((base * rate + 50) / 100) }));
}

const dmy = (date: string) => date.split('-').reverse().join('/');

/** Why the rate applied: "Thuế suất 8 % theo Nghị định 174/2025/NĐ-CP (giảm 2 % từ 01/07/2025 đến 31/12/2026)". */
export function vatRuleNote(rule: VatRule): string {
  const span = rule.valid_to ? `từ ${dmy(rule.valid_from)} đến ${dmy(rule.valid_to)}` : `từ ${dmy(rule.valid_from)}`;
  return `Thuế suất ${rule.to_rate} % theo ${rule.name} (giảm ${rule.from_rate - rule.to_rate} % ${span})`;
}
