import type { Paginated } from '@qlcv/common/schemas/common';
import type { Delivery } from '@qlcv/common/schemas/deliveries';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
