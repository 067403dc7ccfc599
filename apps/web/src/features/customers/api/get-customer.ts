import type { CustomerDetail } from '@qlcv/common/schemas/customers';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/customers/:id → the customer, its request count and its attachments. */
export function getCustomer(id: number): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(`/api/customers/${id}`, { display: 'ignore' });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: queryKeys.customers.detail(id),
    queryFn: () => getCustomer(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
