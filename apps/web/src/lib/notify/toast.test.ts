import { describe, expect, it } from 'vitest';
import { resolveToastOptions, type ToastArgs, ToastGroups, toastTitle } from './toast';

describe('resolveToastOptions', () => {
  it('defaults to 5000 ms at the bottom', () => {
    expect(resolveToastOptions({ message: 'Lưu thành công' })).toEqual({
      type: 'info',
      message: 'Lưu thành công',
      description: undefined,
      timeout: 5000,
      position: 'bottom',
    });
  });

  it('refuses an unknown position', () => {
    expect(() => resolveToastOptions({ message: 'x', position: 'middle' as never })).toThrow(
      /Unknown notification position "middle"/,
    );
    expect(() => resolveToastOptions({ message: 'x', position: 'toString' as never })).toThrow(/position/);
  });

  it('refuses a negative or non-numeric timeout', () => {
    expect(() => resolveToastOptions({ message: 'x', timeout: -1 })).toThrow(/timeout/);
    expect(() => resolveToastOptions({ message: 'x', timeout: '5000' as never })).toThrow(/timeout/);
    expect(() => resolveToastOptions({ message: 'x', timeout: Number.NaN })).toThrow(/timeout/);
    expect(() => resolveToastOptions({ message: 'x', timeout: Number.POSITIVE_INFINITY })).toThrow(/timeout/);
    expect(resolveToastOptions({ message: 'x', timeout: 0 }).timeout).toBe(0);
  });
});

describe('ToastGroups', () => {
  const setup = () => {
    const shown: ToastArgs[] = [];
    return { shown, groups: new ToastGroups(() => ({ open: (args) => shown.push(args) })) };
  };

  it('groups the same content under one key with a counter', () => {
    const { shown, groups } = setup();
    groups.show({ type: 'success', message: 'Lưu thành công' });
    groups.show({ type: 'success', message: 'Lưu thành công' });
    groups.show({ type: 'success', message: 'Lưu thành công' });
    expect(shown.map((s) => s.title)).toEqual(['Lưu thành công', 'Lưu thành công (2)', 'Lưu thành công (3)']);
    expect(new Set(shown.map((s) => s.key)).size).toBe(1);
    expect(groups.size).toBe(1);
  });

  it('keeps different content apart and starts again after closing', () => {
    const { shown, groups } = setup();
    groups.show({ type: 'success', message: 'A' });
    groups.show({ type: 'error', message: 'A' });
    expect(groups.size).toBe(2);
    shown[0]!.onClose();
    groups.show({ type: 'success', message: 'A' });
    expect(shown[2]!.title).toBe('A');
    expect(shown[2]!.key).not.toBe(shown[0]!.key);
  });

  it('hands Ant Design seconds and its placement names', () => {
    const { shown, groups } = setup();
    groups.show({ message: 'x' });
    groups.show({ message: 'y', position: 'top-right', timeout: 0 });
    expect(shown[0]).toMatchObject({ duration: 5, placement: 'bottom' });
    expect(shown[1]).toMatchObject({ duration: false, placement: 'topRight' });
  });

  it('titles carry the count only from the second time', () => {
    expect(toastTitle('Đã xóa', 1)).toBe('Đã xóa');
    expect(toastTitle('Đã xóa', 4)).toBe('Đã xóa (4)');
  });
});
