import { describe, expect, it } from 'vitest';
import { programRounds } from './schemas/monitoring-programs';

describe('programRounds', () => {
  it('makes the quarters of a year, each due on its last day', () => {
    const r = programRounds('2027-01-01', '2027-12-31', ['quarterly', 'quarterly']);
    expect(r.map((x) => [x.name, x.period_start, x.due_date])).toEqual([
      ['Quý I/2027', '2027-01-01', '2027-03-31'],
      ['Quý II/2027', '2027-04-01', '2027-06-30'],
      ['Quý III/2027', '2027-07-01', '2027-09-30'],
      ['Quý IV/2027', '2027-10-01', '2027-12-31'],
    ]);
    expect(r.every((x) => x.frequencies.join() === 'quarterly')).toBe(true);
  });

  it('runs monthly rounds when a line is monthly; quarterly and half-yearly lines fall in the closing months', () => {
    const r = programRounds('2027-01-01', '2027-12-31', ['monthly', 'quarterly', 'half_yearly']);
    expect(r).toHaveLength(12);
    expect(r[0]?.name).toBe('Tháng 1/2027');
    expect(r[1]?.due_date).toBe('2027-02-28');
    expect(r.map((x) => x.frequencies.length)).toEqual([1, 1, 2, 1, 1, 3, 1, 1, 2, 1, 1, 3]);
  });

  it('cuts the first and last periods to the programme, and the last round takes every line due', () => {
    const r = programRounds('2027-02-15', '2027-08-10', ['quarterly', 'yearly']);
    expect(r.map((x) => [x.name, x.period_start, x.due_date, x.frequencies])).toEqual([
      ['Quý I/2027', '2027-02-15', '2027-03-31', ['quarterly']],
      ['Quý II/2027', '2027-04-01', '2027-06-30', ['quarterly']],
      ['Quý III/2027', '2027-07-01', '2027-08-10', ['quarterly', 'yearly']],
    ]);
  });

  it('names halves and years, crosses the new year, and makes one round of one-off lines', () => {
    expect(programRounds('2026-07-01', '2027-06-30', ['half_yearly']).map((x) => x.name)).toEqual([
      '6 tháng cuối năm 2026',
      '6 tháng đầu năm 2027',
    ]);
    expect(programRounds('2026-11-01', '2027-02-28', ['monthly']).map((x) => x.name)).toEqual([
      'Tháng 11/2026',
      'Tháng 12/2026',
      'Tháng 1/2027',
      'Tháng 2/2027',
    ]);
    expect(programRounds('2027-01-01', '2028-12-31', ['yearly']).map((x) => x.name)).toEqual(['Năm 2027', 'Năm 2028']);
    expect(programRounds('2027-03-01', '2027-03-20', ['once'])).toEqual([
      {
        seq: 1,
        name: 'Đợt 1',
        period_start: '2027-03-01',
        period_end: '2027-03-20',
        due_date: '2027-03-20',
        frequencies: ['once'],
      },
    ]);
    expect(programRounds('2027-01-01', '2027-06-30', ['quarterly', 'once']).map((x) => x.frequencies)).toEqual([
      ['quarterly', 'once'],
      ['quarterly'],
    ]);
    expect(programRounds('2027-01-01', '2027-06-30', [])).toEqual([]);
  });
});
