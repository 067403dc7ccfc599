import { isIP } from 'node:net';
import type { Config } from '../config';

/**
 * Where an address a user sets (Zalo's today) may point. Stored secrets go to it, so it is https to a public host:
 * never this machine, an inner network or the app itself. `allowLoopback` (OUTBOUND_ALLOW_LOOPBACK) lets this
 * machine in over http or https, for the local stand-ins of the tests, and nothing else.
 */
export interface OutboundPolicy {
  allowLoopback: boolean;
  /** The app's own origin (PUBLIC_URL), refused like an inner address. */
  publicOrigin: string | null;
  /** The port this app listens on: this machine on that port is the app itself, refused even with loopback allowed. */
  appPort: number;
}

export const outboundPolicy = (config: Config): OutboundPolicy => ({
  allowLoopback: config.outboundAllowLoopback,
  publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : null,
  appPort: config.port,
});

type Kind = 'public' | 'loopback' | 'inner';

const ipv4Octets = (host: string) => host.split('.').map(Number);

function ipv4Kind(host: string): Kind {
  const [a = 0, b = 0, c = 0] = ipv4Octets(host);
  if (a === 127) return 'loopback';
  if (
    a === 0 || // "this network": 0.0.0.0 reaches this machine on Linux
    a === 10 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224 // multicast, reserved, broadcast
  ) {
    return 'inner';
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 turned into two groups). */
function ipv6Groups(host: string): number[] {
  let text = host;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Octets(dotted[1]);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

function ipv6Kind(host: string): Kind {
  const g = ipv6Groups(host);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && g7 === 1) return 'loopback';
  // An IPv4 address written as IPv6 (mapped ::ffff:a.b.c.d) is that address; through NAT64 (64:ff9b::a.b.c.d) a
  // gateway's inner network, never this machine.
  const v4 = `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  if (zeroTo(5) && g5 === 0xffff) return ipv4Kind(v4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return ipv4Kind(v4) === 'public' ? 'public' : 'inner';
  }
  if (zeroTo(6)) return 'inner'; // ::, and the old IPv4-compatible ::a.b.c.d
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00) return 'inner';
  return 'public';
}

/**
 * What a host name of a parsed URL is. The WHATWG parser has already turned every numeric spelling of an IPv4
 * address (2130706433, 0x7f000001, 127.1, 0177.0.0.1) into the dotted form and lower-cased the name.
 */
function hostKind(hostname: string): Kind {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (isIP(host) === 4) return ipv4Kind(host);
  if (isIP(host) === 6) return ipv6Kind(host);
  return 'public';
}

/** Why `address` may not be used under `policy`, in Vietnamese; null when it may. */
export function outboundAddressProblem(address: string, policy: OutboundPolicy): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'Địa chỉ không hợp lệ.';
  }
  if (url.username || url.password) return 'Địa chỉ không được chứa tên đăng nhập hay mật khẩu.';
  if (url.search || url.hash) return 'Địa chỉ không được chứa phần "?" hay "#".';
  const kind = hostKind(url.hostname);
  const loopback = kind === 'loopback' && policy.allowLoopback;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return 'Địa chỉ phải bắt đầu bằng https://.';
  if (kind === 'loopback' && !loopback) return 'Không được dùng địa chỉ của chính máy chủ (localhost, 127.x.x.x, ::1).';
  if (kind === 'inner') return 'Không được dùng địa chỉ mạng nội bộ (10.x, 172.16–31.x, 192.168.x, 169.254.x, 0.0.0.0…).';
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (url.origin === policy.publicOrigin || (kind === 'loopback' && port === policy.appPort)) {
    return 'Không được dùng địa chỉ của chính ứng dụng.';
  }
  return null;
}
