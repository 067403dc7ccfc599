import type { Delivery } from '@qlcv/common/schemas/deliveries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/deliveries/:id/resend → the new delivery queued in its place (a refusal shows as a toast). */
export function resendDelivery(id: number): Promise<Delivery> {
  return api.post<Delivery>(`/api/deliveries/${id}/resend`);
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveries.all }),
  });
}
