import type { WorkDetail, workCreateBody } from '@qlcv/common/schemas/works';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
      queryClient.setQueryData(queryKeys.works.detail(work.id), work);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.works.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.mine() }),
      ]);
    },
  });
}
