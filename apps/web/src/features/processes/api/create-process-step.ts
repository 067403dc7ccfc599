import type { ProcessStep, processStepCreateBody } from '@qlcv/common/schemas/processes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type ProcessStepCreateInput = z.input<typeof processStepCreateBody>;

/** POST /api/processes/:id/steps → the new step, last unless `position` places it. */
export function createProcessStep(processId: number, body: ProcessStepCreateInput): Promise<ProcessStep> {
  return api.post<ProcessStep>(`/api/processes/${processId}/steps`, body, { display: 'ignore' });
}

export function useCreateProcessStep(processId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessStepCreateInput) => createProcessStep(processId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.detail(processId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(processId) }),
      ]),
  });
}
