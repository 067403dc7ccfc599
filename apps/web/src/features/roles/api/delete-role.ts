import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/roles/:id; a refusal (system role, role in use) comes back as a toast with the server's message. */
export function deleteRole(id: number): Promise<void> {
  return api.delete<void>(`/api/roles/${id}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.roles.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.roles.lists() });
    },
  });
}
