import type { ProcessStep, processStepUpdateBody } from '@qlcv/common/schemas/processes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type ProcessStepUpdateInput = z.input<typeof processStepUpdateBody>;

/** PUT /api/process-steps/:id with the step's version; an old version answers 409. */
export function updateProcessStep(id: number, body: ProcessStepUpdateInput): Promise<ProcessStep> {
  return api.put<ProcessStep>(`/api/process-steps/${id}`, body, { display: 'ignore' });
}

export function useUpdateProcessStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessStepUpdateInput) => updateProcessStep(id, body),
    onSuccess: (step) => {
      queryClient.setQueryData(queryKeys.processes.step(id), step);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.detail(step.process_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(step.process_id) }),
      ]);
    },
  });
}
