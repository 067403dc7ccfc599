import { type ChosenFactor, pickAveraging, type Qualifier, unitKey, type Verdict } from '@qlcv/common/regulation-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { RegulationsService } from './regulations.service';

// Issue 25 part 3: a result judged against its point's effective limit on the sampling date, on the shipped
// regulations (migration 0043): the regulation in force that day (QCVN 05:2013 → 05:2023), the point's column and
// factors (QCVN 40 Kq × Kf, QCVN 19 Kp × Kv, QCVN 14 K), the averaging period of a single sample, qualifiers and units.

interface Case {
  name: string;
  regulation: string | null;
  column?: string;
  factors?: ChosenFactor[];
  analyte: string | null;
  date?: string;
  result: { qualifier?: Qualifier; value: string; unit: string };
  expect: {
    verdict: Verdict;
    max?: string | null;
    min?: string | null;
    times?: string | null;
    by?: string | null;
    side?: 'max' | 'min' | null;
    regulation?: string;
    averaging?: string;
    formula?: string | null;
    reason?: RegExp;
  };
}

const KQ_KF = [
  { code: 'Kq', value: '0.9' },
  { code: 'Kf', value: '1.1' },
];
const Q40 = 'QCVN 40:2011/BTNMT';

const CASES: Case[] = [
  // A fixed limit: pH has no factors, a min and a max.
  {
    name: 'pH within 5,5–9 (QCVN 40 B, fixed)',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'PH',
    result: { value: '7.2', unit: '-' },
    expect: { verdict: 'within', min: '5.5', max: '9', formula: null },
  },
  {
    name: 'pH above its max',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'PH',
    result: { value: '9.5', unit: '-' },
    expect: { verdict: 'exceeded', side: 'max', by: '0.5', times: '1.06' },
  },
  {
    name: 'pH below its min',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'PH',
    result: { value: '5.0', unit: '-' },
    expect: { verdict: 'exceeded', side: 'min', by: '0.5', times: null },
  },
  // QCVN 40:2011: C × Kq × Kf.
  {
    name: 'COD above C × Kq × Kf = 150 × 0,9 × 1,1 = 148,5',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'COD',
    result: { value: '180', unit: 'mg/L' },
    expect: {
      verdict: 'exceeded',
      max: '148.5',
      side: 'max',
      by: '31.5',
      times: '1.21',
      formula: 'C × Kq × Kf = 150 × 0,9 × 1,1 = 148,5',
      regulation: Q40,
    },
  },
  {
    name: 'BOD5 equal to its max (49,5) is within',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'BOD5',
    result: { value: '49.50', unit: 'mg/l' },
    expect: { verdict: 'within', max: '49.5' },
  },
  {
    name: 'a factor the formula needs not chosen: undetermined, never C alone',
    regulation: Q40,
    column: 'B',
    factors: [{ code: 'Kq', value: '0.9' }],
    analyte: 'COD',
    result: { value: '180', unit: 'mg/L' },
    expect: { verdict: 'undetermined', max: null, reason: /Kf/ },
  },
  // QCVN 19:2009: C × Kp × Kv.
  {
    name: 'dust above C × Kp × Kv = 200 × 0,9 × 1,0 = 180 (QCVN 19 B)',
    regulation: 'QCVN 19:2009/BTNMT',
    column: 'B',
    factors: [
      { code: 'Kp', value: '0.9' },
      { code: 'Kv', value: '1.0' },
    ],
    analyte: 'DUST',
    result: { value: '250', unit: 'mg/Nm3' },
    expect: { verdict: 'exceeded', max: '180', by: '70', times: '1.39' },
  },
  // QCVN 14:2008: C × K.
  {
    name: 'BOD5 within C × K = 50 × 1,2 = 60 (QCVN 14 B)',
    regulation: 'QCVN 14:2008/BTNMT',
    column: 'B',
    factors: [{ code: 'K', value: '1.2' }],
    analyte: 'BOD5',
    result: { value: '45', unit: 'mg/L' },
    expect: { verdict: 'within', max: '60', formula: 'C × K = 50 × 1,2 = 60' },
  },
  {
    name: 'TSS above C × K = 100 × 1,2 = 120 (QCVN 14 B)',
    regulation: 'QCVN 14:2008/BTNMT',
    column: 'B',
    factors: [{ code: 'K', value: '1.2' }],
    analyte: 'TSS',
    result: { value: '130', unit: 'mg/L' },
    expect: { verdict: 'exceeded', max: '120', by: '10', times: '1.08' },
  },
  // Qualifiers.
  {
    name: '"< LOD" under the limit is within',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'COD',
    result: { qualifier: '<', value: '2', unit: 'mg/L' },
    expect: { verdict: 'within' },
  },
  {
    name: '"< LOD" above the limit cannot be judged',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'COD',
    result: { qualifier: '<', value: '200', unit: 'mg/L' },
    expect: { verdict: 'undetermined', reason: /Giới hạn phát hiện/ },
  },
  {
    name: '"> range" at the limit exceeds',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'COD',
    result: { qualifier: '>', value: '148.5', unit: 'mg/L' },
    expect: { verdict: 'exceeded', by: '0', times: '1.00' },
  },
  // No limit.
  {
    name: 'a parameter with no analyte has no limit',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: null,
    result: { value: '12', unit: 'm³/h' },
    expect: { verdict: 'no_limit' },
  },
  {
    name: 'an analyte the regulation does not limit has no limit',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'PM25',
    result: { value: '12', unit: 'µg/m³' },
    expect: { verdict: 'no_limit' },
  },
  {
    name: 'a point without a regulation has no limit',
    regulation: null,
    analyte: 'COD',
    result: { value: '500', unit: 'mg/L' },
    expect: { verdict: 'no_limit' },
  },
  // Units: writing aside, another unit is not judged.
  {
    name: 'another unit than the limit’s: undetermined',
    regulation: Q40,
    column: 'B',
    factors: KQ_KF,
    analyte: 'COD',
    result: { value: '0.18', unit: 'g/L' },
    expect: { verdict: 'undetermined', reason: /Đơn vị/ },
  },
  // The regulation in force on the sampling date, a single sample against the 1-hour limit.
  {
    name: 'TSP sampled before QCVN 05:2023 took force is judged by QCVN 05:2013 (1 giờ)',
    regulation: 'QCVN 05:2013/BTNMT',
    column: 'GH',
    analyte: 'TSP',
    date: '2023-05-10',
    result: { value: '320', unit: 'µg/m³' },
    expect: { verdict: 'exceeded', regulation: 'QCVN 05:2013/BTNMT', averaging: '1 giờ', max: '300', times: '1.07' },
  },
  {
    name: 'the same point sampled after 2023-09-12 is judged by QCVN 05:2023',
    regulation: 'QCVN 05:2013/BTNMT',
    column: 'GH',
    analyte: 'TSP',
    date: '2024-05-10',
    result: { value: '250', unit: 'µg/Nm³' },
    expect: { verdict: 'within', regulation: 'QCVN 05:2023/BTNMT', averaging: '1 giờ', max: '300' },
  },
];

describe('judging a result against its point’s limit on the sampling date', () => {
  let t: TestApp;
  let regulations: RegulationsService;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    regulations = new RegulationsService(t.database.db);
    for (const r of await t.database.db.selectFrom('regulations').select(['id', 'code']).execute()) ids.set(r.code, r.id);
  });
  afterAll(() => t?.close());

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const point = c.regulation
      ? { regulation_id: ids.get(c.regulation) as number, column: c.column ?? null, factors: c.factors ?? [] }
      : null;
    if (c.regulation) expect(point?.regulation_id, c.regulation).toBeGreaterThan(0);
    const { limit, judgement } = await regulations.judge(point, c.analyte, c.date ?? '2026-11-20', {
      qualifier: c.result.qualifier ?? null,
      value: c.result.value,
      unit: c.result.unit,
    });
    const e = c.expect;
    expect(judgement.verdict).toBe(e.verdict);
    if (e.verdict === 'no_limit') expect(limit).toBeNull();
    if (e.max !== undefined) expect(limit?.max).toBe(e.max);
    if (e.min !== undefined) expect(limit?.min).toBe(e.min);
    if (e.times !== undefined) expect(judgement.times).toBe(e.times);
    if (e.by !== undefined) expect(judgement.by).toBe(e.by);
    if (e.side !== undefined) expect(judgement.side).toBe(e.side);
    if (e.formula !== undefined) expect(limit?.formula).toBe(e.formula);
    if (e.regulation !== undefined) expect(limit?.regulation.code).toBe(e.regulation);
    if (e.averaging !== undefined) expect(limit?.averaging).toBe(e.averaging);
    if (e.reason) expect(judgement.reason).toMatch(e.reason);
  });
});

describe('the averaging period and unit of a single sample', () => {
  it.each([
    [['năm', '24 giờ', '1 giờ'], '1 giờ'],
    [['năm', '24 giờ', '8 giờ'], '8 giờ'],
    [['năm'], 'năm'],
    [['24 giờ', ''], ''],
    [[], null],
  ] as const)('%j → %s', (periods, picked) => {
    expect(pickAveraging(periods.map((averaging) => ({ averaging })))?.averaging ?? null).toBe(picked);
  });

  it.each([
    ['mg/L', 'mg/l', true],
    ['µg/m³', 'µg/Nm³', true],
    ['MPN/100mL', 'MPN/100 mL', true],
    ['Pt-Co', 'Pt/Co', true],
    ['MPN/100mL', 'vi khuẩn/100 mL', true],
    ['CFU/100 mL', 'MPN/100mL', true],
    ['mg/L', 'g/L', false],
    ['mg/Nm³', 'µg/m³', false],
  ] as const)('%s and %s compare as one unit: %s', (a, b, same) => {
    expect(unitKey(a) === unitKey(b)).toBe(same);
  });
});
