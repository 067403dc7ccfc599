import type { DepartmentOption } from '@qlcv/common/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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

/** GET /api/departments/options: every department, flat (any signed-in user), for the department pickers. */
export function getDepartmentOptions(): Promise<DepartmentOption[]> {
  return api.get<DepartmentOption[]>('/api/departments/options', { display: 'ignore' });
}

/** The flat list (names by id, e.g. beside a user's name). */
export function useDepartmentOptions() {
  return useQuery({ queryKey: queryKeys.departments.options(), queryFn: getDepartmentOptions, staleTime: 60_000 });
}

/** The same list as a tree. */
export function useDepartmentTree(enabled = true) {
  return useQuery({
    queryKey: queryKeys.departments.options(),
    queryFn: getDepartmentOptions,
    select: toDepartmentTree,
    enabled,
  });
}
