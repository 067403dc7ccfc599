import type { RequestDetail } from '@qlcv/common/schemas/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/requests/:id → the request with its steps, works, files and history. */
export function getRequest(id: number): Promise<RequestDetail> {
  return api.get<RequestDetail>(`/api/requests/${id}`, { display: 'ignore' });
}

export function useRequest(id: number) {
  return useQuery({
    queryKey: queryKeys.requests.detail(id),
    queryFn: () => getRequest(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
