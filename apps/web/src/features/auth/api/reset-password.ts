import type { ResetPasswordBody } from '@qlcv/common/schemas/passwords';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** PUT /api/auth/reset-password → 204 */
export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return api.put<void>('/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
