import type { RoleOption } from '@qlcv/common/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/roles/options: every role (id, code, name), for the role pickers; `roles.index`, `users.create` or `users.edit`. */
export function getRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>('/api/roles/options', { display: 'ignore' });
}

export function useRoleOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.roles.options(),
    queryFn: getRoleOptions,
    select: (roles) => roles.map((r) => ({ value: r.id, label: r.name, code: r.code })),
  });
}
