import type { NotificationSetting, notificationSettingUpdateBody } from '@qlcv/common/schemas/notification-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type NotificationSettingUpdateInput = z.input<typeof notificationSettingUpdateBody>;

/** PUT /api/notification-settings/:id with the version that was loaded; an old version answers 409. */
export function updateNotificationSetting(id: number, body: NotificationSettingUpdateInput): Promise<NotificationSetting> {
  return api.put<NotificationSetting>(`/api/notification-settings/${id}`, body, { display: 'ignore' });
}

export function useUpdateNotificationSetting(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingUpdateInput) => updateNotificationSetting(id, body),
    onSuccess: async (setting) => {
      queryClient.setQueryData(queryKeys.notificationSettings.detail(id), setting);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings.lists() }),
        // The profile's matrix shows the channels each event uses.
        queryClient.invalidateQueries({ queryKey: queryKeys.notificationPreferences.all }),
      ]);
    },
  });
}
