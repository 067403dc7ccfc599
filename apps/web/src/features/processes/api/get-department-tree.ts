import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/departments/tree: departments nested by parent, for the step's "phòng ban phụ trách". */
export function getDepartmentTree(): Promise<DepartmentNode[]> {
  return api.get<DepartmentNode[]>('/api/departments/tree', { display: 'ignore' });
}

export function useDepartmentTree() {
  return useQuery({ queryKey: ['departments', 'tree'], queryFn: getDepartmentTree });
}
