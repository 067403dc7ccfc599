import type { ProcessDetail } from '@qlcv/common/schemas/processes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/processes/:id → the process with its steps in order. */
export function getProcess(id: number): Promise<ProcessDetail> {
  return api.get<ProcessDetail>(`/api/processes/${id}`, { display: 'ignore' });
}

export function useProcess(id: number) {
  return useQuery({
    queryKey: queryKeys.processes.detail(id),
    queryFn: () => getProcess(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
