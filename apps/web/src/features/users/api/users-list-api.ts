// The users list alone: app/route-prefetch.ts imports it into the first load (users-api.ts there would bring every
// users call with it), so it is the one API file besides <feature>-api.ts.
import type { Paginated } from '@qlcv/common/schemas/common';
import type { User } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface UserListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  role_id?: string | number;
  department_id?: string | number;
  /** `active`, `locked` or both, comma-separated. */
  status?: string;
}

/** GET /api/users → a page of users, filtered by role, department and status. */
export function getUsers(query: UserListQuery): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', { params: query, display: 'ignore' });
}

export function useUsers(query: UserListQuery) {
  return useQuery({ queryKey: queryKeys.users.list(query), queryFn: () => getUsers(query), placeholderData: keepPreviousData });
}
