// Numbers typed the Vietnamese way (seed §9: decimal comma, "." between thousands), read without ever changing what
// was typed: text that is not a number, or has more decimals than the field keeps, is the form's error (issue 21).
import { formatDecimal } from '@qlcv/common/format/number';

export interface DecimalFormat {
  /** Digits allowed after the decimal comma; 0 for whole numbers. */
  scale: number;
  /**
   * Thousands grouped with dots ("1.234,5"). Off for small figures (a weight, a score, days), where a dot can only be
   * a decimal mark typed out of habit ("95.5" is 95,5).
   */
  grouping: boolean;
}

/** What a field holds when its text is not a number it takes: the text itself, kept so the person can fix it. */
export class InvalidDecimal {
  constructor(
    readonly text: string,
    readonly message: string,
    /** The text read as a number when it is one (too many decimals), else null. */
    readonly value: number | null,
  ) {}
}

/** A number field's value: a number, null when empty, or the text it could not take. */
export type DecimalValue = number | null | InvalidDecimal;

type Reading = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number' | 'too_precise'; value: number };

// 1.234 or 12.345.678: dots exactly between groups of three.
const GROUPED = /^\d{1,3}(\.\d{3})+$/;
const DIGITS = /^\d*$/;

/** Reads "1.234,5", "95,5", "95.5", "-0,5", "12," and ",5"; anything else is invalid. */
export function readDecimal(text: string, { scale, grouping }: DecimalFormat): Reading {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/\u2212/g, '-');
  if (s === '') return { kind: 'empty' };
  const sign = s[0] === '-' || s[0] === '+' ? s[0] : '';
  const body = s.slice(sign.length);
  let whole: string;
  let fraction = '';
  const byComma = body.split(',');
  if (byComma.length > 2) return { kind: 'invalid' };
  if (byComma.length === 2) {
    whole = byComma[0]!;
    fraction = byComma[1]!;
    if (whole.includes('.')) {
      if (!grouping || !GROUPED.test(whole)) return { kind: 'invalid' };
      whole = whole.replace(/\./g, '');
    }
  } else {
    const byDot = body.split('.');
    if (byDot.length === 1) whole = body;
    else if (grouping && GROUPED.test(body)) whole = body.replace(/\./g, '');
    else if (byDot.length === 2) [whole, fraction] = byDot as [string, string];
    else return { kind: 'invalid' };
  }
  if (!DIGITS.test(whole) || !DIGITS.test(fraction) || (whole === '' && fraction === '')) return { kind: 'invalid' };
  const value = Number(`${sign === '-' ? '-' : ''}${whole || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { kind: 'invalid' };
  const normalised = value === 0 ? 0 : value; // no -0
  return fraction.replace(/0+$/, '').length > scale
    ? { kind: 'too_precise', value: normalised }
    : { kind: 'number', value: normalised };
}

/** The field's value for a text: a number, null, or the text with what is wrong with it. */
export function toDecimalValue(text: string, format: DecimalFormat): DecimalValue {
  const r = readDecimal(text, format);
  if (r.kind === 'empty') return null;
  if (r.kind === 'number') return r.value;
  if (r.kind === 'too_precise')
    return new InvalidDecimal(
      text,
      format.scale === 0 ? 'Vui lòng nhập số nguyên' : `Tối đa ${format.scale} chữ số sau dấu phẩy`,
      r.value,
    );
  return new InvalidDecimal(
    text,
    format.scale === 0
      ? 'Vui lòng nhập một số nguyên, ví dụ: 12'
      : 'Vui lòng nhập một số, phần thập phân sau dấu phẩy, ví dụ: 95,5',
    null,
  );
}

/** A value as the field shows it: "1.234,5" (or "1234,5" without grouping); "" when empty. */
export function decimalText(value: DecimalValue | undefined, grouping: boolean): string {
  if (value instanceof InvalidDecimal) return value.text;
  return formatDecimal(value, { separator: grouping ? '.' : '' });
}

/** Whether two values are the same (the same number, both empty, or the same text not taken). */
export function sameDecimal(a: DecimalValue | undefined, b: DecimalValue | undefined): boolean {
  if (a instanceof InvalidDecimal || b instanceof InvalidDecimal)
    return a instanceof InvalidDecimal && b instanceof InvalidDecimal && a.text === b.text;
  return (a ?? null) === (b ?? null);
}
