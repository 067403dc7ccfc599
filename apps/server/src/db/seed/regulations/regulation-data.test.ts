import { regulationCreateBody } from '@qlcv/common/schemas/regulations';
import { describe, expect, it } from 'vitest';
import { REGULATION_SEEDS, type RegulationSeed } from './index';

// The shipped regulations are data the migration inserts through the API's schema: a value that does not parse fails
// the migration, so it is checked here first, with a few values per regulation against their sources (a typo in a
// data file is caught here, not in a client's report).

const byCode = (code: string): RegulationSeed => {
  const seed = REGULATION_SEEDS.find((s) => s.code === code);
  if (!seed) throw new Error(`no seed ${code}`);
  return seed;
};

/** The parsed body, as the migration inserts it. */
const parsed = (code: string) => {
  const { replaced_by_code: _r, ...fields } = byCode(code);
  return regulationCreateBody.parse(fields);
};

/** One limit of a regulation: its min, max and factors. */
const limit = (code: string, analyte: string, column: string, averaging = '') => {
  const found = parsed(code).limits.find((l) => l.analyte === analyte && l.column === column && l.averaging === averaging);
  if (!found) throw new Error(`no limit ${code} ${analyte} ${column} ${averaging}`);
  return { min: found.min ?? null, max: found.max ?? null, factors: found.factors };
};

const factorValues = (code: string, factor: string) =>
  parsed(code)
    .factors.find((f) => f.code === factor)
    ?.values.map((v) => v.value);

describe('shipped regulation data', () => {
  it('every seed parses with the API schema', () => {
    for (const seed of REGULATION_SEEDS) {
      const { replaced_by_code: _r, ...fields } = seed;
      const result = regulationCreateBody.safeParse(fields);
      expect(result.success ? [] : result.error.issues.map((i) => `${seed.code} ${i.path.join('.')}: ${i.message}`)).toEqual([]);
    }
  });

  it('codes are unique and every replacement names a seed', () => {
    const codes = REGULATION_SEEDS.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const seed of REGULATION_SEEDS) if (seed.replaced_by_code) expect(codes).toContain(seed.replaced_by_code);
  });

  it('every seed cites a source with a page and its issuing act', () => {
    for (const seed of REGULATION_SEEDS) {
      expect(seed.source).toMatch(/https:\/\//);
      expect(seed.issuing_document).toBeTruthy();
      expect(seed.issuer).toBe('Bộ Tài nguyên và Môi trường');
    }
  });

  it('a replaced regulation ends the day before its replacement starts', () => {
    for (const seed of REGULATION_SEEDS) {
      if (!seed.replaced_by_code) continue;
      const next = byCode(seed.replaced_by_code);
      const dayBefore = new Date(`${next.valid_from}T00:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      expect(seed.valid_to).toBe(dayBefore.toISOString().slice(0, 10));
    }
  });
});

describe('QCVN 40:2011/BTNMT', () => {
  const code = 'QCVN 40:2011/BTNMT';

  it('is in force from Thông tư 47/2011 to the end of the transition to QCVN 40:2025', () => {
    const r = parsed(code);
    expect([r.valid_from, r.valid_to, r.medium]).toEqual(['2012-02-15', '2031-12-31', 'wastewater']);
    expect(r.columns.map((c) => c.code)).toEqual(['A', 'B']);
  });

  it('has the 33 parameters of Bảng 1 in columns A and B', () => {
    const limits = parsed(code).limits;
    expect(new Set(limits.map((l) => l.analyte)).size).toBe(33);
    expect(limits).toHaveLength(66);
  });

  it('spot values of Bảng 1', () => {
    expect(limit(code, 'PH', 'A')).toEqual({ min: '6', max: '9', factors: [] });
    expect(limit(code, 'PH', 'B')).toEqual({ min: '5.5', max: '9', factors: [] });
    expect(limit(code, 'COD', 'A')).toEqual({ min: null, max: '75', factors: ['Kq', 'Kf'] });
    expect(limit(code, 'COD', 'B').max).toBe('150');
    expect(limit(code, 'BOD5', 'B').max).toBe('50');
    expect(limit(code, 'HG', 'A').max).toBe('0.005');
    expect(limit(code, 'CN', 'A').max).toBe('0.07');
    expect(limit(code, 'TP', 'B').max).toBe('6');
    expect(limit(code, 'CL', 'B').max).toBe('1000');
    expect(limit(code, 'PCB', 'B').max).toBe('0.01');
  });

  it('does not apply Kq, Kf to temperature, colour, pH, coliform and radioactivity', () => {
    for (const analyte of ['T', 'COLOR', 'PH', 'COLIFORM', 'ALPHA', 'BETA'])
      for (const column of ['A', 'B']) expect(limit(code, analyte, column).factors).toEqual([]);
    expect(limit(code, 'TSS', 'B').factors).toEqual(['Kq', 'Kf']);
  });

  it('has the Kq and Kf tables', () => {
    expect(factorValues(code, 'Kq')).toEqual(['0.9', '1', '1.1', '1.2', '0.9', '0.6', '0.8', '1', '0.6', '1', '1.3']);
    expect(factorValues(code, 'Kf')).toEqual(['1.2', '1.1', '1.0', '0.9']);
  });
});

describe('QCVN 14:2008/BTNMT', () => {
  const code = 'QCVN 14:2008/BTNMT';

  it('has the 11 parameters of Bảng 1, K not applied to pH and coliforms', () => {
    const limits = parsed(code).limits;
    expect(new Set(limits.map((l) => l.analyte)).size).toBe(11);
    expect(limit(code, 'PH', 'A')).toEqual({ min: '5', max: '9', factors: [] });
    expect(limit(code, 'COLIFORM', 'B')).toEqual({ min: null, max: '5000', factors: [] });
    expect(limit(code, 'BOD5', 'A')).toEqual({ min: null, max: '30', factors: ['K'] });
    expect(limit(code, 'TDS', 'B').max).toBe('1000');
    expect(limit(code, 'S2', 'B').max).toBe('4.0');
    expect(limit(code, 'PO4', 'A').max).toBe('6');
  });

  it('has the K table by type and size of facility', () => {
    const values = factorValues(code, 'K') ?? [];
    expect(values.length).toBeGreaterThanOrEqual(14);
    expect(new Set(values)).toEqual(new Set(['1', '1.0', '1.2']));
  });
});

describe('QCVN 19:2009/BTNMT', () => {
  const code = 'QCVN 19:2009/BTNMT';

  it('has Bảng 1 in mg/Nm³ with Kp and Kv on every parameter', () => {
    const limits = parsed(code).limits;
    expect(new Set(limits.map((l) => l.analyte)).size).toBe(19);
    expect(limits.every((l) => l.unit === 'mg/Nm³' && l.factors.join() === 'Kp,Kv')).toBe(true);
    expect(limit(code, 'DUST', 'A').max).toBe('400');
    expect(limit(code, 'DUST', 'B').max).toBe('200');
    expect(limit(code, 'SO2', 'B').max).toBe('500');
    expect(limit(code, 'NOX', 'B').max).toBe('850');
    expect(limit(code, 'H2S', 'A').max).toBe('7.5');
    expect(limit(code, 'CD', 'B').max).toBe('5');
  });

  it('has the Kp and Kv tables', () => {
    expect(factorValues(code, 'Kp')).toEqual(['1', '0.9', '0.8']);
    expect(factorValues(code, 'Kv')).toEqual(['0.6', '0.8', '1.0', '1.2', '1.4']);
  });
});

describe('QCVN 05:2023/BTNMT and QCVN 05:2013/BTNMT', () => {
  it('05:2023 has one limit per parameter × averaging period', () => {
    const code = 'QCVN 05:2023/BTNMT';
    expect(parsed(code).valid_from).toBe('2023-09-12');
    expect(limit(code, 'SO2', 'GH', '1 giờ').max).toBe('350');
    expect(limit(code, 'CO', 'GH', '8 giờ').max).toBe('10000');
    expect(limit(code, 'PM10', 'GH', '24 giờ').max).toBe('100');
    expect(limit(code, 'PM25', 'GH', 'năm').max).toBe('25');
    expect(limit(code, 'TSP', 'GH', 'năm').max).toBe('100');
  });

  it('05:2013 ends the day before 05:2023 and keeps its own values', () => {
    const code = 'QCVN 05:2013/BTNMT';
    expect(byCode(code).replaced_by_code).toBe('QCVN 05:2023/BTNMT');
    expect(parsed(code).valid_to).toBe('2023-09-11');
    expect(limit(code, 'PM10', 'GH', '24 giờ').max).toBe('150');
    expect(limit(code, 'PB', 'GH', 'năm').max).toBe('0.5');
    expect(limit(code, 'O3', 'GH', '8 giờ').max).toBe('120');
  });
});

describe('QCVN 08:2023/BTNMT', () => {
  it('has Bảng 1 (health) in one column', () => {
    const code = 'QCVN 08:2023/BTNMT';
    expect(parsed(code).medium).toBe('surface_water');
    expect(parsed(code).limits).toHaveLength(36);
    expect(limit(code, 'NH4', 'GH').max).toBe('0.3');
    expect(limit(code, 'AS', 'GH').max).toBe('0.01');
    expect(limit(code, 'HG', 'GH').max).toBe('0.001');
    expect(limit(code, 'PCB', 'GH').max).toBe('0.0005');
    expect(limit(code, 'HCB', 'GH')).toEqual({ min: null, max: '0.04', factors: [] });
  });
});
