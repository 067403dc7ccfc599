import type { Paginated } from '@qlcv/common/schemas/common';
import type { NotificationSetting } from '@qlcv/common/schemas/notification-settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface NotificationSettingListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  event?: string;
  active?: string;
}

/** GET /api/notification-settings → a page of settings (one per event). */
export function getNotificationSettings(query: NotificationSettingListQuery): Promise<Paginated<NotificationSetting>> {
  return api.get<Paginated<NotificationSetting>>('/api/notification-settings', { params: query, display: 'ignore' });
}

export function useNotificationSettings(query: NotificationSettingListQuery) {
  return useQuery({
    queryKey: queryKeys.notificationSettings.list(query),
    queryFn: () => getNotificationSettings(query),
    placeholderData: keepPreviousData,
  });
}
