import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/audit-logs?entity=request_types&entity_id=N → the type's history, newest first. */
export function getRequestTypeHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'request_types', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useRequestTypeHistory(id: number) {
  return useQuery({ queryKey: ['audit-logs', 'request_types', id], queryFn: () => getRequestTypeHistory(id), enabled: id > 0 });
}
