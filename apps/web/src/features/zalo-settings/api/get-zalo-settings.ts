import type { ZaloSettings } from '@qlcv/common/schemas/zalo-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings/zalo (settings.edit): secrets come back masked. */
export function getZaloSettings(): Promise<ZaloSettings> {
  return api.get<ZaloSettings>('/api/settings/zalo', { display: 'ignore' });
}

export function useZaloSettings() {
  return useQuery({ queryKey: queryKeys.zaloSettings.detail(), queryFn: getZaloSettings });
}
