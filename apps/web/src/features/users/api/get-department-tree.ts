import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/departments/tree: departments nested by parent, for the department pickers. */
export function getDepartmentTree(): Promise<DepartmentNode[]> {
  return api.get<DepartmentNode[]>('/api/departments/tree', { display: 'ignore' });
}

export function useDepartmentTree(enabled = true) {
  return useQuery({ queryKey: ['departments', 'tree'], queryFn: getDepartmentTree, enabled });
}
