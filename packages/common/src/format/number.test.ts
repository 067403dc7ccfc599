import { describe, expect, it } from 'vitest';
import { formatNumber, formatVnd } from './number';

describe('formatNumber', () => {
  it('groups thousands with "." by default', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(-1234567)).toBe('-1.234.567');
  });

  it('takes another separator and decimals with a decimal comma', () => {
    expect(formatNumber(1234567, { separator: ',' })).toBe('1,234,567');
    expect(formatNumber(1234.5, { decimals: 1 })).toBe('1.234,5');
    expect(formatNumber(1234.567, { decimals: 2 })).toBe('1.234,57');
  });

  it('reads numeric strings and rejects the rest', () => {
    expect(formatNumber('2500000')).toBe('2.500.000');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatVnd', () => {
  it('writes VND as "1.234.567 ₫"', () => {
    expect(formatVnd(1234567)).toBe('1.234.567 ₫');
    expect(formatVnd(0)).toBe('0 ₫');
    expect(formatVnd(500)).toBe('500 ₫');
    expect(formatVnd(-25000)).toBe('-25.000 ₫');
  });

  it('rounds to the đồng and is empty without a value', () => {
    expect(formatVnd(1999.6)).toBe('2.000 ₫');
    expect(formatVnd(undefined)).toBe('');
  });
});
