import type { AuthInfo } from '@qlcv/common/schemas/users';
import { api } from '../api/requester';

/** GET /api/auth/info: the signed-in user and their permission codes. */
export function getAuthInfo(): Promise<AuthInfo> {
  return api.get<AuthInfo>('/api/auth/info', { display: 'notification' });
}
