import { createStore } from '../store';

// Global error state of seed §3/§8.
export interface ErrorState {
  status: number | null;
  code: string | null;
  message: string | null;
}

export const errorState = createStore<ErrorState>({ status: null, code: null, message: null });

export function clearErrorState(): void {
  errorState.set({ status: null, code: null, message: null });
}
