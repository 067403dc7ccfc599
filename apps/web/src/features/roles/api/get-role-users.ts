import type { Paginated } from '@qlcv/common/schemas/common';
import type { User } from '@qlcv/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users?role_id=N: the first people holding the role (shown on the role's page). */
export function getRoleUsers(roleId: number): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', { params: { role_id: roleId, per_page: 10, sort: 'name' }, display: 'ignore' });
}

export function useRoleUsers(roleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.byRole(roleId),
    queryFn: () => getRoleUsers(roleId),
    enabled: enabled && roleId > 0,
  });
}
