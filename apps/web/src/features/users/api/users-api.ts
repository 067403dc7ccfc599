import type { RoleOption } from '@qlcv/common/schemas/roles';
import type { User, userCreateBody, userUpdateBody } from '@qlcv/common/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { authState, updateUser as updateAuthUser } from '@/lib/auth/auth-store';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';
import type { UserListQuery } from './users-list-api';

/** GET /api/roles/options: every role (id, code, name), for the role pickers; `roles.index`, `users.create` or `users.edit`. */
export function getRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>('/api/roles/options', { display: 'ignore' });
}

export function useRoleOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.roles.options(),
    queryFn: getRoleOptions,
    select: (roles) => roles.map((r) => ({ value: r.id, label: r.name, code: r.code })),
  });
}

/** GET /api/users/:id */
export function getUser(id: number): Promise<User> {
  return api.get<User>(`/api/users/${id}`, { display: 'ignore' });
}

export function useUser(id: number) {
  return useQuery({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id), enabled: Number.isInteger(id) && id > 0 });
}

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

/** GET /api/users with `X-Export: xlsx`: every user matching the filters, saved as nguoi-dung-YYYY-MM-DD.xlsx. */
export function exportUsers(query: Omit<UserListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/users', query, `nguoi-dung-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}

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
