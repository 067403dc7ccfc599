import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** DELETE /api/users/:id; a refusal (own account, department head…) comes back as a toast with the server's message. */
export function deleteUser(id: number): Promise<void> {
  return api.delete<void>(`/api/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['users', 'detail', id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
        queryClient.invalidateQueries({ queryKey: ['departments'] }),
      ]);
    },
  });
}
