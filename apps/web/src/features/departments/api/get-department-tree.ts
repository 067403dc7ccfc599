import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/departments/tree: every department, nested by parent. */
export function getDepartmentTree(): Promise<DepartmentNode[]> {
  return api.get<DepartmentNode[]>('/api/departments/tree', { display: 'ignore' });
}

export function useDepartmentTree() {
  return useQuery({ queryKey: queryKeys.departments.tree(), queryFn: getDepartmentTree });
}
