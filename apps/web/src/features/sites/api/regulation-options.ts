import type { RegulationOption } from '@qlcv/common/schemas/regulations';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/regulations/options → the catalogue's regulations with their columns and factor tables (any signed-in
 * person). Read once for every medium: a point's picker filters by its medium, and a point whose medium changes must
 * know the medium of the regulation it held.
 */
export function useRegulationOptions() {
  const query = {};
  return useQuery({
    queryKey: queryKeys.regulations.options(query),
    queryFn: () => api.get<RegulationOption[]>('/api/regulations/options', { params: query, display: 'ignore' }),
    // The catalogue changes rarely: no refetch while a form is being filled.
    staleTime: 5 * 60_000,
  });
}
