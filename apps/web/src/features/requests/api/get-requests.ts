import type { Paginated } from '@qlcv/common/schemas/common';
import type { RequestRecord } from '@qlcv/common/schemas/requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface RequestListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** Statuses, comma-separated. */
  status?: string;
  request_type_id?: string | number;
  /** Priorities, comma-separated. */
  priority?: string;
  customer_id?: string | number;
  /** Created on or after / before this day (YYYY-MM-DD). */
  from?: string;
  to?: string;
  overdue?: string;
}

/** GET /api/requests → a page of requests with their type and customer. */
export function getRequests(query: RequestListQuery): Promise<Paginated<RequestRecord>> {
  return api.get<Paginated<RequestRecord>>('/api/requests', { params: query, display: 'ignore' });
}

export function useRequests(query: RequestListQuery) {
  return useQuery({
    queryKey: queryKeys.requests.list(query),
    queryFn: () => getRequests(query),
    placeholderData: keepPreviousData,
  });
}
