import { createStore } from './store';

// App state of seed §3: mode, direction, loading flag, breadcrumbs.
export interface Breadcrumb {
  label: string;
  /** Link of the crumb; the last one (the page itself) has none. */
  to?: string;
}

export interface AppState {
  mode: 'light';
  direction: 'ltr';
  loading: boolean;
  breadcrumbs: Breadcrumb[];
}

/** Seed §9: the loading overlay hides 1000 ms after it is told to. */
export const LOADING_HIDE_DELAY_MS = 1000;

export const appState = createStore<AppState>({ mode: 'light', direction: 'ltr', loading: false, breadcrumbs: [] });

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the full-page loading overlay now. */
export function showLoading(): void {
  clearTimeout(hideTimer);
  appState.set({ loading: true });
}

/** Hides the overlay after `delay` ms (1000 by default). */
export function hideLoading(delay = LOADING_HIDE_DELAY_MS): void {
  clearTimeout(hideTimer);
  if (delay <= 0) appState.set({ loading: false });
  else hideTimer = setTimeout(() => appState.set({ loading: false }), delay);
}

export function setBreadcrumbs(breadcrumbs: Breadcrumb[]): void {
  appState.set({ breadcrumbs });
}
