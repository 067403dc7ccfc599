import type { ProcessStep } from '@qlcv/common/schemas/processes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/process-steps/:id */
export function getProcessStep(id: number): Promise<ProcessStep> {
  return api.get<ProcessStep>(`/api/process-steps/${id}`, { display: 'ignore' });
}

export function useProcessStep(id: number) {
  return useQuery({
    queryKey: queryKeys.processes.step(id),
    queryFn: () => getProcessStep(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
