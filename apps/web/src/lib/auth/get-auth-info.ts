import type { AuthInfo } from '@qlcv/common/schemas/users';
import { api } from '../api/requester';
import { getToken } from './token';

/** The profile call started by public/boot.js before the modules arrived (null when it failed). */
type EarlyProfile = { token: string; answer: Promise<AuthInfo | null> };

/** GET /api/auth/info: the signed-in user and their permission codes. */
export async function getAuthInfo(): Promise<AuthInfo> {
  const holder = globalThis as { __QLCV_EARLY_PROFILE__?: EarlyProfile };
  const early = holder.__QLCV_EARLY_PROFILE__;
  // Taken once: a later call (after sign-in, a role change) asks the server again.
  delete holder.__QLCV_EARLY_PROFILE__;
  if (early && early.token === getToken()) {
    const info = await early.answer;
    if (info && early.token === getToken()) return info;
  }
  return api.get<AuthInfo>('/api/auth/info', { display: 'notification' });
}
