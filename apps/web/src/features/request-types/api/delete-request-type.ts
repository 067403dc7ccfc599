import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** DELETE /api/request-types/:id; a refusal (requests use it) comes back as a toast with the server's message. */
export function deleteRequestType(id: number): Promise<void> {
  return api.delete<void>(`/api/request-types/${id}`);
}

export function useDeleteRequestType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestType,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['request-types', 'detail', id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['request-types', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['request-types', 'service-groups'] }),
        queryClient.invalidateQueries({ queryKey: ['processes'] }),
      ]);
    },
  });
}
