import type { Paginated } from '@qlcv/common/schemas/common';
import type { Notification } from '@qlcv/common/schemas/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** A notification as both the list and the live stream send it. */
export type NotificationItem = Notification;

export interface NotificationListQuery {
  page?: number;
  per_page?: number;
  /** Unread only, or read only; both when absent. */
  status?: 'read' | 'unread';
}

/** GET /api/notifications → a page of the user's notifications, unread first. */
export function getNotifications(query: NotificationListQuery): Promise<Paginated<NotificationItem>> {
  return api.get<Paginated<NotificationItem>>('/api/notifications', { params: query, display: 'ignore' });
}

export function useNotifications(query: NotificationListQuery) {
  return useQuery({
    queryKey: queryKeys.notifications.list(query),
    queryFn: () => getNotifications(query),
    placeholderData: keepPreviousData,
  });
}

/** The bell's drop-down: the latest 8. */
export const LATEST_QUERY: NotificationListQuery = { page: 1, per_page: 8 };

export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.list(LATEST_QUERY),
    queryFn: () => getNotifications(LATEST_QUERY),
    enabled,
  });
}
