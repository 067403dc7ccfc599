import type { ProfileColumn } from '@qlcv/common/schemas/auth';
import type { NotificationPreferences, NotificationPreferencesBody } from '@qlcv/common/schemas/notifications';
import type { ChangePasswordBody } from '@qlcv/common/schemas/passwords';
import type { PushSubscribeBody, PushSubscription } from '@qlcv/common/schemas/push-subscriptions';
import type { User } from '@qlcv/common/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { updateUser } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/profile/notification-preferences: for each active event, its channels and whether they are on for me. */
export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/api/profile/notification-preferences', { display: 'ignore' });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: queryKeys.notificationPreferences.all, queryFn: getNotificationPreferences });
}

/** PUT /api/profile/notification-preferences: turns channels of events on or off for oneself. */
export function updateNotificationPreferences(body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('/api/profile/notification-preferences', body);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(queryKeys.notificationPreferences.all, prefs),
  });
}

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

/** PUT /api/profile/password → 204; the user's other sessions are signed out, this one stays. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return api.put<void>('/api/profile/password', body, { display: 'ignore' });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** The profile's push devices: one key, refreshed after a subscribe or a removal. */
export const pushKeys = { devices: ['push-subscriptions'] as const, publicKey: ['push-public-key'] as const };

/** GET /api/profile/push-subscriptions: the browsers I turned notifications on in. */
export function usePushDevices() {
  return useQuery({
    queryKey: pushKeys.devices,
    queryFn: () => api.get<{ data: PushSubscription[] }>('/api/profile/push-subscriptions', { display: 'ignore' }),
  });
}

/** GET /api/push/public-key: the server's VAPID key the browser subscribes with. */
export function getPushPublicKey(): Promise<string> {
  return api.get<{ public_key: string }>('/api/push/public-key').then((r) => r.public_key);
}

/** POST /api/profile/push-subscriptions: this browser's subscription (the same browser again updates its row). */
export function useSavePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscribeBody) => api.post<PushSubscription>('/api/profile/push-subscriptions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

/** DELETE /api/profile/push-subscriptions/:id */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/profile/push-subscriptions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}
