import { createCipheriv, createECDH, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, sign } from 'node:crypto';

/**
 * Web Push on node:crypto: the payload encrypted for one browser (RFC 8291, `aes128gcm` of RFC 8188) and the VAPID
 * signature of the application server (RFC 8292). Tested with the RFC 8291 Appendix A vector (web-push-crypto.test.ts).
 */

/** A VAPID key pair, base64url: the public key uncompressed (65 bytes), the private scalar (32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The record size we announce: one record holds any payload under 4 KiB (push services cap bodies at 4096). */
const RECORD_SIZE = 4096;
/** Room for the header (86), the padding delimiter (1) and the tag (16) in a 4096-byte body. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - 86 - 1 - 16;

const b64 = (buf: Buffer) => buf.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const pub = Buffer.concat([Buffer.from([4]), unb64(jwk.x ?? ''), unb64(jwk.y ?? '')]);
  return { publicKey: b64(pub), privateKey: jwk.d ?? '' };
}

/** Whether a pair fits together (a P-256 private scalar and the public point it makes). */
export function vapidKeysMatch(keys: VapidKeys): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(unb64(keys.privateKey));
    return b64(ecdh.getPublicKey()) === keys.publicKey;
  } catch {
    return false;
  }
}

/** Whether a browser's p256dh is a P-256 point (65 bytes uncompressed) and its auth secret 16 bytes. */
export function validBrowserKeys(p256dh: string, auth: string): boolean {
  const key = unb64(p256dh);
  if (key.length !== 65 || key[0] !== 4 || unb64(auth).length !== 16) return false;
  try {
    // Node checks the point is on the curve when it computes a secret with it.
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request body for one browser: salt, record size, the sender's one-time public key, then the payload (padded
 * with the last-record delimiter 0x02) under AES-128-GCM. `senderPrivate` and `salt` are for the RFC's test vector;
 * otherwise fresh for every message.
 */
export function encryptPayload(
  plaintext: Buffer,
  browser: { p256dh: string; auth: string },
  fixed: { senderPrivate?: Buffer; salt?: Buffer } = {},
): Buffer {
  const uaPublic = unb64(browser.p256dh);
  const authSecret = unb64(browser.auth);
  const ecdh = createECDH('prime256v1');
  if (fixed.senderPrivate) ecdh.setPrivateKey(fixed.senderPrivate);
  else ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(uaPublic);
  const salt = fixed.salt ?? randomBytes(16);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const body = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` for a push service: an ES256 JWT whose audience is the endpoint's
 * origin, valid 12 hours (RFC 8292 allows up to 24), with a contact (`mailto:` or `https:`) as subject.
 */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, nowSeconds: number): string {
  const pub = unb64(keys.publicKey);
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: b64(pub.subarray(1, 33)), y: b64(pub.subarray(33, 65)) },
    format: 'jwk',
  });
  const part = (o: object) => b64(Buffer.from(JSON.stringify(o)));
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({ aud: new URL(endpoint).origin, exp: nowSeconds + 12 * 3600, sub: subject })}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${b64(signature)}, k=${keys.publicKey}`;
}
