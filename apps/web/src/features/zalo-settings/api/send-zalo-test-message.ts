import type { ZaloTestResult, zaloTestMessageBody } from '@qlcv/common/schemas/zalo-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
