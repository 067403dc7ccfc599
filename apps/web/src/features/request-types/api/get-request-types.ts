import type { Paginated } from '@qlcv/common/schemas/common';
import type { RequestType } from '@qlcv/common/schemas/request-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface RequestTypeListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `true` / `false`: offered on the public page or not. */
  is_public?: string;
  /** `true` / `false`: in use or not. */
  active?: string;
  process_id?: string | number;
}

/** GET /api/request-types → a page of request types with their process. */
export function getRequestTypes(query: RequestTypeListQuery): Promise<Paginated<RequestType>> {
  return api.get<Paginated<RequestType>>('/api/request-types', { params: query, display: 'ignore' });
}

export function useRequestTypes(query: RequestTypeListQuery) {
  return useQuery({
    queryKey: queryKeys.requestTypes.list(query),
    queryFn: () => getRequestTypes(query),
    placeholderData: keepPreviousData,
  });
}
