import type { Paginated } from '@qlcv/common/schemas/common';
import type { Notification } from '@qlcv/common/schemas/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /api/notifications/unread-count → the bell's badge. */
export function getUnreadCount(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/api/notifications/unread-count', { display: 'ignore' });
}

export function useUnreadCount() {
  // The live stream keeps it current; a poll every 5 minutes covers a stream that cannot connect.
  return useQuery({ queryKey: queryKeys.notifications.unreadCount(), queryFn: getUnreadCount, refetchInterval: 300_000 });
}

/** POST /api/notifications/read-all. */
export function markAllNotificationsRead(): Promise<unknown> {
  return api.post<unknown>('/api/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/** POST /api/notifications/:id/read. */
export function markNotificationRead(id: number): Promise<unknown> {
  return api.post<unknown>(`/api/notifications/${id}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
