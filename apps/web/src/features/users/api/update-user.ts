import type { User, userUpdateBody } from '@qlcv/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { authState, updateUser as updateAuthUser } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends; `password` left out keeps the current one. */
export type UserUpdateInput = z.input<typeof userUpdateBody>;

/** PUT /api/users/:id with the version that was loaded; an old version answers 409. */
export function updateUser(id: number, body: UserUpdateInput): Promise<User> {
  return api.put<User>(`/api/users/${id}`, body, { display: 'ignore' });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateInput) => updateUser(id, body),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.users.detail(id), user);
      // Editing oneself: the header and the dashboard show the new details at once.
      if (authState.get().user?.id === user.id) updateAuthUser(user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.byRoles() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.history(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.departments.all }),
      ]);
    },
  });
}
