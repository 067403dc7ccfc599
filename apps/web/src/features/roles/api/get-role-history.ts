import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/audit-logs?entity=roles&entity_id=N → the role's history, newest first. */
export function getRoleHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'roles', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useRoleHistory(id: number) {
  return useQuery({ queryKey: ['audit-logs', 'roles', id], queryFn: () => getRoleHistory(id), enabled: id > 0 });
}
