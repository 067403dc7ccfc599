import type { Paginated } from '@qlcv/common/schemas/common';
import type { User } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

export interface UserSearch {
  search: string;
  /** One department exactly (the API does not include its sub-departments). */
  department_id?: number;
}

/** GET /api/users?status=active&search=…: active users matching the text, for the step's default assignee. */
export function searchUsers(query: UserSearch): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', {
    params: {
      search: query.search || undefined,
      department_id: query.department_id,
      status: 'active',
      per_page: 50,
      sort: 'name',
    },
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
