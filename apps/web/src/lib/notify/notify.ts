import { HELPER_TOAST_POSITION, type ToastApi, ToastGroups, type ToastOptions } from './toast';

let api: ToastApi | null = null;

/** Called by <NotificationHost/> once Ant Design's notification API is mounted. */
export function registerToastApi(next: ToastApi | null): void {
  api = next;
}

const groups = new ToastGroups(() => api);

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
