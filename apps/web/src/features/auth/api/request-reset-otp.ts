import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** POST /api/auth/reset-password/otp: sends a 6-digit code to the mobile (same answer whether it exists or not). */
export function requestResetOtp(mobile: string): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/api/auth/reset-password/otp', { mobile });
}

export function useRequestResetOtp() {
  return useMutation({ mutationFn: requestResetOtp });
}
