import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/audit-logs?entity=customers&entity_id=N → the customer's history, newest first. */
export function getCustomerHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'customers', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useCustomerHistory(id: number) {
  return useQuery({ queryKey: ['audit-logs', 'customers', id], queryFn: () => getCustomerHistory(id), enabled: id > 0 });
}
