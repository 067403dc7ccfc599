import type {
  ZaloSettings,
  ZaloTestResult,
  zaloSettingsUpdateBody,
  zaloTestMessageBody,
} from '@qlcv/common/schemas/zalo-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings/zalo (settings.edit): secrets come back masked. */
export function getZaloSettings(): Promise<ZaloSettings> {
  return api.get<ZaloSettings>('/api/settings/zalo', { display: 'ignore' });
}

export function useZaloSettings() {
  return useQuery({ queryKey: queryKeys.zaloSettings.detail(), queryFn: getZaloSettings });
}

export type ZaloSettingsUpdateInput = z.input<typeof zaloSettingsUpdateBody>;

/** PUT /api/settings/zalo with the version that was loaded; a secret left out is kept, null removes it. */
export function updateZaloSettings(body: ZaloSettingsUpdateInput): Promise<ZaloSettings> {
  return api.put<ZaloSettings>('/api/settings/zalo', body, { display: 'ignore' });
}

export function useUpdateZaloSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateZaloSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.zaloSettings.detail(), settings),
  });
}

export type ZaloTestMessageInput = z.input<typeof zaloTestMessageBody>;

/** POST /api/settings/zalo/test-message: one ZNS message of a kind to a phone, and Zalo's answer. */
export function sendZaloTestMessage(body: ZaloTestMessageInput): Promise<ZaloTestResult> {
  return api.post<ZaloTestResult>('/api/settings/zalo/test-message', body, { display: 'ignore' });
}

export function useSendZaloTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendZaloTestMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.zaloSettings.all }),
  });
}

/** POST /api/settings/zalo/test-connection: Zalo's answer with the saved keys (a refused test is still 200). */
export function testZaloConnection(): Promise<ZaloTestResult> {
  return api.post<ZaloTestResult>('/api/settings/zalo/test-connection', undefined, { display: 'ignore' });
}

export function useTestZaloConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testZaloConnection,
    // The test may have refreshed the token: its expiry changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.zaloSettings.all }),
  });
}
