import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a browser (its P-256 key pair and auth secret) and a local push service on 127.0.0.1 that, like a real
 * one, checks the VAPID signature and, like the browser, decrypts what it receives (RFC 8291 aes128gcm).
 */
export interface TestBrowser {
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

export function testBrowser(): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** What the VAPID header said, once its signature checked out. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  /** The `k=` public key. */
  key: string;
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): an ES256 signature by `k`; throws when it is not. */
export function verifyVapid(header: string | undefined): VapidClaims {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID header: ${header}`);
  const [, h = '', p = '', s = '', k = ''] = m;
  const jwtHeader = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error('alg is not ES256');
  const pub = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) {
    throw new Error('bad VAPID signature');
  }
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Omit<VapidClaims, 'key'>;
  return { ...claims, key: k };
}

/** One message the stand-in took: its headers, the checked VAPID claims and the decrypted payload. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  vapid: VapidClaims;
  payload: string;
}

export interface PushServiceStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  received: ReceivedPush[];
  /** A browser registered at `/push/<name>`: its subscription JSON for the API. */
  subscribe(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The status answered next (201 by default), e.g. 410 for a subscription the browser dropped. */
  answer(status: number): void;
  /** Requests refused (bad VAPID, unknown browser, undecryptable body): the reason, for a failing test to show. */
  refused: string[];
  close(): Promise<void>;
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, TestBrowser>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const browser = browsers.get(path.replace(/^\/push\//, ''));
      try {
        if (!browser) throw new Error(`unknown subscription ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL');
        const vapid = verifyVapid(req.headers.authorization);
        const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        if (vapid.aud !== origin) throw new Error(`aud ${vapid.aud} is not ${origin}`);
        const now = Date.now() / 1000;
        if (vapid.exp < now || vapid.exp > now + 24 * 3600) throw new Error('exp out of range');
        if (!/^(mailto:|https:)/.test(vapid.sub)) throw new Error('sub is not mailto: or https:');
        const payload = browser.decrypt(Buffer.concat(chunks));
        received.push({ path, headers: req.headers, vapid, payload });
        res.writeHead(status).end();
      } catch (err) {
        refused.push((err as Error).message);
        res.writeHead(400).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    subscribe(name) {
      const browser = testBrowser();
      browsers.set(name, browser);
      return { endpoint: `${url}/push/${name}`, keys: browser.keys };
    },
    answer(next) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
