import { describe, expect, it } from 'vitest';
import { type ContractMoneyItem, contractTotals, lineAmount, vatRuleNote, vatRuleOn } from './contract-money';
import { formatContractNumber, isContractNumberPattern, type VatRule } from './schemas/contracts';

// The rows the migration seeds.
const RULES: VatRule[] = [
  { id: 1, name: 'Nghị định 72/2024/NĐ-CP', from_rate: 10, to_rate: 8, valid_from: '2024-07-01', valid_to: '2024-12-31' },
  { id: 2, name: 'Nghị định 180/2024/NĐ-CP', from_rate: 10, to_rate: 8, valid_from: '2025-01-01', valid_to: '2025-06-30' },
  { id: 3, name: 'Nghị định 174/2025/NĐ-CP', from_rate: 10, to_rate: 8, valid_from: '2025-07-01', valid_to: '2026-12-31' },
];

const item = (over: Partial<ContractMoneyItem> = {}): ContractMoneyItem => ({
  quantity: 1,
  unit_price: 1_000_000,
  vat_rate: '10',
  vat_reducible: true,
  ...over,
});

describe('vatRuleOn', () => {
  it.each([
    ['2024-06-30', null],
    ['2024-07-01', 1],
    ['2024-12-31', 1],
    ['2025-01-01', 2],
    ['2025-06-30', 2],
    ['2025-07-01', 3],
    ['2026-12-31', 3],
    ['2027-01-01', null],
  ])('%s → rule %s', (date, id) => {
    expect(vatRuleOn(date, RULES)?.id ?? null).toBe(id);
  });

  it('no date applies no rule; an open-ended rule runs on', () => {
    expect(vatRuleOn(null, RULES)).toBeNull();
    const open: VatRule = { ...RULES[0], id: 9, valid_from: '2030-01-01', valid_to: null } as VatRule;
    expect(vatRuleOn('2099-05-01', [open])?.id).toBe(9);
  });
});

describe('contractTotals: VAT by date', () => {
  it.each([
    ['2026-12-31', 8, 80_000],
    ['2027-01-01', 10, 100_000],
    ['2024-06-30', 10, 100_000],
    ['2024-07-01', 8, 80_000],
    ['2025-06-30', 8, 80_000],
  ])('a reducible 10 %% line on %s pays %d %%', (date, rate, vat) => {
    const t = contractTotals([item()], date, RULES);
    expect(t.lines[0]?.applied_rate).toBe(rate);
    expect(t.vat_amount).toBe(vat);
    expect(t.total).toBe(1_000_000 + vat);
    expect(t.applied_rule?.id ?? null).toBe(rate === 8 ? vatRuleOn(date, RULES)?.id : null);
  });

  it('only reducible 10 % lines are reduced; none, 0 and 5 % are untouched', () => {
    const t = contractTotals(
      [
        item({ unit_price: 2_000_000 }),
        item({ unit_price: 500_000, vat_reducible: false }),
        item({ unit_price: 300_000, vat_rate: '5' }),
        item({ unit_price: 200_000, vat_rate: '0' }),
        item({ unit_price: 100_000, vat_rate: 'none' }),
      ],
      '2026-03-15',
      RULES,
    );
    expect(t.lines.map((l) => l.applied_rate)).toEqual([8, 10, 5, 0, null]);
    expect(t.vat_lines).toEqual([
      { rate: 10, base: 500_000, amount: 50_000 },
      { rate: 8, base: 2_000_000, amount: 160_000 },
      { rate: 5, base: 300_000, amount: 15_000 },
      { rate: 0, base: 200_000, amount: 0 },
    ]);
    expect(t.subtotal).toBe(3_100_000);
    expect(t.vat_amount).toBe(225_000);
    expect(t.total).toBe(3_325_000);
    expect(t.applied_rule?.name).toBe('Nghị định 174/2025/NĐ-CP');
  });

  it('no reducible line: no rule is named even while one is in force', () => {
    const t = contractTotals([item({ vat_reducible: false }), item({ vat_rate: '5' })], '2026-03-15', RULES);
    expect(t.applied_rule).toBeNull();
    expect(t.vat_amount).toBe(150_000);
  });

  it('an empty contract is zero', () => {
    expect(contractTotals([], '2026-01-01', RULES)).toEqual({
      lines: [],
      subtotal: 0,
      vat_lines: [],
      vat_amount: 0,
      total: 0,
      applied_rule: null,
    });
  });
});

describe('rounding', () => {
  it('a line is round(quantity × unit price), half up, exact to 3 decimals', () => {
    expect(lineAmount(1.5, 333)).toBe(500); // 499.5 → 500
    expect(lineAmount(0.1, 3)).toBe(0); // 0.3 → 0
    expect(lineAmount(0.333, 1_000_001)).toBe(333_000); // 333 000.333
    expect(lineAmount(2.5, 1)).toBe(3);
    expect(lineAmount(1.005, 1000)).toBe(1005);
    expect(lineAmount(3, 1_250_000)).toBe(3_750_000);
  });

  it('VAT is rounded once per rate, on the sum of its lines', () => {
    // 3 lines of 1 005 at 5 %: per line 50.25 → 50 each would give 150; on the sum 3 015 × 5 % = 150.75 → 151.
    const t = contractTotals(
      [1, 2, 3].map(() => item({ unit_price: 1005, vat_rate: '5' })),
      '2027-06-01',
      RULES,
    );
    expect(t.vat_lines).toEqual([{ rate: 5, base: 3015, amount: 151 }]);
    // 8 % of 12 345 = 987.6 → 988; 8 % of 10 006 250 = 800 500 exactly
    expect(contractTotals([item({ unit_price: 12_345 })], '2026-01-01', RULES).vat_amount).toBe(988);
    expect(contractTotals([item({ unit_price: 10_006_250 })], '2026-01-01', RULES).vat_amount).toBe(800_500);
    // half up: 10 % of 1 005 = 100.5 → 101
    expect(contractTotals([item({ unit_price: 1005 })], '2027-01-01', RULES).vat_amount).toBe(101);
  });
});

describe('vatRuleNote', () => {
  it('says which rate and why', () => {
    expect(vatRuleNote(RULES[2] as VatRule)).toBe(
      'Thuế suất 8 % theo Nghị định 174/2025/NĐ-CP (giảm 2 % từ 01/07/2025 đến 31/12/2026)',
    );
  });
});

describe('contract number pattern', () => {
  it.each([
    ['{seq:3}/{yyyy}/HĐ-QT', true],
    ['HĐ-{yy}{mm}-{seq}', true],
    ['{yyyy}/HĐ', false],
    ['{seq}/{seq:2}', false],
    ['{seq:0}', false],
    ['{seq}/{foo}', false],
  ])('%s valid: %s', (pattern, ok) => {
    expect(isContractNumberPattern(pattern)).toBe(ok);
  });

  it('formats the sequence of the year', () => {
    expect(formatContractNumber('{seq:3}/{yyyy}/HĐ-QT', 15, '2026-03-02')).toBe('015/2026/HĐ-QT');
    expect(formatContractNumber('HĐ-{yy}{mm}-{seq}', 7, '2026-11-23')).toBe('HĐ-2611-7');
    expect(formatContractNumber('{seq:2}', 1234, '2026-01-01')).toBe('1234');
  });
});
