import type { WorkDetail, workCreateBody } from '@qlcv/common/schemas/works';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { workKey } from './get-work';

export type WorkCreateInput = z.input<typeof workCreateBody>;

/** POST /api/works → the new work (errors are shown by the form). */
export function createWork(body: WorkCreateInput): Promise<WorkDetail> {
  return api.post<WorkDetail>('/api/works', body, { display: 'ignore' });
}

export function useCreateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWork,
    onSuccess: (work) => {
      queryClient.setQueryData(workKey(work.id), work);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['works', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['works', 'my'] }),
      ]);
    },
  });
}
