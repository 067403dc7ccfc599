import type { ProcessDetail, processUpdateBody } from '@qlcv/common/schemas/processes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type ProcessUpdateInput = z.input<typeof processUpdateBody>;

/** PUT /api/processes/:id with the version that was loaded; an old version answers 409. */
export function updateProcess(id: number, body: ProcessUpdateInput): Promise<ProcessDetail> {
  return api.put<ProcessDetail>(`/api/processes/${id}`, body, { display: 'ignore' });
}

export function useUpdateProcess(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessUpdateInput) => updateProcess(id, body),
    onSuccess: (process) => {
      queryClient.setQueryData(queryKeys.processes.detail(id), process);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.options() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(id) }),
      ]);
    },
  });
}
