import type { Paginated } from '@qlcv/common/schemas/common';
import type { Delivery } from '@qlcv/common/schemas/deliveries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/deliveries → a page of the delivery log (filters: channel, status, event, search). */
export function getDeliveries(query: Record<string, string | number | undefined>): Promise<Paginated<Delivery>> {
  return api.get<Paginated<Delivery>>('/api/deliveries', { params: query, display: 'ignore' });
}

export function useDeliveries(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.deliveries.list(query),
    queryFn: () => getDeliveries(query),
    placeholderData: keepPreviousData,
  });
}

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
