import type { Paginated } from '@qlcv/common/schemas/common';
import type { Customer } from '@qlcv/common/schemas/customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface CustomerListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `organization`, `individual`, comma-separated. */
  type?: string;
  /** `public`, `staff`, comma-separated. */
  source?: string;
  /** Official province names, comma-separated. */
  province?: string;
}

/** GET /api/customers → a page of customers, filtered by type, source and province. */
export function getCustomers(query: CustomerListQuery): Promise<Paginated<Customer>> {
  return api.get<Paginated<Customer>>('/api/customers', { params: query, display: 'ignore' });
}

export function useCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: queryKeys.customers.list(query),
    queryFn: () => getCustomers(query),
    placeholderData: keepPreviousData,
  });
}
