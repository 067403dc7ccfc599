import type { UserOption } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/users/options?search=: up to 50 active users (any signed-in user), for the assignee and follower pickers. */
export function getUserOptions(search: string): Promise<UserOption[]> {
  return api.get<UserOption[]>('/api/users/options', { params: { search: search || undefined }, display: 'ignore' });
}

export function useUserOptions(search: string) {
  return useQuery({
    queryKey: ['users', 'options', 'works', search],
    queryFn: () => getUserOptions(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/users/options?ids=: the users behind the picked values, so each shows by name. */
export function getUsersByIds(ids: number[]): Promise<UserOption[]> {
  return api.get<UserOption[]>('/api/users/options', { params: { ids: ids.join(',') }, display: 'ignore' });
}

export function useUsersByIds(ids: number[]) {
  return useQuery({
    queryKey: ['users', 'options', 'works', 'ids', ids],
    queryFn: () => getUsersByIds(ids),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
