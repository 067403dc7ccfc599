import type { NotificationPreferences, NotificationPreferencesBody } from '@qlcv/common/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
