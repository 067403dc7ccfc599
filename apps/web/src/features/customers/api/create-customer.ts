import type { CustomerDetail, customerCreateBody } from '@qlcv/common/schemas/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends (the server parses and normalises phones, tax code and province). */
export type CustomerCreateInput = z.input<typeof customerCreateBody>;

/** POST /api/customers → the new customer (errors are shown by the form). */
export function createCustomer(body: CustomerCreateInput): Promise<CustomerDetail> {
  return api.post<CustomerDetail>('/api/customers', body, { display: 'ignore' });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(queryKeys.customers.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() });
    },
  });
}
