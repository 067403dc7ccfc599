import type { LoginBody, LoginResponse } from '@qlcv/common/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api/requester';

/** POST /api/auth/login → { token, expires_at } */
export function login(body: LoginBody, options?: RequestOptions): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body, options);
}

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => login(body) });
}
