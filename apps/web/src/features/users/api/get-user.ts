import type { User } from '@qlcv/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/:id */
export function getUser(id: number): Promise<User> {
  return api.get<User>(`/api/users/${id}`, { display: 'ignore' });
}

export function useUser(id: number) {
  return useQuery({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id), enabled: Number.isInteger(id) && id > 0 });
}
