import { describe, expect, it } from 'vitest';
import { blankAboveLod, originalOf, type QcRow, relativePercentDifference, worksheetQc } from './analysis-qc';
import { lateForHolding } from './analysis-results.service';

// The worksheet's QC flags and the holding-time mark on fixed data, exactly (decimal strings, never floats).

const row = (over: Partial<QcRow> & { id: number }): QcRow => ({
  sample_code: `M${over.id}`,
  sample_qc_kind: 'normal',
  trip_id: 1,
  round_id: 1,
  point_id: 1,
  qualifier: null,
  value: null,
  ...over,
});

describe('a blank above the LOD', () => {
  it.each([
    ['field_blank', null, '2.5', '2', true],
    ['trip_blank', null, '2.000001', '2', true],
    ['field_blank', null, '2.0', '2', false],
    ['field_blank', null, '0.050', '0.05', false],
    ['field_blank', '<', '2', '2', false],
    ['field_blank', '>', '500', '2', true],
    ['field_blank', null, '3', null, false],
    ['normal', null, '30', '2', false],
    ['duplicate', null, '30', '2', false],
  ] as const)('%s %s %s against LOD %s → %s', (kind, qualifier, value, lod, flagged) => {
    expect(blankAboveLod({ sample_qc_kind: kind, qualifier, value }, lod)).toBe(flagged);
  });
});

describe('the relative percent difference of a duplicate pair', () => {
  const pair = (a: string, b: string) =>
    relativePercentDifference({ qualifier: null, value: a }, { qualifier: null, value: b }, '20');

  it('is |a − b| / mean × 100, one decimal, compared exactly with the allowed 20 %', () => {
    expect(pair('10', '13')).toEqual({ rpd: '26.1', exceeded: true });
    expect(pair('10', '11')).toEqual({ rpd: '9.5', exceeded: false });
    // 0.1 and 0.3 are not floats here: |0.1 − 0.3| / 0.2 × 100 = 100 exactly.
    expect(pair('0.1', '0.3')).toEqual({ rpd: '100.0', exceeded: true });
    // Exactly 20 % is within: |9 − 11| / 10 × 100 = 20.
    expect(pair('9', '11')).toEqual({ rpd: '20.0', exceeded: false });
    // Just past it, though both round to 20.0: |0.9 − 1.100001| / 1.0000005 × 100 = 20.00009… %.
    expect(pair('0.9', '1.100001')).toEqual({ rpd: '20.0', exceeded: true });
    expect(pair('0.050', '0.050')).toEqual({ rpd: '0.0', exceeded: false });
  });

  it('is not computed for a qualified result or two zeros', () => {
    expect(relativePercentDifference({ qualifier: '<', value: '2' }, { qualifier: null, value: '5' }, '20')).toBeNull();
    expect(relativePercentDifference({ qualifier: null, value: null }, { qualifier: null, value: '5' }, '20')).toBeNull();
    expect(pair('0', '0.000')).toBeNull();
  });
});

describe('the pairs of a worksheet', () => {
  it('pairs a duplicate with the normal sample of its code stem, else the first at its trip, round and point', () => {
    const a = row({ id: 1, sample_code: 'X-NT1' });
    const b = row({ id: 2, sample_code: 'X-NT2' });
    const elsewhere = row({ id: 3, sample_code: 'X-NT1', trip_id: 2 });
    const dup = row({ id: 4, sample_code: 'X-NT2-L', sample_qc_kind: 'duplicate' });
    expect(originalOf(dup, [a, b, elsewhere])?.id).toBe(2);
    expect(originalOf(row({ id: 5, sample_code: 'Y-L', sample_qc_kind: 'duplicate' }), [b, a, elsewhere])?.id).toBe(1);
    expect(originalOf(row({ id: 6, sample_qc_kind: 'duplicate', point_id: 9 }), [a, b])).toBeUndefined();
  });

  it('flags both halves of a pair, the original off the worksheet included', () => {
    const original = row({ id: 1, sample_code: 'S-NT1', value: '10' });
    const dup = row({ id: 2, sample_code: 'S-NT1-L', sample_qc_kind: 'duplicate', value: '13' });
    const blank = row({ id: 3, sample_code: 'S-TT', sample_qc_kind: 'field_blank', value: '0.3' });
    const qc = worksheetQc([dup, blank], [original, dup], '0.2', '20');
    expect(qc.get(2)).toEqual({ blank_above_lod: false, pair: { id: 1, sample_code: 'S-NT1' }, rpd: '26.1', rpd_exceeded: true });
    expect(qc.get(3)).toEqual({ blank_above_lod: true, pair: null, rpd: null, rpd_exceeded: false });
    expect(qc.has(1)).toBe(false);
  });
});

describe('late for the holding time', () => {
  // Held until 10 March 09:15 in Vietnam (02:15 UTC).
  const until = '2027-03-10T02:15:00.000Z';
  it.each([
    ['2027-03-09', '2027-03-10T05:00:00.000Z', false],
    ['2027-03-10', '2027-03-10T01:00:00.000Z', false],
    ['2027-03-10', '2027-03-10T03:00:00.000Z', true],
    ['2027-03-11', '2027-03-11T01:00:00.000Z', true],
  ])('analysed on %s, entered at %s → %s', (day, now, late) => {
    expect(lateForHolding(until, day, now)).toBe(late);
  });
  it('is never late without a holding time', () => {
    expect(lateForHolding(null, '2030-01-01', '2030-01-01T00:00:00.000Z')).toBe(false);
  });
});
