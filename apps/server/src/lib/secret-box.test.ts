import { describe, expect, it } from 'vitest';
import { maskSecret, secretBox } from './secret-box';

const SECRET = 'a'.repeat(16) + 'b'.repeat(16);

describe('secret box', () => {
  it('opens what it sealed, Vietnamese and long values included', () => {
    const box = secretBox(SECRET);
    for (const plain of ['', 'zalo-secret-key', 'Mật khẩu bí mật ✓', 'x'.repeat(10_000)]) {
      expect(box.open(box.seal(plain))).toBe(plain);
    }
  });

  it('never writes the clear value and uses a new IV each time', () => {
    const box = secretBox(SECRET);
    const a = box.seal('access-token-123456');
    const b = box.seal('access-token-123456');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(a).not.toContain('access-token');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('detects any change to the sealed value', () => {
    const box = secretBox(SECRET);
    const sealed = box.seal('refresh-token-abcdef');
    const [v, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flip = (s: string) => {
      const bytes = Buffer.from(s, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    expect(() => box.open([v, iv, tag, flip(data)].join('.'))).toThrow();
    expect(() => box.open([v, iv, flip(tag), data].join('.'))).toThrow();
    expect(() => box.open([v, flip(iv), tag, data].join('.'))).toThrow();
    expect(() => box.open(`v2.${iv}.${tag}.${data}`)).toThrow();
    expect(() => box.open('refresh-token-abcdef')).toThrow();
  });

  it('opens nothing sealed under another app secret or purpose', () => {
    const sealed = secretBox(SECRET).seal('secret');
    expect(() => secretBox('c'.repeat(32)).open(sealed)).toThrow();
    expect(() => secretBox(SECRET, 'other-purpose').open(sealed)).toThrow();
  });

  it('refuses an empty app secret', () => {
    expect(() => secretBox('')).toThrow();
  });

  it('masks: the last 4 characters of a long secret, nothing of a short one', () => {
    expect(maskSecret('abcdefghijklmnop')).toBe('••••••••mnop');
    expect(maskSecret('short')).toBe('••••••••');
    expect(maskSecret(null)).toBeNull();
    expect(maskSecret('')).toBeNull();
  });
});
