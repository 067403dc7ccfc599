import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  NotificationPreview,
  NotificationPreviewBody,
  NotificationSetting,
  notificationSettingCreateBody,
  notificationSettingUpdateBody,
} from '@qlcv/common/schemas/notification-settings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

export interface RoleOption {
  id: number;
  code: string;
  name: string;
}

/** GET /api/roles/options: the roles a setting may name (refused without a role key: the picker says so). */
export function getRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>('/api/roles/options', { display: 'ignore' });
}

export function useRoleOptions() {
  return useQuery({ queryKey: queryKeys.roles.options(), queryFn: getRoleOptions, staleTime: 60_000, retry: false });
}

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
