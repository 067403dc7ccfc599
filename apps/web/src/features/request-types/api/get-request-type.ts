import type { RequestType } from '@qlcv/common/schemas/request-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/request-types/:id */
export function getRequestType(id: number): Promise<RequestType> {
  return api.get<RequestType>(`/api/request-types/${id}`, { display: 'ignore' });
}

export function useRequestType(id: number) {
  return useQuery({
    queryKey: queryKeys.requestTypes.detail(id),
    queryFn: () => getRequestType(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
