import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/notification-settings/:id: the event then sends nothing until a setting is made again. */
export function deleteNotificationSetting(id: number): Promise<void> {
  return api.delete<void>(`/api/notification-settings/${id}`);
}

export function useDeleteNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationSetting,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.notificationSettings.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings.lists() });
    },
  });
}
