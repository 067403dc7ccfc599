import type { Role, roleCreateBody } from '@qlcv/common/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends (the server parses and normalises it). */
export type RoleCreateBodyInput = z.input<typeof roleCreateBody>;

/** POST /api/roles → the new role (errors are shown by the form). */
export function createRole(body: RoleCreateBodyInput): Promise<Role> {
  return api.post<Role>('/api/roles', body, { display: 'ignore' });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
  });
}
