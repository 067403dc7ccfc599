// Toasts of seed §4/§9: same content grouped with a counter, 5000 ms and bottom by default,
// helpers at the top right; an unknown position or a bad timeout is refused.
import type { NotificationPlacement } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export const TOAST_POSITIONS = {
  top: 'top',
  'top-left': 'topLeft',
  'top-right': 'topRight',
  bottom: 'bottom',
  'bottom-left': 'bottomLeft',
  'bottom-right': 'bottomRight',
} as const satisfies Record<string, NotificationPlacement>;
export type ToastPosition = keyof typeof TOAST_POSITIONS;

export const DEFAULT_TOAST_TIMEOUT_MS = 5000;
export const DEFAULT_TOAST_POSITION: ToastPosition = 'bottom';
export const HELPER_TOAST_POSITION: ToastPosition = 'top-right';

export interface ToastOptions {
  type?: ToastType;
  message: string;
  description?: string;
  /** Milliseconds before it closes; 0 keeps it open. 5000 unless given. */
  timeout?: number;
  position?: ToastPosition;
}

/** What is handed to Ant Design's notification API. */
export interface ToastArgs {
  key: string;
  type: ToastType;
  title: ReactNode;
  description?: ReactNode;
  duration: number | false;
  placement: NotificationPlacement;
  onClose: () => void;
}

export interface ToastApi {
  open(args: ToastArgs): void;
}

/** Checks the options and fills the defaults; throws on an unknown position or a negative / non-numeric timeout. */
export function resolveToastOptions(
  options: ToastOptions,
): Required<Omit<ToastOptions, 'description'>> & { description?: string } {
  const position = options.position ?? DEFAULT_TOAST_POSITION;
  if (!Object.hasOwn(TOAST_POSITIONS, position)) {
    throw new Error(`Unknown notification position "${String(position)}"`);
  }
  const timeout = options.timeout ?? DEFAULT_TOAST_TIMEOUT_MS;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 0) {
    throw new Error(`Invalid notification timeout "${String(timeout)}": use a number of milliseconds >= 0`);
  }
  return { type: options.type ?? 'info', message: options.message, description: options.description, timeout, position };
}

/** "Lưu thành công" shown 3 times → "Lưu thành công (3)". */
export function toastTitle(message: string, count: number): string {
  return count > 1 ? `${message} (${count})` : message;
}

/** Keeps one toast per content and counts repeats while it is open. */
export class ToastGroups {
  private readonly groups = new Map<string, { key: string; count: number }>();
  private seq = 0;

  constructor(private readonly api: () => ToastApi | null) {}

  show(options: ToastOptions): { key: string; count: number } {
    const o = resolveToastOptions(options);
    const content = `${o.type}|${o.position}|${o.message}|${o.description ?? ''}`;
    const group = this.groups.get(content) ?? { key: `toast-${++this.seq}`, count: 0 };
    group.count++;
    this.groups.set(content, group);
    this.api()?.open({
      key: group.key,
      type: o.type,
      title: toastTitle(o.message, group.count),
      description: o.description,
      duration: o.timeout === 0 ? false : o.timeout / 1000,
      placement: TOAST_POSITIONS[o.position],
      onClose: () => {
        if (this.groups.get(content) === group) this.groups.delete(content);
      },
    });
    return { key: group.key, count: group.count };
  }

  /** Number of toasts open. */
  get size(): number {
    return this.groups.size;
  }
}
