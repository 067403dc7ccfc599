import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/customers/:id; a refusal (the customer still has requests) comes back as a toast with the server's message. */
export function deleteCustomer(id: number): Promise<void> {
  return api.delete<void>(`/api/customers/${id}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.customers.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() });
    },
  });
}
