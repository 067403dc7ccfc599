import { kpiTypeCreateBody } from '@qlcv/common/schemas/kpi-types';
import { describe, expect, it } from 'vitest';
import { decimalText, InvalidDecimal, readDecimal, sameDecimal, toDecimalValue } from './decimal';
import { fieldError } from './forms';

const money = { scale: 0, grouping: true };
const target = { scale: 2, grouping: true };
const score = { scale: 2, grouping: false };

describe('numbers typed the Vietnamese way', () => {
  it('reads the decimal comma and the dots between thousands', () => {
    expect(toDecimalValue('95,5', target)).toBe(95.5);
    expect(toDecimalValue('1.234,5', target)).toBe(1234.5);
    expect(toDecimalValue('1234,5', target)).toBe(1234.5);
    expect(toDecimalValue('12.345.678', money)).toBe(12_345_678);
    expect(toDecimalValue(' 1 000 ', money)).toBe(1000);
    expect(toDecimalValue('-0,5', { scale: 1, grouping: false })).toBe(-0.5);
    expect(toDecimalValue('−2', money)).toBe(-2);
    expect(toDecimalValue('12,', target)).toBe(12);
    expect(toDecimalValue(',5', target)).toBe(0.5);
    expect(toDecimalValue('-0', money)).toBe(0);
    expect(toDecimalValue('', target)).toBeNull();
    expect(toDecimalValue('  ', target)).toBeNull();
  });

  it('takes a lone dot as the decimal mark where it cannot group thousands', () => {
    expect(toDecimalValue('8.5', target)).toBe(8.5);
    expect(toDecimalValue('95.5', score)).toBe(95.5);
    // Grouped: "1.500" is one thousand five hundred, as the field shows it back.
    expect(toDecimalValue('1.500', target)).toBe(1500);
    expect(toDecimalValue('1.500', score)).toBe(1.5);
  });

  it('keeps text that is not a number, and says why', () => {
    for (const text of ['abc', '9,5,1', '1.23.4', '1,2.5', '1e5', '-', ',', '12.34,5', '0x10']) {
      const v = toDecimalValue(text, target);
      expect(v, text).toBeInstanceOf(InvalidDecimal);
      expect((v as InvalidDecimal).text).toBe(text);
      expect((v as InvalidDecimal).value).toBeNull();
    }
    expect((toDecimalValue('x', target) as InvalidDecimal).message).toBe(
      'Vui lòng nhập một số, phần thập phân sau dấu phẩy, ví dụ: 95,5',
    );
    expect(toDecimalValue('1.000,5', score)).toBeInstanceOf(InvalidDecimal);
  });

  it('never rounds: more decimals than the field keeps is an error carrying the number', () => {
    const v = toDecimalValue('12,5', money) as InvalidDecimal;
    expect(v).toBeInstanceOf(InvalidDecimal);
    expect(v.value).toBe(12.5);
    expect(v.message).toBe('Vui lòng nhập số nguyên');
    expect((toDecimalValue('1,234', target) as InvalidDecimal).message).toBe('Tối đa 2 chữ số sau dấu phẩy');
    // Trailing zeros add no precision.
    expect(toDecimalValue('95,50000', { scale: 1, grouping: false })).toBe(95.5);
    expect(readDecimal('1,5', money)).toEqual({ kind: 'too_precise', value: 1.5 });
  });

  it('shows a value the Vietnamese way, and the untaken text as typed', () => {
    expect(decimalText(1234.5, true)).toBe('1.234,5');
    expect(decimalText(1234.5, false)).toBe('1234,5');
    expect(decimalText(null, true)).toBe('');
    expect(decimalText(undefined, true)).toBe('');
    expect(decimalText(new InvalidDecimal('9,5,1', 'x', null), true)).toBe('9,5,1');
  });

  it('compares values', () => {
    expect(sameDecimal(1, 1)).toBe(true);
    expect(sameDecimal(null, undefined)).toBe(true);
    expect(sameDecimal(0, null)).toBe(false);
    expect(sameDecimal(new InvalidDecimal('a', '', null), new InvalidDecimal('a', '', null))).toBe(true);
    expect(sameDecimal(new InvalidDecimal('a', '', null), null)).toBe(false);
  });
});

describe('a number field checked by the shared schema', () => {
  const weight = kpiTypeCreateBody.shape.default_weight;
  it("gives the schema's words first: range and whole number", () => {
    expect(fieldError(weight, 150)).toBe('Trọng số mặc định từ 0 đến 100');
    expect(fieldError(weight, toDecimalValue('12,5', { scale: 0, grouping: false }))).toBe('Trọng số mặc định phải là số nguyên');
    expect(fieldError(weight, 12)).toBeNull();
  });

  it("then the field's own: text that is no number, too many decimals within range", () => {
    expect(fieldError(weight, toDecimalValue('abc', { scale: 0, grouping: false }))).toBe(
      'Vui lòng nhập một số nguyên, ví dụ: 12',
    );
    const t = kpiTypeCreateBody.shape.default_target;
    expect(fieldError(t, toDecimalValue('1,234', target))).toBe('Tối đa 2 chữ số sau dấu phẩy');
    expect(fieldError(t, toDecimalValue('-1,234', target))).toBe('Chỉ tiêu mặc định không được âm');
  });
});
