import type { Paginated } from '@qlcv/common/schemas/common';
import type { User } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/users?search=…: the first active users matching the text, for the head-of-department picker. */
export function searchUsers(search: string): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', {
    params: { search: search || undefined, status: 'active', per_page: 20, sort: 'name' },
    display: 'ignore',
  });
}

export function useSearchUsers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'options', search],
    queryFn: () => searchUsers(search),
    placeholderData: keepPreviousData,
    enabled,
  });
}
