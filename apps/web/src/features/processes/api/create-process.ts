import type { ProcessDetail, processCreateBody } from '@qlcv/common/schemas/processes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type ProcessCreateInput = z.input<typeof processCreateBody>;

/** POST /api/processes → the new process (errors are shown by the form). */
export function createProcess(body: ProcessCreateInput): Promise<ProcessDetail> {
  return api.post<ProcessDetail>('/api/processes', body, { display: 'ignore' });
}

export function useCreateProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProcess,
    onSuccess: (process) => {
      queryClient.setQueryData(queryKeys.processes.detail(process.id), process);
      return queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() });
    },
  });
}
