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

// The session ended under the person (a 401 on a signed-in call): the login page says so until they sign in again.
const EXPIRED_KEY = 'QLCV_SESSION_EXPIRED';

export function rememberSessionExpired(): void {
  try {
    sessionStorage.setItem(EXPIRED_KEY, '1');
  } catch {
    // storage unavailable
  }
}

export function sessionExpired(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionExpired(): void {
  try {
    sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // storage unavailable
  }
}
