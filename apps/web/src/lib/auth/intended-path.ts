// The page a guest asked for, so sign-in can bring them back to it (the login URL stays /auth/login).
const KEY = 'QLCV_INTENDED_PATH';

export function rememberIntendedPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // storage unavailable
  }
}

/** Returns the remembered path once, only if it is a local path. */
export function takeIntendedPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth/') ? path : null;
  } catch {
    return null;
  }
}
