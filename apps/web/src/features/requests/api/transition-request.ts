import type { RequestDetail } from '@qlcv/common/schemas/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type RequestVerb = 'receive' | 'hold' | 'resume' | 'reject' | 'cancel' | 'complete';

export interface TransitionInput {
  verb: RequestVerb;
  /** hold / reject: `{ reason }`; cancel: `{ reason? }`; complete: `{ result_text, document_ids? }`; others `{}`. */
  body?: Record<string, unknown>;
}

/** POST /api/requests/:id/<verb> → the request as it is now; a wrong state answers 409 with the current status. */
export function transitionRequest(id: number, { verb, body }: TransitionInput): Promise<RequestDetail> {
  return api.post<RequestDetail>(`/api/requests/${id}/${verb}`, body ?? {}, { display: 'ignore' });
}

export function useTransitionRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransitionInput) => transitionRequest(id, input),
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.requests.detail(id), request);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.all }),
      ]);
    },
  });
}
