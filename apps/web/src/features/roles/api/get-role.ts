import type { Role } from '@qlcv/common/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/roles/:id */
export function getRole(id: number): Promise<Role> {
  return api.get<Role>(`/api/roles/${id}`, { display: 'ignore' });
}

export function useRole(id: number) {
  return useQuery({ queryKey: queryKeys.roles.detail(id), queryFn: () => getRole(id), enabled: Number.isInteger(id) && id > 0 });
}
