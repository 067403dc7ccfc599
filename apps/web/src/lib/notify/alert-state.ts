import { createStore } from '../store';

// Alert state of seed §3: type (default success), message, errors, visible.
export type AlertType = 'success' | 'info' | 'warning' | 'error';

export interface AlertState {
  type: AlertType;
  message: string;
  errors: string[];
  visible: boolean;
}

const initial: AlertState = { type: 'success', message: '', errors: [], visible: false };
export const alertState = createStore<AlertState>(initial);

export function showAlert(message: string, options: { type?: AlertType; errors?: string[] } = {}): void {
  alertState.set({ type: options.type ?? 'success', message, errors: options.errors ?? [], visible: true });
}

export function hideAlert(): void {
  if (alertState.get().visible) alertState.set(initial);
}
