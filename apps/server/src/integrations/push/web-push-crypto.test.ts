import { describe, expect, it } from 'vitest';
import { testBrowser, verifyVapid } from './push-service-stand-in';
import { encryptPayload, generateVapidKeys, validBrowserKeys, vapidAuthorization, vapidKeysMatch } from './web-push-crypto';

// RFC 8291 Appendix A.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('Web Push encryption (RFC 8291) and VAPID (RFC 8292)', () => {
  it('reproduces the RFC 8291 Appendix A message byte for byte', () => {
    const body = encryptPayload(
      Buffer.from(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      { senderPrivate: Buffer.from(RFC.asPrivate, 'base64url'), salt: Buffer.from(RFC.salt, 'base64url') },
    );
    expect(body.toString('base64url')).toBe(RFC.body);
  });

  it('encrypts a Vietnamese payload with fresh keys that the browser decrypts; two sends differ', () => {
    const browser = testBrowser();
    const text = JSON.stringify({ title: 'Bạn được giao công việc CV2611-0042', url: '/admin/works/42' });
    const a = encryptPayload(Buffer.from(text), browser.keys);
    const b = encryptPayload(Buffer.from(text), browser.keys);
    expect(a.equals(b)).toBe(false);
    expect(browser.decrypt(a)).toBe(text);
    expect(browser.decrypt(b)).toBe(text);
    // Another browser's keys cannot read it.
    expect(() => testBrowser().decrypt(a)).toThrow();
  });

  it('signs a VAPID token for the endpoint origin that verifies with the public key', () => {
    const keys = generateVapidKeys();
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(vapidKeysMatch(keys)).toBe(true);
    expect(vapidKeysMatch({ ...keys, publicKey: generateVapidKeys().publicKey })).toBe(false);
    const now = 1_800_000_000;
    const header = vapidAuthorization('https://fcm.googleapis.com/fcm/send/abc:def', keys, 'mailto:it@congty.vn', now);
    const claims = verifyVapid(header);
    expect(claims).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: now + 12 * 3600,
      sub: 'mailto:it@congty.vn',
      key: keys.publicKey,
    });
    // A token signed by another key does not verify.
    const other = generateVapidKeys();
    const forged = header.replace(`k=${keys.publicKey}`, `k=${other.publicKey}`);
    expect(() => verifyVapid(forged)).toThrow(/signature/);
  });

  it('tells a browser key from garbage', () => {
    const browser = testBrowser();
    expect(validBrowserKeys(browser.keys.p256dh, browser.keys.auth)).toBe(true);
    expect(validBrowserKeys(browser.keys.p256dh, 'AAAA')).toBe(false);
    expect(validBrowserKeys(`BA${'A'.repeat(85)}`, browser.keys.auth)).toBe(false);
  });
});
