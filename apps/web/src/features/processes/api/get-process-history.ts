import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/audit-logs?entity=processes&entity_id=N → the process's history (its steps' changes included), newest first. */
export function getProcessHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'processes', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useProcessHistory(id: number) {
  return useQuery({ queryKey: ['audit-logs', 'processes', id], queryFn: () => getProcessHistory(id), enabled: id > 0 });
}
