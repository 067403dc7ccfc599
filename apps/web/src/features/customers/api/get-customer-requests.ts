import type { Paginated } from '@qlcv/common/schemas/common';
import type { CustomerRequest } from '@qlcv/common/schemas/customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface CustomerRequestsQuery {
  page?: number;
  per_page?: number | 'all';
  /** `created_at` or `code`, `-` for descending. */
  sort?: string;
}

/** GET /api/customers/:id/requests → a page of the customer's requests, newest first unless sorted. */
export function getCustomerRequests(id: number, query: CustomerRequestsQuery): Promise<Paginated<CustomerRequest>> {
  return api.get<Paginated<CustomerRequest>>(`/api/customers/${id}/requests`, { params: query, display: 'ignore' });
}

export function useCustomerRequests(id: number, query: CustomerRequestsQuery) {
  return useQuery({
    queryKey: queryKeys.customers.requests(id, query),
    queryFn: () => getCustomerRequests(id, query),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}
