import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/users/:id; a refusal (own account, department head…) comes back as a toast with the server's message. */
export function deleteUser(id: number): Promise<void> {
  return api.delete<void>(`/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.users.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.departments.all }),
      ]);
    },
  });
}
