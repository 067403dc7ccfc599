// Seed §4: the token lives in localStorage under the app code + "TOKEN".
export const APP_CODE = 'QLCV';
export const TOKEN_KEY = `${APP_CODE}_TOKEN`;

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function removeToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
}
