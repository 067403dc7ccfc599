import { useSyncExternalStore } from 'react';

export interface Store<T extends object> {
  get(): T;
  set(patch: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
  /** React hook: re-renders when the selected slice changes (compare by Object.is). */
  use<S>(selector: (state: T) => S): S;
}

/** A minimal global store (the app's few shared states do not need a library). */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    subscribe,
    use: (selector) =>
      useSyncExternalStore(
        subscribe,
        () => selector(state),
        () => selector(state),
      ),
  };
}
