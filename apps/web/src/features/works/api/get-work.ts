import type { WorkDetail } from '@qlcv/common/schemas/works';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/works/:id → the work, its request and step, followers, files and what the caller may do. */
export function getWork(id: number): Promise<WorkDetail> {
  return api.get<WorkDetail>(`/api/works/${id}`, { display: 'ignore' });
}

export function useWork(id: number) {
  return useQuery({ queryKey: queryKeys.works.detail(id), queryFn: () => getWork(id), enabled: Number.isInteger(id) && id > 0 });
}
