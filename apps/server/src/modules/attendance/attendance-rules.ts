import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { KIOSK_CODE_SECONDS } from '@qlcv/common/schemas/attendance';
import type { ClockTime, ShiftHours } from './attendance-facts';

// The pure rules of attendance: distance to a site, office IP ranges, the kiosk's signed code, clock arithmetic.

/** Great-circle distance in metres between two points given in micro-degrees (haversine, mean Earth radius). */
export function distanceMetres(aLatE6: number, aLngE6: number, bLatE6: number, bLngE6: number): number {
  const rad = (e6: number) => (e6 / 1e6) * (Math.PI / 180);
  const dLat = rad(bLatE6 - aLatE6);
  const dLng = rad(bLngE6 - aLngE6);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLatE6)) * Math.cos(rad(bLatE6)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Degrees (≤ 6 decimals) → integer micro-degrees, and back. */
export const toE6 = (deg: number) => Math.round(deg * 1e6);
export const fromE6 = (e6: number) => e6 / 1e6;

/** "1,2 km" or "850 m", as a Vietnamese message says a distance. */
export function viDistance(m: number): string {
  if (m < 1000) return `${m} m`;
  const km = m / 1000;
  return `${(km < 10 ? km.toFixed(1) : km.toFixed(0)).replace('.', ',')} km`;
}

// IP ranges ------------------------------------------------------------------------------------------------------

interface ParsedRange {
  bytes: Buffer;
  prefix: number;
}

function ipBytes(ip: string): Buffer | null {
  const v = isIP(ip);
  if (v === 4) return Buffer.from(ip.split('.').map(Number));
  if (v !== 6) return null;
  // An IPv4-mapped IPv6 address ("::ffff:10.0.0.5") is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return ipBytes(mapped[1]);
  let [head, tail] = ip.split('::') as [string, string | undefined];
  let last4: number[] = [];
  const withV4 = (part: string) => {
    const m = /(\d+\.\d+\.\d+\.\d+)$/.exec(part);
    if (!m?.[1]) return part;
    last4 = m[1].split('.').map(Number);
    const rest = part.slice(0, -m[1].length).replace(/:$/, '');
    return rest;
  };
  if (tail === undefined) head = withV4(head);
  else tail = withV4(tail);
  const groups = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const total = 8 - (last4.length ? 2 : 0);
  const words = [...h, ...new Array(Math.max(0, total - h.length - t.length)).fill(0), ...t];
  const out = Buffer.alloc(16);
  words.slice(0, total).forEach((w, i) => {
    out.writeUInt16BE(w & 0xffff, i * 2);
  });
  if (last4.length) Buffer.from(last4).copy(out, 12);
  return out;
}

/** A CIDR range ("192.168.1.0/24", "2001:db8::/32") or a single address; null when it is neither. */
export function parseRange(text: string): ParsedRange | null {
  const [addr, bits, extra] = text.trim().split('/');
  if (!addr || extra !== undefined) return null;
  const bytes = ipBytes(addr);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bits === undefined) return { bytes, prefix: max };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { bytes, prefix: Number(bits) };
}

function inRange(ip: Buffer, r: ParsedRange): boolean {
  if (ip.length !== r.bytes.length) return false;
  let left = r.prefix;
  for (let i = 0; i < ip.length && left > 0; i++, left -= 8) {
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if (((ip[i] as number) & mask) !== ((r.bytes[i] as number) & mask)) return false;
  }
  return true;
}

/** Whether `ip` (as Fastify sees it, trustProxy applied) lies in one of the ranges. */
export function ipInRanges(ip: string | null | undefined, ranges: readonly string[]): boolean {
  if (!ip) return false;
  const bytes = ipBytes(ip);
  if (!bytes) return false;
  return ranges.some((text) => {
    const r = parseRange(text);
    return r !== null && inRange(bytes, r);
  });
}

// The kiosk's code ------------------------------------------------------------------------------------------------

/** The kiosk's signing key, derived from the app secret (HKDF with its own label: no other key equals it). */
export const kioskKey = (appSecret: string) => Buffer.from(hkdfSync('sha256', appSecret, 'qlcv', 'qlcv:attendance-kiosk', 32));

const sign = (key: Buffer, issued: number) =>
  createHmac('sha256', key).update(`attendance-kiosk:${issued}`).digest('base64url').slice(0, 22);
const VALID_MS = KIOSK_CODE_SECONDS * 1000;

/** A code issued at `at` (whole seconds): `<unix seconds>.<hmac>`, valid 30 s from then. */
export function kioskCode(key: Buffer, at: Date): { code: string; expiresAt: string } {
  const issued = Math.floor(at.getTime() / 1000);
  return { code: `${issued}.${sign(key, issued)}`, expiresAt: new Date(issued * 1000 + VALID_MS).toISOString() };
}

/**
 * Whether a scanned code is genuine and fresh: signed by this server and issued less than 30 s ago, so a photo of the
 * kiosk's screen is useless a moment later (the kiosk shows a new code well before the old one expires). Answers 'ok',
 * 'expired' or 'forged'.
 */
export function checkKioskCode(key: Buffer, code: string, at: Date): 'ok' | 'expired' | 'forged' {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(code.trim());
  if (!m?.[1] || !m[2]) return 'forged';
  const issued = Number(m[1]);
  const given = Buffer.from(m[2]);
  const want = Buffer.from(sign(key, issued));
  if (given.length !== want.length || !timingSafeEqual(given, want)) return 'forged';
  const age = at.getTime() - issued * 1000;
  // A second of skew between instances is tolerated; a code from the future is not one we issued.
  if (age < -1000) return 'forged';
  return age < VALID_MS ? 'ok' : 'expired';
}

// Clock arithmetic ------------------------------------------------------------------------------------------------

const VN_OFFSET_MS = 7 * 3_600_000;

/** The Vietnamese day and clock time of an instant. */
export function vnDayClock(at: Date): { date: string; clock: ClockTime } {
  const local = new Date(at.getTime() + VN_OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), clock: local.slice(11, 16) };
}

/** The instant of a Vietnamese day's clock time, ISO. */
export function vnInstant(date: string, clock: ClockTime): string {
  return new Date(new Date(`${date}T${clock}:00.000Z`).getTime() - VN_OFFSET_MS).toISOString();
}
