import type { Role } from '@qlcv/common/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

export const roleKey = (id: number) => ['roles', 'detail', id] as const;

/** GET /api/roles/:id */
export function getRole(id: number): Promise<Role> {
  return api.get<Role>(`/api/roles/${id}`, { display: 'ignore' });
}

export function useRole(id: number) {
  return useQuery({ queryKey: roleKey(id), queryFn: () => getRole(id), enabled: Number.isInteger(id) && id > 0 });
}
