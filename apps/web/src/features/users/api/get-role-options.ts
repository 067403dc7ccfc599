import type { Paginated } from '@qlcv/common/schemas/common';
import type { Role } from '@qlcv/common/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/roles?per_page=all: every role, for the role pickers. */
export function getRoleOptions(): Promise<Paginated<Role>> {
  return api.get<Paginated<Role>>('/api/roles', { params: { per_page: 'all', sort: 'name' }, display: 'ignore' });
}

export function useRoleOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['roles', 'options'],
    queryFn: getRoleOptions,
    select: (page) => page.data.map((r) => ({ value: r.id, label: r.name, code: r.code })),
  });
}
