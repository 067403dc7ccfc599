import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORDS } from './breached-passwords';
import { isCommonPassword } from './passwords';
import { passwordSchema } from './schemas/passwords';

// Issue 8 part 4 (QUALITY.md "Identity": common passwords refused): the deny-list is the top 10 000 of a public breach
// list (its entries of 8 characters or more) plus Vietnamese favourites, compared NFC-normalised and lower-cased.

const refused = (password: string) => !passwordSchema.safeParse(password).success;

describe('common passwords', () => {
  it('refuses the ones the old short list let through', () => {
    for (const p of ['qwertyuiop', 'iloveyou1', 'password1', 'baseball1', 'michelle']) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(refused(p), p).toBe(true);
    }
  });

  it('refuses entries from the whole list, first to last', () => {
    const list = BREACHED_PASSWORDS.split('\n').filter(Boolean);
    expect(list.length).toBe(2086);
    expect(list.every((p) => p.length >= 8)).toBe(true);
    for (const p of [list[0], list[1], list[500], list[1000], list[1500], list.at(-1)] as string[]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(refused(p), p).toBe(true);
    }
    for (const p of ['1qaz2wsx', 'trustno1', 'qazwsxedc', 'starwars', 'whatever', 'corvette']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('keeps the Vietnamese favourites', () => {
    for (const p of ['matkhau123', 'anhyeuem', 'emyeuanh', 'vietnam123', 'hanoi123', 'mậtkhẩu123', 'anh yêu em', 'qlcv@123']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('refuses upper-case and NFD variants', () => {
    for (const p of ['QWERTYUIOP', 'IloveYou1', 'PassWord123', 'MATKHAU123', 'MẬTKHẨU123']) {
      expect(refused(p), p).toBe(true);
    }
    const nfd = 'mậtkhẩu123'.normalize('NFD');
    expect(nfd).not.toBe('mậtkhẩu123');
    expect(refused(nfd)).toBe(true);
    expect(refused('Anh Yêu Em'.normalize('NFD'))).toBe(true);
  });

  it('still refuses one repeated character and runs of digits', () => {
    for (const p of ['aaaaaaaa', 'ưưưưưưưư', '23456789', '98765432', '0123456789']) expect(refused(p), p).toBe(true);
  });

  it('accepts a good passphrase, Vietnamese letters included', () => {
    for (const p of ['Cà phê sữa đá lúc 7 giờ', 'ngựa-pin-kẹp-ghim-đúng', 'Tramquantrac#2026', 'correct horse battery staple']) {
      expect(isCommonPassword(p), p).toBe(false);
      expect(passwordSchema.safeParse(p).success, p).toBe(true);
    }
  });
});
