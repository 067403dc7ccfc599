import { describe, expect, it } from 'vitest';
import { FILE_SIZE_UNITS, formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('uses bytes below 1024', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('steps by 1024 with a decimal comma', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(1024 ** 2)).toBe('1 MB');
    expect(formatFileSize(5.25 * 1024 ** 3)).toBe('5,25 GB');
    expect(formatFileSize(1234567)).toBe('1,18 MB');
  });

  it('goes up to YB', () => {
    expect(FILE_SIZE_UNITS).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(2048 * 1024 ** 8)).toBe('2048 YB');
  });

  it('is empty for a negative or missing size', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(null)).toBe('');
  });
});
