import { describe, expect, it } from 'vitest';
import { truncateWords } from './text';

const words = (n: number) => Array.from({ length: n }, (_, i) => `từ${i + 1}`).join(' ');

describe('truncateWords', () => {
  it('keeps 20 words by default and marks the cut', () => {
    expect(truncateWords(words(20))).toBe(words(20));
    expect(truncateWords(words(21))).toBe(`${words(20)}...`);
  });

  it('takes another limit and suffix', () => {
    expect(truncateWords('Quan trắc môi trường không khí định kỳ', 3)).toBe('Quan trắc môi...');
    expect(truncateWords('Quan trắc môi trường', 2, '…')).toBe('Quan trắc…');
  });

  it('collapses spaces and handles empty text', () => {
    expect(truncateWords('  một   hai  ')).toBe('một hai');
    expect(truncateWords('')).toBe('');
    expect(truncateWords(null)).toBe('');
  });
});
