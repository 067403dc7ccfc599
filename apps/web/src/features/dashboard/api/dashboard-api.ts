import type { Dashboard } from '@qlcv/common/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dashboard: every card, chart and list in one call; the live stream invalidates it on each notification. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard.summary(),
    queryFn: () => api.get<Dashboard>('/api/dashboard', { display: 'ignore' }),
    staleTime: 30_000,
  });
}
