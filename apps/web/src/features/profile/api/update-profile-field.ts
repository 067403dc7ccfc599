import type { ProfileColumn } from '@qlcv/common/schemas/auth';
import type { User } from '@qlcv/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { updateUser } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';

export interface ProfileChange {
  column: ProfileColumn;
  value: string | null;
}

/** PUT /api/profile/partial { column, value } → the updated user (errors are shown beside the field). */
export function updateProfileField(change: ProfileChange): Promise<User> {
  return api.put<User>('/api/profile/partial', change, { display: 'ignore' });
}

export function useUpdateProfileField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileField,
    onSuccess: (user, { column }) => {
      // Seed §3: the changed column is copied into the local user.
      updateUser({ [column]: user[column] });
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
