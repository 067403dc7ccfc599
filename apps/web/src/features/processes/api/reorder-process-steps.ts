import type { ProcessDetail } from '@qlcv/common/schemas/processes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface StepOrderInput {
  /** Every step id of the process, first step first. */
  step_ids: number[];
  /** The process version the order was read from: a stale one answers 409. */
  version: number;
}

/** PUT /api/processes/:id/steps/order → the process in its new order (errors are shown by the page). */
export function reorderProcessSteps(processId: number, body: StepOrderInput): Promise<ProcessDetail> {
  return api.put<ProcessDetail>(`/api/processes/${processId}/steps/order`, body, { display: 'ignore' });
}

export function useReorderProcessSteps(processId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StepOrderInput) => reorderProcessSteps(processId, body),
    onSuccess: (process) => {
      queryClient.setQueryData(queryKeys.processes.detail(processId), process);
      return queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(processId) });
    },
  });
}
