import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import type { WorkDetail } from '@qlcv/common/schemas/works';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

export const workKey = (id: number) => ['works', 'detail', id] as const;

/** GET /api/works/:id → the work, its request and step, followers, files and what the caller may do. */
export function getWork(id: number): Promise<WorkDetail> {
  return api.get<WorkDetail>(`/api/works/${id}`, { display: 'ignore' });
}

export function useWork(id: number) {
  return useQuery({ queryKey: workKey(id), queryFn: () => getWork(id), enabled: Number.isInteger(id) && id > 0 });
}

/** GET /api/audit-logs?entity=works&entity_id=N → the work's history, newest first (needs `works.show`). */
export function getWorkHistory(id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity: 'works', entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useWorkHistory(id: number, enabled = true) {
  return useQuery({ queryKey: ['works', 'history', id], queryFn: () => getWorkHistory(id), enabled: enabled && id > 0 });
}
