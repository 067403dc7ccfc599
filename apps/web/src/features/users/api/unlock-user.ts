import type { User } from '@qlcv/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/users/:id/unlock: the user may sign in again. */
export function unlockUser(id: number): Promise<User> {
  return api.post<User>(`/api/users/${id}/unlock`);
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.history(user.id) }),
      ]);
    },
  });
}
