import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (Zalo keys and tokens): AES-256-GCM under a key derived from the app secret with HKDF, so the
 * database alone (a backup, a dump) never holds them in clear. A sealed value is `v1.<iv>.<tag>.<ciphertext>`
 * (base64url); a fresh 96-bit IV each time, and the 128-bit tag makes any change to it fail to open.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was changed or sealed under another key. */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretBox(appSecret: string, purpose = 'qlcv:secrets-at-rest'): SecretBox {
  if (!appSecret) throw new Error('secret box: the app secret is empty');
  // A purpose label keeps this key apart from any other key derived from the same secret.
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'qlcv', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) {
        throw new Error('secret box: not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** What a screen may show of a secret: its last 4 characters (none of a short one) after a fixed run of dots. */
export function maskSecret(value: string | null | undefined): string | null {
  if (!value) return null;
  return `••••••••${value.length >= 12 ? value.slice(-4) : ''}`;
}
