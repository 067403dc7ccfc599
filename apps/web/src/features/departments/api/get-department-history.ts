import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/audit-logs?entity=departments&entity_id=N → the department's history, newest first. */
export function getDepartmentHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'departments', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useDepartmentHistory(id: number) {
  return useQuery({ queryKey: ['audit-logs', 'departments', id], queryFn: () => getDepartmentHistory(id), enabled: id > 0 });
}
