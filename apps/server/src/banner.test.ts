import { describe, expect, it } from 'vitest';
import { openAddresses, startBanner } from './banner';

describe('start banner', () => {
  it('names the address to open, the database and the one-time admin password', () => {
    const text = startBanner({
      host: '127.0.0.1',
      port: 3000,
      database: 'SQLite (/srv/qlcv.sqlite)',
      adminPassword: 'Xyz123abc',
      demo: false,
    });
    expect(text).toContain('http://127.0.0.1:3000');
    expect(text).toContain('SQLite (/srv/qlcv.sqlite)');
    expect(text).toContain('admin / Xyz123abc');
    expect(text).not.toContain('Demo@2026');
  });

  it('says nothing of a password once the admin exists, and mentions the demo password with --demo', () => {
    const text = startBanner({ host: '127.0.0.1', port: 8080, database: 'PostgreSQL', demo: true });
    expect(text).not.toMatch(/admin \//);
    expect(text).toContain('Demo@2026');
  });

  it('lists localhost first when listening on every interface', () => {
    const list = openAddresses('0.0.0.0', 3000);
    expect(list[0]).toBe('http://localhost:3000');
    for (const a of list) expect(a).toMatch(/^http:\/\/[\w.]+:3000$/);
  });
});
