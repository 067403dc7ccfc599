import type { ZaloTestResult } from '@qlcv/common/schemas/zalo-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
