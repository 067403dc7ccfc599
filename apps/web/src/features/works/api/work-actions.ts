import type { WorkDetail } from '@qlcv/common/schemas/works';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type WorkVerb = 'start' | 'hold' | 'resume' | 'complete' | 'cancel' | 'send-back';

export interface WorkActionInput {
  verb: WorkVerb | 'progress';
  /** hold / send-back: `{ reason }`; cancel: `{ reason? }`; complete: `{ result_note, document_ids? }`; progress: `{ progress }`. */
  body?: Record<string, unknown>;
}

/** POST /api/works/:id/<verb> (PUT …/progress) → the work as it is now; a wrong state answers 409. */
export function workAction(id: number, { verb, body }: WorkActionInput): Promise<WorkDetail> {
  if (verb === 'progress') return api.put<WorkDetail>(`/api/works/${id}/progress`, body, { display: 'ignore' });
  return api.post<WorkDetail>(`/api/works/${id}/${verb}`, body ?? {}, { display: 'ignore' });
}

export function useWorkAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkActionInput) => workAction(id, input),
    onSuccess: (work) => {
      queryClient.setQueryData(queryKeys.works.detail(id), work);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.works.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.mine() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.history(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.all }),
      ]);
    },
  });
}
