import type { UserOption } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/users/options?search=…: the first active users matching the text (any signed-in user), for the head picker. */
export function searchUsers(search: string): Promise<UserOption[]> {
  return api.get<UserOption[]>('/api/users/options', { params: { search: search || undefined }, display: 'ignore' });
}

export function useSearchUsers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'options', search],
    queryFn: () => searchUsers(search),
    placeholderData: keepPreviousData,
    enabled,
  });
}
