import type { CustomerOption } from '@qlcv/common/schemas/customers';
import type { RequestTypeOption } from '@qlcv/common/schemas/request-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** Who may call GET /api/request-types/options. */
export const REQUEST_TYPE_OPTION_KEYS = ['request_types.index', 'requests.index', 'requests.create', 'requests.edit'] as const;
/** Who may call GET /api/customers/options. */
export const CUSTOMER_OPTION_KEYS = ['customer.index', 'requests.create', 'requests.edit'] as const;

/** GET /api/request-types/options: the active types, by name, for the type picker and filter. */
export function getRequestTypeOptions(): Promise<RequestTypeOption[]> {
  return api.get<RequestTypeOption[]>('/api/request-types/options', { display: 'ignore' });
}

export function useRequestTypeOptions(enabled = true) {
  return useQuery({ queryKey: queryKeys.requestTypes.options(), queryFn: getRequestTypeOptions, enabled, staleTime: 60_000 });
}

/** GET /api/customers/options?search=: the customer picker and filter (first 50 matches, id, code, name, phone). */
export function getCustomerOptions(search: string): Promise<CustomerOption[]> {
  return api.get<CustomerOption[]>('/api/customers/options', {
    params: { search: search || undefined },
    display: 'ignore',
  });
}

export function useCustomerOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.customers.options(search),
    queryFn: () => getCustomerOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}
