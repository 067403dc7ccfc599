import type { RequestDetail } from '@qlcv/common/schemas/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

export const requestKey = (id: number) => ['requests', 'detail', id] as const;

/** GET /api/requests/:id → the request with its steps, works, files and history. */
export function getRequest(id: number): Promise<RequestDetail> {
  return api.get<RequestDetail>(`/api/requests/${id}`, { display: 'ignore' });
}

export function useRequest(id: number) {
  return useQuery({ queryKey: requestKey(id), queryFn: () => getRequest(id), enabled: Number.isInteger(id) && id > 0 });
}
