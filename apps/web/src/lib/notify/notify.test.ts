import { describe, expect, it } from 'vitest';
import { notify, onToastHostWanted, registerToastApi } from './notify';
import type { ToastArgs } from './toast';

// The toast host loads lazily (with Ant Design): what is asked for before it mounts waits, then shows once.
describe('toasts before the host is mounted', () => {
  it('asks for the host, keeps the toasts, and shows each once when the host registers', () => {
    let wanted = 0;
    const stop = onToastHostWanted(() => wanted++);
    expect(wanted).toBe(0);
    notify({ type: 'error', message: 'Tên đăng nhập hoặc mật khẩu không đúng.' });
    notify({ type: 'success', message: 'Đã lưu' });
    expect(wanted).toBe(1);

    const shown: ToastArgs[] = [];
    registerToastApi({ open: (args) => shown.push(args) });
    expect(shown.map((t) => [t.type, t.title])).toEqual([
      ['error', 'Tên đăng nhập hoặc mật khẩu không đúng.'],
      ['success', 'Đã lưu'],
    ]);
    notify({ type: 'info', message: 'Sau khi có máy chủ' });
    expect(shown).toHaveLength(3);

    // Registered again (a remount): nothing shown twice.
    registerToastApi(null);
    const again: ToastArgs[] = [];
    registerToastApi({ open: (args) => again.push(args) });
    expect(again).toHaveLength(0);
    stop();
  });

  it('a listener subscribing after the host was wanted is told at once', () => {
    let wanted = 0;
    const stop = onToastHostWanted(() => wanted++);
    expect(wanted).toBe(1);
    stop();
  });
});
