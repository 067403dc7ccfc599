import type { NotificationPreview, NotificationPreviewBody } from '@qlcv/common/schemas/notification-settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/notification-settings/preview: the templates rendered with the event's sample values, and their problems. */
export function previewNotificationSetting(body: NotificationPreviewBody, signal?: AbortSignal): Promise<NotificationPreview> {
  return api.post<NotificationPreview>('/api/notification-settings/preview', body, { display: 'ignore', signal });
}

/** The live preview of the form: asked again as the (debounced) templates change. */
export function useNotificationPreview(body: NotificationPreviewBody | null) {
  return useQuery({
    queryKey: queryKeys.notificationSettings.preview(body ?? {}),
    queryFn: ({ signal }) => previewNotificationSetting(body as NotificationPreviewBody, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
