/**
 * Exact decimal arithmetic for laboratory values and regulation limits (issue 25): a value is kept as the decimal
 * string the analyst or the regulation writes ("0.050", "49.5"), and computed as a BigInt of its digits with a scale,
 * never as a float (0.1 × 3 is 0.3 here, not 0.30000000000000004).
 */

export interface Dec {
  /** The digits without the decimal point, signed. */
  digits: bigint;
  /** How many of them are after the point. */
  scale: number;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export const isDecimalText = (s: string): boolean => DECIMAL.test(s);

export function parseDec(s: string): Dec {
  const t = s.trim().replace(',', '.');
  if (!DECIMAL.test(t)) throw new Error(`not a decimal: ${s}`);
  const [whole = '0', fraction = ''] = t.replace('-', '').split('.');
  const digits = BigInt(`${whole}${fraction}`);
  return { digits: t.startsWith('-') ? -digits : digits, scale: fraction.length };
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

function align(a: Dec, b: Dec): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.digits * pow10(scale - a.scale), b.digits * pow10(scale - b.scale)];
}

/** -1, 0 or 1, exactly ("0.050" equals "0.05"). */
export function compareDec(a: string | Dec, b: string | Dec): number {
  const [x, y] = align(typeof a === 'string' ? parseDec(a) : a, typeof b === 'string' ? parseDec(b) : b);
  return x === y ? 0 : x < y ? -1 : 1;
}

export function mulDec(a: Dec, b: Dec): Dec {
  return { digits: a.digits * b.digits, scale: a.scale + b.scale };
}

/** The product of decimal strings, exact, trailing zeros dropped ("50" × "0.9" × "1.1" → "49.5"). */
export function multiply(...factors: string[]): string {
  const product = factors.map(parseDec).reduce(mulDec, { digits: 1n, scale: 0 });
  return decText(product, { trim: true });
}

/** `a − b`, exact, trailing zeros dropped ("60" − "49.5" → "10.5"). */
export function subtract(a: string, b: string): string {
  const x = parseDec(a);
  const y = parseDec(b);
  const [p, q] = align(x, y);
  return decText({ digits: p - q, scale: Math.max(x.scale, y.scale) }, { trim: true });
}

/** `a ÷ b` rounded half away from zero to `decimals` places, as a decimal string ("1.63"); b must not be zero. */
export function divide(a: string, b: string, decimals = 2): string {
  const x = parseDec(a);
  const y = parseDec(b);
  if (y.digits === 0n) throw new Error('division by zero');
  // a/b = (x.d / 10^x.s) / (y.d / 10^y.s); scaled by 10^(decimals+1) for the rounding digit.
  let num = x.digits * pow10(y.scale + decimals + 1);
  let den = y.digits * pow10(x.scale);
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = num / den; // truncated toward zero
  const rounded = (q + (q >= 0n ? 5n : -5n)) / TEN;
  return decText({ digits: rounded, scale: decimals });
}

/** Writes a Dec back as a plain decimal string; `trim` drops trailing zeros after the point. */
export function decText(d: Dec, { trim = false } = {}): string {
  const negative = d.digits < 0n;
  let s = (negative ? -d.digits : d.digits).toString().padStart(d.scale + 1, '0');
  let out = d.scale > 0 ? `${s.slice(0, s.length - d.scale)}.${s.slice(s.length - d.scale)}` : s;
  if (trim && out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
  s = out;
  return negative && /[1-9]/.test(s) ? `-${s}` : s;
}

/** Significant figures of a value as written: "0.050" → 2, "120" → 3 (trailing zeros of a whole number count). */
export function significantFigures(s: string): number {
  const t = s.trim().replace('-', '').replace(',', '.');
  const digits = t.replace('.', '').replace(/^0+/, '');
  return Math.max(digits.length, 1);
}

/**
 * A decimal string the Vietnamese way: comma for the decimals, dots between thousands of the whole part
 * ("7500" → "7.500", "0.050" → "0,050", "-1234.5" → "-1.234,5"); the digits written are kept as they are.
 */
export function formatDecVi(s: string): string {
  const t = s.trim();
  if (!DECIMAL.test(t.replace(',', '.'))) return t;
  const negative = t.startsWith('-');
  const [whole = '0', fraction] = t.replace('-', '').replace(',', '.').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `,${fraction}` : ''}`;
}
