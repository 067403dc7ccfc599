import type { ChangePasswordBody } from '@qlcv/common/schemas/passwords';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** PUT /api/profile/password → 204; the user's other sessions are signed out, this one stays. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.put<void>('/api/profile/password', body, { display: 'ignore' });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
