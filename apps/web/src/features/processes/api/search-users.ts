import type { UserOption } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

export interface UserSearch {
  search: string;
  /** The department and every department under it. */
  department_id?: number;
}

/** GET /api/users/options?search=…&department_id=…: up to 50 active users (any signed-in user), for the step's assignee. */
export function searchUsers(query: UserSearch): Promise<UserOption[]> {
  return api.get<UserOption[]>('/api/users/options', {
    params: { search: query.search || undefined, department_id: query.department_id },
    display: 'ignore',
  });
}

export function useSearchUsers(query: UserSearch, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'options', 'step-assignee', query],
    queryFn: () => searchUsers(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
