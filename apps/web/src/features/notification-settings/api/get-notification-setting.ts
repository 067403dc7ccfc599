import type { NotificationSetting } from '@qlcv/common/schemas/notification-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/notification-settings/:id */
export function getNotificationSetting(id: number): Promise<NotificationSetting> {
  return api.get<NotificationSetting>(`/api/notification-settings/${id}`, { display: 'ignore' });
}

export function useNotificationSetting(id: number) {
  return useQuery({
    queryKey: queryKeys.notificationSettings.detail(id),
    queryFn: () => getNotificationSetting(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
