import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, hashString, initials } from './avatar';

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Nguyễn Văn An')).toBe('NA');
    expect(initials('trần thị bích ngọc')).toBe('TN');
    expect(initials('  Lê   Minh  ')).toBe('LM');
  });

  it('keeps Vietnamese letters and handles one word', () => {
    expect(initials('đặng ánh')).toBe('ĐÁ');
    expect(initials('admin')).toBe('A');
  });

  it('gives "AS" when the name is empty', () => {
    expect(initials('')).toBe('AS');
    expect(initials('   ')).toBe('AS');
    expect(initials(null)).toBe('AS');
  });
});

describe('avatarColor', () => {
  it('hashes with h * 31 + code', () => {
    expect(hashString('')).toBe(0);
    expect(hashString('A')).toBe(65);
    expect(hashString('AB')).toBe(65 * 31 + 66);
  });

  it('picks the palette entry of the hash', () => {
    expect(avatarColor('A')).toBe('#15803d'); // 65 % 10 = 5
    expect(avatarColor('AB')).toBe('#1d4ed8'); // 2081 % 10 = 1
    expect(avatarColor('')).toBe(AVATAR_COLORS[0]);
  });

  it('is stable for a name and stays in the palette', () => {
    expect(avatarColor('Nguyễn Văn An')).toBe(avatarColor('Nguyễn Văn An'));
    expect(avatarColor(' Nguyễn Văn An ')).toBe(avatarColor('Nguyễn Văn An'));
    for (const name of ['Lan', 'Hùng', 'Phạm Thu Hà', 'admin']) expect(AVATAR_COLORS).toContain(avatarColor(name));
  });
});
