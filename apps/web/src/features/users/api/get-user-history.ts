import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/audit-logs?entity=users&entity_id=N → the user's history, newest first. */
export function getUserHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'users', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useUserHistory(id: number) {
  return useQuery({ queryKey: ['audit-logs', 'users', id], queryFn: () => getUserHistory(id), enabled: id > 0 });
}
