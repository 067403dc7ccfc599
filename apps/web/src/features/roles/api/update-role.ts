import type { Role, roleUpdateBody } from '@qlcv/common/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { authState, loadProfile } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends (the server parses and normalises it). */
export type RoleUpdateBodyInput = z.input<typeof roleUpdateBody>;

/** PUT /api/roles/:id with the version that was loaded; an old version answers 409. */
export function updateRole(id: number, body: RoleUpdateBodyInput): Promise<Role> {
  return api.put<Role>(`/api/roles/${id}`, body, { display: 'ignore' });
}

export function useUpdateRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleUpdateBodyInput) => updateRole(id, body),
    onSuccess: async (role) => {
      queryClient.setQueryData(queryKeys.roles.detail(id), role);
      // One's own role changed: reload the profile so the menu and guards follow the new permissions.
      if (authState.get().user?.role_id === role.id) loadProfile().catch(() => undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.history(id) }),
      ]);
    },
  });
}
