import type { Paginated } from '@qlcv/common/schemas/common';
import type { Role, roleCreateBody, roleUpdateBody } from '@qlcv/common/schemas/roles';
import type { User } from '@qlcv/common/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { authState, loadProfile } from '@/lib/auth/auth-store';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users?role_id=N: the first people holding the role (shown on the role's page). */
export function getRoleUsers(roleId: number): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', { params: { role_id: roleId, per_page: 10, sort: 'name' }, display: 'ignore' });
}

export function useRoleUsers(roleId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.byRole(roleId),
    queryFn: () => getRoleUsers(roleId),
    enabled: enabled && roleId > 0,
  });
}

/** GET /api/roles/:id */
export function getRole(id: number): Promise<Role> {
  return api.get<Role>(`/api/roles/${id}`, { display: 'ignore' });
}

export function useRole(id: number) {
  return useQuery({ queryKey: queryKeys.roles.detail(id), queryFn: () => getRole(id), enabled: Number.isInteger(id) && id > 0 });
}

export interface RoleListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
}

/** GET /api/roles → a page of roles. */
export function getRoles(query: RoleListQuery): Promise<Paginated<Role>> {
  return api.get<Paginated<Role>>('/api/roles', { params: query, display: 'ignore' });
}

export function useRoles(query: RoleListQuery) {
  return useQuery({ queryKey: queryKeys.roles.list(query), queryFn: () => getRoles(query), placeholderData: keepPreviousData });
}

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

/** GET /api/roles with `X-Export: xlsx`: every role matching the search, saved as vai-tro-YYYY-MM-DD.xlsx. */
export function exportRoles(query: { search?: string; sort?: string }): Promise<void> {
  return api.download('/api/roles', query, `vai-tro-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportRoles() {
  return useMutation({ mutationFn: exportRoles });
}
