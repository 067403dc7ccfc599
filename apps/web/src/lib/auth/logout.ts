import { api } from '../api/requester';

/** POST /api/auth/logout; its failure is ignored (seed §4). */
export async function logoutRequest(): Promise<void> {
  try {
    await api.post<void>('/api/auth/logout', undefined, { display: 'ignore' });
  } catch {
    // The local session is cleared anyway.
  }
}
