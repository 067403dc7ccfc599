import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/notifications/unread-count → the bell's badge. */
export function getUnreadCount(): Promise<{ count: number }> {
  return api.get<{ count: number }>('/api/notifications/unread-count', { display: 'ignore' });
}

export function useUnreadCount() {
  // The live stream keeps it current; a poll every 5 minutes covers a stream that cannot connect.
  return useQuery({ queryKey: queryKeys.notifications.unreadCount(), queryFn: getUnreadCount, refetchInterval: 300_000 });
}
