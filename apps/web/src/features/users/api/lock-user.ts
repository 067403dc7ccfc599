import type { User } from '@qlcv/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/users/:id/lock: the user can no longer sign in and is signed out everywhere. */
export function lockUser(id: number): Promise<User> {
  return api.post<User>(`/api/users/${id}/lock`);
}

export function useLockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockUser,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.history(user.id) }),
      ]);
    },
  });
}
