import type { NotificationSetting, notificationSettingCreateBody } from '@qlcv/common/schemas/notification-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type NotificationSettingCreateInput = z.input<typeof notificationSettingCreateBody>;

/** POST /api/notification-settings → the new setting (errors are shown by the form). */
export function createNotificationSetting(body: NotificationSettingCreateInput): Promise<NotificationSetting> {
  return api.post<NotificationSetting>('/api/notification-settings', body, { display: 'ignore' });
}

export function useCreateNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotificationSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificationSettings.all }),
  });
}
