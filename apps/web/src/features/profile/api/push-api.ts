import type { PushSubscribeBody, PushSubscription } from '@qlcv/common/schemas/push-subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** The profile's push devices: one key, refreshed after a subscribe or a removal. */
export const pushKeys = { devices: ['push-subscriptions'] as const, publicKey: ['push-public-key'] as const };

/** GET /api/profile/push-subscriptions: the browsers I turned notifications on in. */
export function usePushDevices() {
  return useQuery({
    queryKey: pushKeys.devices,
    queryFn: () => api.get<{ data: PushSubscription[] }>('/api/profile/push-subscriptions', { display: 'ignore' }),
  });
}

/** GET /api/push/public-key: the server's VAPID key the browser subscribes with. */
export function getPushPublicKey(): Promise<string> {
  return api.get<{ public_key: string }>('/api/push/public-key').then((r) => r.public_key);
}

/** POST /api/profile/push-subscriptions: this browser's subscription (the same browser again updates its row). */
export function useSavePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscribeBody) => api.post<PushSubscription>('/api/profile/push-subscriptions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

/** DELETE /api/profile/push-subscriptions/:id */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/profile/push-subscriptions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}
