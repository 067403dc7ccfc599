// Numbers and money of seed §9: thousand separator "." by default, VND as "1.234.567 ₫".
export interface NumberFormatOptions {
  /** Thousand separator, "." unless given. */
  separator?: string;
  /** Digits after the decimal comma; 0 unless given. */
  decimals?: number;
  /** Decimal mark, "," unless given. */
  decimalMark?: string;
}

/** 1234567 → "1.234.567"; 1234.5 with decimals 1 → "1.234,5". Empty or non-numeric input gives "". */
export function formatNumber(value: number | string | null | undefined, options: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  const { separator = '.', decimals = 0, decimalMark = ',' } = options;
  const fixed = Math.abs(n).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `${decimalMark}${fraction}` : ''}`;
}

/** 1234567 → "1.234.567 ₫" (VND has no minor unit: rounded to the đồng). */
export function formatVnd(value: number | string | null | undefined): string {
  const text = formatNumber(value);
  return text ? `${text} ₫` : '';
}

/**
 * A figure with as many decimals as it has, up to `maxDecimals` (trailing zeros dropped): 1234.5 → "1.234,5",
 * 95 → "95", 0.1 + 0.2 → "0,3". `separator: ''` leaves thousands ungrouped.
 */
export function formatDecimal(
  value: number | null | undefined,
  options: { maxDecimals?: number; separator?: string } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const { maxDecimals = 10, separator = '.' } = options;
  const fraction = Math.abs(value).toFixed(maxDecimals).split('.')[1]?.replace(/0+$/, '') ?? '';
  return formatNumber(value, { decimals: fraction.length, separator });
}
