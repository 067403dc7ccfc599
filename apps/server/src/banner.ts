import { networkInterfaces } from 'node:os';

export interface BannerInfo {
  host: string;
  port: number;
  database: string;
  /** Shown only on the first start, when the admin password was generated. */
  adminPassword?: string;
  demo: boolean;
}

/** The addresses a person can open: localhost, and the LAN addresses when listening on every interface. */
export function openAddresses(host: string, port: number): string[] {
  const all = host === '0.0.0.0' || host === '::';
  const hosts = all
    ? [
        'localhost',
        ...Object.values(networkInterfaces())
          .flat()
          .filter((n) => n && n.family === 'IPv4' && !n.internal)
          .map((n) => n!.address),
      ]
    : [host];
  return hosts.map((h) => `http://${h}:${port}`);
}

/** A short human banner printed after start, so the address and the one-time password are not lost in log lines. */
export function startBanner(info: BannerInfo): string {
  const [first, ...others] = openAddresses(info.host, info.port);
  const lines = ['', '  QLCV — Quan trắc & Kỹ thuật đã sẵn sàng', '', `  Mở trình duyệt:   ${first}`];
  for (const a of others) lines.push(`                    ${a}`);
  lines.push(`  Cơ sở dữ liệu:    ${info.database}`);
  if (info.adminPassword) {
    lines.push(
      '',
      `  Tài khoản quản trị: admin / ${info.adminPassword}`,
      '  (mật khẩu này chỉ hiển thị một lần — hãy đổi sau khi đăng nhập)',
    );
  }
  if (info.demo) lines.push('', '  Công ty mẫu: mọi tài khoản mẫu đăng nhập bằng mật khẩu Demo@2026');
  lines.push('');
  return lines.join('\n');
}
