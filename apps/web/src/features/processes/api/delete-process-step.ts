import type { ProcessStep } from '@qlcv/common/schemas/processes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/process-steps/:id; the steps after it move up one place. */
export function deleteProcessStep(id: number): Promise<void> {
  return api.delete<void>(`/api/process-steps/${id}`);
}

export function useDeleteProcessStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Pick<ProcessStep, 'id' | 'process_id'>) => deleteProcessStep(step.id),
    onSuccess: (_data, step) => {
      queryClient.removeQueries({ queryKey: queryKeys.processes.step(step.id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.detail(step.process_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(step.process_id) }),
      ]);
    },
  });
}
