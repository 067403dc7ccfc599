import type { User, userCreateBody } from '@qlcv/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends (the server parses and normalises it). */
export type UserCreateInput = z.input<typeof userCreateBody>;

/** POST /api/users → the new user (errors are shown by the form). */
export function createUser(body: UserCreateInput): Promise<User> {
  return api.post<User>('/api/users', body, { display: 'ignore' });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        // Roles and departments show how many people they have.
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.departments.all }),
      ]),
  });
}
