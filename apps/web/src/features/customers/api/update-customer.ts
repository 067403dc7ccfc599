import type { CustomerDetail, customerUpdateBody } from '@qlcv/common/schemas/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends, with the version that was loaded. */
export type CustomerUpdateInput = z.input<typeof customerUpdateBody>;

/** PUT /api/customers/:id; an old version answers 409. New `attachment_ids` are attached to the customer. */
export function updateCustomer(id: number, body: CustomerUpdateInput): Promise<CustomerDetail> {
  return api.put<CustomerDetail>(`/api/customers/${id}`, body, { display: 'ignore' });
}

export function useUpdateCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdateInput) => updateCustomer(id, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(queryKeys.customers.detail(id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.history(id) }),
      ]);
    },
  });
}
