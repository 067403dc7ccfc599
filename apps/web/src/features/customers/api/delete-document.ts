import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** DELETE /api/documents/:id: removes an attachment (the customer's `edit` key is needed); a refusal shows as a toast. */
export function deleteDocument(id: number): Promise<void> {
  return api.delete<void>(`/api/documents/${id}`);
}

/** `customerId`: the customer whose attachment list is refreshed afterwards. */
export function useDeleteDocument(customerId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => (customerId ? queryClient.invalidateQueries({ queryKey: ['customers', 'detail', customerId] }) : undefined),
  });
}
