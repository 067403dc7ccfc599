import type { DepartmentOption } from '@qlcv/common/schemas/departments';
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

export interface DepartmentOptionNode extends DepartmentOption {
  children: DepartmentOptionNode[];
}

/** Nests the flat list by parent_id (roots and children keep the server's order, by name). */
export function toDepartmentTree(list: DepartmentOption[]): DepartmentOptionNode[] {
  const nodes = list.map((d) => ({ ...d, children: [] as DepartmentOptionNode[] }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: DepartmentOptionNode[] = [];
  for (const n of nodes) {
    const parent = n.parent_id ? byId.get(n.parent_id) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** GET /api/departments/options: every department, flat (any signed-in user), for the department picker. */
export function getDepartmentOptions(): Promise<DepartmentOption[]> {
  return api.get<DepartmentOption[]>('/api/departments/options', { display: 'ignore' });
}

export function useDepartmentOptions() {
  return useQuery({ queryKey: ['departments', 'options'], queryFn: getDepartmentOptions, staleTime: 60_000 });
}
