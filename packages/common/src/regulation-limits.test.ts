import { describe, expect, it } from 'vitest';
import { compareDec, divide, formatDecVi, multiply, significantFigures, subtract } from './lab-decimal';
import { effectiveLimit, inForceOn, judgeResult, limitText } from './regulation-limits';

// Issue 25: effective limits and comparisons on decimal strings — fixed limits and the QCVN 40 / 19 / 14 formulas with
// their factor tables' values — against hand-computed answers.

describe('lab decimals', () => {
  it.each([
    [['50', '0.9', '1.1'], '49.5'],
    [['0.1', '3'], '0.3'],
    [['0.05', '1.2', '1.2'], '0.072'],
    [['200', '0.8', '0.6'], '96'],
    [['850', '1', '1.4'], '1190'],
    [['30', '1.2'], '36'],
    [['0.005', '0.9', '0.9'], '0.00405'],
  ])('multiplies %j exactly → %s', (factors, product) => {
    expect(multiply(...factors)).toBe(product);
  });

  it.each([
    ['0.050', '0.05', 0],
    ['49.5', '49.50', 0],
    ['49.51', '49.5', 1],
    ['5.5', '6', -1],
    ['120', '99.99', 1],
    ['-1', '0', -1],
  ])('compares %s with %s → %i', (a, b, c) => {
    expect(compareDec(a, b)).toBe(c);
  });

  it.each([
    ['81', '49.5', '1.64'],
    ['100', '50', '2.00'],
    ['1', '3', '0.33'],
    ['2', '3', '0.67'],
    ['0.0145', '0.01', '1.45'],
  ])('divides %s by %s to two places → %s', (a, b, q) => {
    expect(divide(a, b)).toBe(q);
  });

  it.each([
    ['81', '49.5', '31.5'],
    ['6', '5.2', '0.8'],
    ['0.12', '0.1', '0.02'],
  ])('subtracts %s − %s → %s', (a, b, d) => {
    expect(subtract(a, b)).toBe(d);
  });

  it.each([
    ['0.050', 2],
    ['120', 3],
    ['7.25', 3],
    ['0.5', 1],
    ['1500', 4],
  ])('counts the significant figures of %s → %i', (s, n) => {
    expect(significantFigures(s)).toBe(n);
  });

  it.each([
    ['7500', '7.500'],
    ['0.050', '0,050'],
    ['49.5', '49,5'],
    ['1234.5', '1.234,5'],
    ['-1234567', '-1.234.567'],
    ['150', '150'],
  ])('writes %s the Vietnamese way → %s', (s, vi) => {
    expect(formatDecVi(s)).toBe(vi);
  });
});

describe('effective limits', () => {
  const factors = (pairs: Record<string, string>) => Object.entries(pairs).map(([code, value]) => ({ code, value }));

  it.each([
    // QCVN 40:2011/BTNMT, column B: Cmax = C × Kq × Kf.
    ['QCVN 40 BOD5 B, Kq 0,9 (Q ≤ 50 m³/s), Kf 1,1 (50 < F ≤ 500 m³/ngày)', '50', ['Kq', 'Kf'], { Kq: '0.9', Kf: '1.1' }, '49.5'],
    ['QCVN 40 COD A, lake Kq 0,6, Kf 1,2', '75', ['Kq', 'Kf'], { Kq: '0.6', Kf: '1.2' }, '54'],
    ['QCVN 40 As B, river Kq 1,2, Kf 0,9', '0.1', ['Kq', 'Kf'], { Kq: '1.2', Kf: '0.9' }, '0.108'],
    // QCVN 19:2009/BTNMT, column B: Cmax = C × Kp × Kv.
    ['QCVN 19 dust B, Kp 1 (P ≤ 20 000 m³/h), Kv 0,6 (loại 1)', '200', ['Kp', 'Kv'], { Kp: '1', Kv: '0.6' }, '120'],
    ['QCVN 19 SO2 B, Kp 0,9, Kv 1,2 (nông thôn)', '500', ['Kp', 'Kv'], { Kp: '0.9', Kv: '1.2' }, '540'],
    ['QCVN 19 NOx B, Kp 0,8, Kv 1,4 (nông thôn miền núi)', '850', ['Kp', 'Kv'], { Kp: '0.8', Kv: '1.4' }, '952'],
    // QCVN 14:2008/BTNMT, column B: Cmax = C × K.
    ['QCVN 14 BOD5 B, K 1,2 (khách sạn < 50 phòng)', '50', ['K'], { K: '1.2' }, '60'],
    ['QCVN 14 NH4 A, K 1,0', '5', ['K'], { K: '1.0' }, '5'],
  ])('%s', (_name, c, codes, chosen, max) => {
    const e = effectiveLimit({ min: null, max: c, factors: codes }, factors(chosen));
    expect(e.max).toBe(max);
    expect(e.base_max).toBe(c);
    expect(e.missing).toEqual([]);
    expect(e.formula).toMatch(new RegExp(`^C × ${codes.join(' × ')} = `));
  });

  it('writes the formula with its values the Vietnamese way', () => {
    const e = effectiveLimit({ min: null, max: '50', factors: ['Kq', 'Kf'] }, factors({ Kq: '0.9', Kf: '1.1' }));
    expect(e.formula).toBe('C × Kq × Kf = 50 × 0,9 × 1,1 = 49,5');
  });

  it('keeps a fixed limit and a min as they are (pH 6–9: no factor applies)', () => {
    const e = effectiveLimit({ min: '6', max: '9', factors: [] }, factors({ Kq: '0.9', Kf: '1.1' }));
    expect(e).toMatchObject({ min: '6', max: '9', formula: null, missing: [] });
  });

  it('names the factors a point has not chosen, and gives no max', () => {
    const e = effectiveLimit({ min: null, max: '50', factors: ['Kq', 'Kf'] }, factors({ Kq: '0.9' }));
    expect(e).toMatchObject({ max: null, base_max: '50', missing: ['Kf'], formula: 'C × Kq × Kf' });
  });
});

describe('a result against its limit', () => {
  const fixed = (min: string | null, max: string | null) => effectiveLimit({ min, max, factors: [] }, []);
  const b49 = effectiveLimit({ min: null, max: '50', factors: ['Kq', 'Kf'] }, [
    { code: 'Kq', value: '0.9' },
    { code: 'Kf', value: '1.1' },
  ]);

  it.each([
    ['BOD5 48 under 49,5', null, '48', b49, 'within', null, null],
    ['BOD5 49,5 at the limit is within', null, '49.5', b49, 'within', null, null],
    ['BOD5 49,50 (more figures) at the limit', null, '49.50', b49, 'within', null, null],
    ['BOD5 81 is 1,64 × the limit', null, '81', b49, 'exceeded', '1.64', '31.5'],
    ['"< 1,0" under 49,5', '<', '1.0', b49, 'within', null, null],
    ['"> 100" above 49,5', '>', '100', b49, 'exceeded', '2.02', '50.5'],
    ['pH 7,2 within 6–9', null, '7.2', fixed('6', '9'), 'within', null, null],
    ['pH 5,2 under 6', null, '5.2', fixed('6', '9'), 'exceeded', null, '0.8'],
    ['pH 9,4 above 9', null, '9.4', fixed('6', '9'), 'exceeded', '1.04', '0.4'],
    ['DO 4,1 under a min of 5', null, '4.1', fixed('5', null), 'exceeded', null, '0.9'],
    ['DO "> 20" over a min of 5', '>', '20', fixed('5', null), 'within', null, null],
    ['As "< 0,005" under 0,01', '<', '0.005', fixed(null, '0.01'), 'within', null, null],
  ] as const)('%s', (_n, qualifier, value, limit, verdict, times, by) => {
    const j = judgeResult({ qualifier, value }, limit);
    expect(j.verdict).toBe(verdict);
    expect(j.times).toBe(times);
    expect(j.by).toBe(by);
  });

  it('cannot conclude when the detection limit is above the limit', () => {
    const j = judgeResult({ qualifier: '<', value: '0.05' }, fixed(null, '0.01'));
    expect(j.verdict).toBe('undetermined');
    expect(j.reason).toContain('0,05');
  });

  it('cannot conclude while a factor is not chosen, and has no limit without one', () => {
    const missing = effectiveLimit({ min: null, max: '50', factors: ['Kq'] }, []);
    expect(judgeResult({ qualifier: null, value: '10' }, missing)).toMatchObject({ verdict: 'undetermined' });
    expect(judgeResult({ qualifier: null, value: '10' }, null)).toMatchObject({ verdict: 'no_limit' });
  });

  it.each([
    [{ min: '6', max: '9' }, '6–9'],
    [{ min: null, max: '49.5' }, '≤ 49,5'],
    [{ min: '5', max: null }, '≥ 5'],
  ])('writes %j as %s', (l, text) => {
    expect(limitText(l)).toBe(text);
  });
});

describe('the regulation in force on a date', () => {
  const qcvn40 = { valid_from: '2012-02-15', valid_to: '2031-12-31' };
  const qcvn05_2013 = { valid_from: '2014-01-01', valid_to: '2023-09-11' };
  it.each([
    [qcvn05_2013, '2023-09-11', true],
    [qcvn05_2013, '2023-09-12', false],
    [qcvn40, '2012-02-14', false],
    [qcvn40, '2026-11-28', true],
    [{ valid_from: '2023-09-12', valid_to: null }, '2040-01-01', true],
  ])('%j on %s → %s', (r, date, yes) => {
    expect(inForceOn(r, date)).toBe(yes);
  });
});
