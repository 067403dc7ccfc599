import type { NotificationPreferences } from '@qlcv/common/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/profile/notification-preferences: for each active event, its channels and whether they are on for me. */
export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/api/profile/notification-preferences', { display: 'ignore' });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: queryKeys.notificationPreferences.all, queryFn: getNotificationPreferences });
}
