import type { Department } from '@qlcv/common/schemas/departments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/departments/:id */
export function getDepartment(id: number): Promise<Department> {
  return api.get<Department>(`/api/departments/${id}`, { display: 'ignore' });
}

export function useDepartment(id: number) {
  return useQuery({
    queryKey: queryKeys.departments.detail(id),
    queryFn: () => getDepartment(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
