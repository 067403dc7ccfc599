import { describe, expect, it } from 'vitest';
import { moneyInWords, numberInWords } from './vn-money-words';

describe('numberInWords', () => {
  it.each([
    [0, 'không'],
    [1, 'một'],
    [5, 'năm'],
    [10, 'mười'],
    [11, 'mười một'],
    [14, 'mười bốn'],
    [15, 'mười lăm'],
    [20, 'hai mươi'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi tư'],
    [25, 'hai mươi lăm'],
    [31, 'ba mươi mốt'],
    [55, 'năm mươi lăm'],
    [99, 'chín mươi chín'],
    [100, 'một trăm'],
    [101, 'một trăm linh một'],
    [104, 'một trăm linh bốn'],
    [105, 'một trăm linh năm'],
    [110, 'một trăm mười'],
    [111, 'một trăm mười một'],
    [115, 'một trăm mười lăm'],
    [121, 'một trăm hai mươi mốt'],
    [124, 'một trăm hai mươi tư'],
    [1000, 'một nghìn'],
    [1001, 'một nghìn không trăm linh một'],
    [1010, 'một nghìn không trăm mười'],
    [1015, 'một nghìn không trăm mười lăm'],
    [1021, 'một nghìn không trăm hai mươi mốt'],
    [1100, 'một nghìn một trăm'],
    [15_000, 'mười lăm nghìn'],
    [21_000, 'hai mươi mốt nghìn'],
    [105_000, 'một trăm linh năm nghìn'],
    [1_000_000, 'một triệu'],
    [1_005_000, 'một triệu không trăm linh năm nghìn'],
    [1_000_005, 'một triệu không trăm linh năm'],
    [1_200_000, 'một triệu hai trăm nghìn'],
    [25_500_000, 'hai mươi lăm triệu năm trăm nghìn'],
    [1_000_000_000, 'một tỷ'],
    [1_000_000_005, 'một tỷ không trăm linh năm'],
    [1_005_000_000, 'một tỷ không trăm linh năm triệu'],
    [2_345_678_901, 'hai tỷ ba trăm bốn mươi lăm triệu sáu trăm bảy mươi tám nghìn chín trăm linh một'],
    [1_000_000_000_000, 'một nghìn tỷ'],
    [1_500_000_000_000, 'một nghìn năm trăm tỷ'],
    [-21, 'âm hai mươi mốt'],
  ])('%d → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses what is not a finite safe number', () => {
    expect(() => numberInWords(Number.NaN)).toThrow(RangeError);
    expect(() => numberInWords(1e20)).toThrow(RangeError);
  });
});

describe('moneyInWords', () => {
  it.each([
    [0, 'Không đồng'],
    [1_200_000, 'Một triệu hai trăm nghìn đồng'],
    [1_005_000, 'Một triệu không trăm linh năm nghìn đồng'],
    [1_000_005, 'Một triệu không trăm linh năm đồng'],
    [15_000_000, 'Mười lăm triệu đồng'],
    [12_650_000, 'Mười hai triệu sáu trăm năm mươi nghìn đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
  ])('%d → %s', (n, words) => {
    expect(moneyInWords(n)).toBe(words);
  });
});
