import { describe, expect, it } from 'vitest';
import { formatDecimal, formatNumber, formatVnd } from './number';

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

describe('formatDecimal', () => {
  it('shows the decimals a figure has, with the comma, trailing zeros dropped', () => {
    expect(formatDecimal(95.5)).toBe('95,5');
    expect(formatDecimal(95)).toBe('95');
    expect(formatDecimal(1234.5)).toBe('1.234,5');
    expect(formatDecimal(-0.75)).toBe('-0,75');
    expect(formatDecimal(0.1 + 0.2)).toBe('0,3');
    expect(formatDecimal(1234.5678, { maxDecimals: 2 })).toBe('1.234,57');
    expect(formatDecimal(1234.5, { separator: '' })).toBe('1234,5');
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal(Number.NaN)).toBe('');
  });
});
