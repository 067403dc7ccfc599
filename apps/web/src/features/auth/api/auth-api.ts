import type { LoginBody, LoginResponse } from '@qlcv/common/schemas/auth';
import type { ResetPasswordBody } from '@qlcv/common/schemas/passwords';
import { useMutation } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api/requester';

/** POST /api/auth/login → { token, expires_at } */
export function login(body: LoginBody, options?: RequestOptions): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body, options);
}

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => login(body) });
}

/** POST /api/auth/reset-password/otp: sends a 6-digit code to the mobile (same answer whether it exists or not). */
export function requestResetOtp(mobile: string): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/api/auth/reset-password/otp', { mobile });
}

export function useRequestResetOtp() {
  return useMutation({ mutationFn: requestResetOtp });
}

/** PUT /api/auth/reset-password → 204 */
export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return api.put<void>('/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
