import type { Paginated } from '@qlcv/common/schemas/common';
import type { RequestType } from '@qlcv/common/schemas/request-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/request-types?per_page=all: every type, read for the service groups already in use (form suggestions). */
export function getServiceGroups(): Promise<Paginated<RequestType>> {
  return api.get<Paginated<RequestType>>('/api/request-types', {
    params: { per_page: 'all', sort: 'service_group' },
    display: 'ignore',
  });
}

export function useServiceGroups() {
  return useQuery({
    queryKey: queryKeys.requestTypes.serviceGroups(),
    queryFn: getServiceGroups,
    select: (page) => [...new Set(page.data.map((t) => t.service_group).filter((g): g is string => !!g))],
  });
}
