import type { AuthInfo } from '@qlcv/common/schemas/users';
import { setUnauthorizedHandler } from '../api/client';
import { queryClient } from '../query-client';
import { createStore } from '../store';
import { getAuthInfo } from './get-auth-info';
import { forgetSessionExpired, rememberIntendedPath, rememberSessionExpired } from './intended-path';
import { logoutRequest } from './logout';
import { getToken, removeToken, saveToken } from './token';

// Auth state of seed §3/§4.
/** The user with the departments they head (`headed_department_ids`). */
export type AuthUser = AuthInfo['user'];

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  permissions: string[];
  /** Expiry of the token in ms since epoch; 0 when unknown or signed out. */
  expiresAt: number;
}

export const authState = createStore<AuthState>({ token: getToken(), user: null, permissions: [], expiresAt: 0 });

export const isSignedIn = () => !!getToken();

/** After a successful login: keep the token (localStorage QLCV_TOKEN). */
export function signIn(login: { token: string; expires_at: string }): void {
  forgetSessionExpired();
  saveToken(login.token);
  const expiresAt = Date.parse(login.expires_at);
  authState.set({ token: login.token, user: null, permissions: [], expiresAt: Number.isNaN(expiresAt) ? 0 : expiresAt });
}

let pending: Promise<void> | null = null;

/** Loads the profile once (concurrent callers share the call); rejects when it fails. */
export function loadProfile(): Promise<void> {
  pending ??= getAuthInfo()
    .then((info) => {
      authState.set({ user: info.user, permissions: info.permissions_code });
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Removes every trace of the session: token, profile, permissions, expiry, cached data. */
export function clearAuth(): void {
  removeToken();
  authState.set({ token: null, user: null, permissions: [], expiresAt: 0 });
  queryClient.clear();
}

/** Logout: tells the server (failure ignored), then clears local data. */
export async function signOut(): Promise<void> {
  if (getToken()) await logoutRequest();
  clearAuth();
  forgetSessionExpired();
}

/** Copies changed columns (e.g. from PUT /api/profile/partial) into the local user. */
export function updateUser(patch: Partial<AuthUser>): void {
  const user = authState.get().user;
  if (user) authState.set({ user: { ...user, ...patch } });
}

export const useAuthUser = () => authState.use((s) => s.user);
export const usePermissions = () => authState.use((s) => s.permissions);

/**
 * Where a 401 on a signed-in call sends the user; the router registers the navigation. The login page then says the
 * session ended (seed §8's text) and signing in brings them back to the page they were on.
 */
export function installSessionExpiry(goToLogin: () => void): void {
  setUnauthorizedHandler(() => {
    // Several calls failing together end one session: the first one decides (later ones would remember the login page).
    if (!getToken()) return;
    rememberIntendedPath(window.location.pathname + window.location.search);
    clearAuth();
    rememberSessionExpired();
    goToLogin();
  });
}
