import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/request-types/:id; a refusal (requests use it) comes back as a toast with the server's message. */
export function deleteRequestType(id: number): Promise<void> {
  return api.delete<void>(`/api/request-types/${id}`);
}

export function useDeleteRequestType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestType,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.requestTypes.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.serviceGroups() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.all }),
      ]);
    },
  });
}
