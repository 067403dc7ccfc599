import type { Paginated } from '@qlcv/common/schemas/common';
import type { Role } from '@qlcv/common/schemas/roles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface RoleListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
}

/** GET /api/roles → a page of roles. */
export function getRoles(query: RoleListQuery): Promise<Paginated<Role>> {
  return api.get<Paginated<Role>>('/api/roles', { params: query, display: 'ignore' });
}

export function useRoles(query: RoleListQuery) {
  return useQuery({ queryKey: queryKeys.roles.list(query), queryFn: () => getRoles(query), placeholderData: keepPreviousData });
}
