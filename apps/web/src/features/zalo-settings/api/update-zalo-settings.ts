import type { ZaloSettings, zaloSettingsUpdateBody } from '@qlcv/common/schemas/zalo-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
