import type { Paginated } from '@qlcv/common/schemas/common';
import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import type { User } from '@qlcv/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/users (active, by name): the assignee and follower pickers; needs `users.index`. */
export function getUserOptions(): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', {
    params: { per_page: 'all', sort: 'name', status: 'active' },
    display: 'ignore',
  });
}

export function useUserOptions(enabled = true) {
  return useQuery({ queryKey: ['users', 'options'], queryFn: getUserOptions, enabled, staleTime: 60_000 });
}

/** GET /api/departments/tree: the department picker; needs `departments.index`. */
export function getDepartmentTree(): Promise<DepartmentNode[]> {
  return api.get<DepartmentNode[]>('/api/departments/tree', { display: 'ignore' });
}

export function useDepartmentTree(enabled = true) {
  return useQuery({ queryKey: ['departments', 'tree'], queryFn: getDepartmentTree, enabled, staleTime: 60_000 });
}
