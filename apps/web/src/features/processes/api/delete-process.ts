import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/processes/:id; a refusal (used by request types or requests) comes back as a toast with the server's message. */
export function deleteProcess(id: number): Promise<void> {
  return api.delete<void>(`/api/processes/${id}`);
}

export function useDeleteProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProcess,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.processes.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() });
    },
  });
}
