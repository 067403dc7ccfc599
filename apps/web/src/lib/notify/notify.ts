import { HELPER_TOAST_POSITION, type ToastApi, type ToastArgs, ToastGroups, type ToastOptions } from './toast';

let api: ToastApi | null = null;
// Toasts asked for before the host is mounted (it loads lazily with Ant Design): shown once it is.
const pending: ToastArgs[] = [];
const MAX_PENDING = 20;
let hostWanted = false;
let wantListener: (() => void) | null = null;

/** Called by <NotificationHost/> once Ant Design's notification API is mounted; shows what waited for it. */
export function registerToastApi(next: ToastApi | null): void {
  api = next;
  if (next) for (const args of pending.splice(0)) next.open(args);
}

/** Asks the root providers to mount the toast host (idempotent). */
export function wantToastHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  wantListener?.();
}

/** The root providers listen here to mount the host when it is first wanted; returns the unsubscribe. */
export function onToastHostWanted(listener: () => void): () => void {
  wantListener = listener;
  if (hostWanted) listener();
  return () => {
    if (wantListener === listener) wantListener = null;
  };
}

const waiting: ToastApi = {
  open(args) {
    if (pending.length < MAX_PENDING) pending.push(args);
    wantToastHost();
  },
};

const groups = new ToastGroups(() => api ?? waiting);

/** Shows a toast (bottom, 5000 ms unless told otherwise); repeats of an open toast raise its counter. */
export function notify(options: ToastOptions): void {
  groups.show(options);
}

type HelperOptions = Omit<ToastOptions, 'type' | 'message'>;
const helper =
  (type: ToastOptions['type']) =>
  (message: string, options: HelperOptions = {}) =>
    notify({ position: HELPER_TOAST_POSITION, ...options, type, message });

/** Helpers place toasts at the top right. */
export const notifySuccess = helper('success');
export const notifyError = helper('error');
export const notifyInfo = helper('info');
export const notifyWarning = helper('warning');
