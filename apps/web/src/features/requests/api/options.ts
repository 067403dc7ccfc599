import type { Paginated } from '@qlcv/common/schemas/common';
import type { Customer } from '@qlcv/common/schemas/customers';
import type { RequestType } from '@qlcv/common/schemas/request-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/request-types (active ones, by name): the type picker; needs `request_types.index`. */
export function getRequestTypeOptions(): Promise<Paginated<RequestType>> {
  return api.get<Paginated<RequestType>>('/api/request-types', {
    params: { per_page: 'all', sort: 'name', active: 'true' },
    display: 'ignore',
  });
}

export function useRequestTypeOptions(enabled = true) {
  return useQuery({ queryKey: ['request-types', 'options'], queryFn: getRequestTypeOptions, enabled, staleTime: 60_000 });
}

/** GET /api/customers?search=: the customer picker (first 20 matches); needs `customer.index`. */
export function getCustomerOptions(search: string): Promise<Paginated<Customer>> {
  return api.get<Paginated<Customer>>('/api/customers', {
    params: { search: search || undefined, per_page: 20, sort: 'name' },
    display: 'ignore',
  });
}

export function useCustomerOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: ['customers', 'options', search],
    queryFn: () => getCustomerOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}
