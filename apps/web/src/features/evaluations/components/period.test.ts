import { describe, expect, it } from 'vitest';
import { periodLabel, periodOf, suggestedName } from './period';

describe('evaluation periods', () => {
  it('a month, a quarter and a year fill start and end (leap February, a 31-day quarter end)', () => {
    expect(periodOf('month', 2028, 2)).toEqual({ start: '2028-02-01', end: '2028-02-29', label: 'tháng 02/2028' });
    expect(periodOf('quarter', 2026, 4)).toEqual({ start: '2026-10-01', end: '2026-12-31', label: 'quý IV/2026' });
    expect(periodOf('quarter', 2026, 2)).toMatchObject({ start: '2026-04-01', end: '2026-06-30' });
    expect(periodOf('year', 2026)).toEqual({ start: '2026-01-01', end: '2026-12-31', label: 'năm 2026' });
  });

  it('suggests the name and reads a saved period back', () => {
    expect(suggestedName(periodOf('quarter', 2026, 4))).toBe('Đánh giá KPI quý IV/2026');
    expect(periodLabel('quarter', '2026-10-01', '2026-12-31')).toBe('Quý IV/2026');
    expect(periodLabel('month', '2026-11-01', '2026-11-30')).toBe('Tháng 11/2026');
    // Dates that are not exactly the type's period read as dates.
    expect(periodLabel('month', '2026-11-03', '2026-11-30')).toBe('03/11/2026 – 30/11/2026');
  });
});
