import type { RequestDetail, requestCreateBody, requestUpdateBody } from '@qlcv/common/schemas/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type RequestCreateInput = z.input<typeof requestCreateBody>;
export type RequestUpdateInput = z.input<typeof requestUpdateBody>;

/** POST /api/requests → the new request (errors are shown by the form). */
export function createRequest(body: RequestCreateInput): Promise<RequestDetail> {
  return api.post<RequestDetail>('/api/requests', body, { display: 'ignore' });
}

/** PUT /api/requests/:id; an old version answers 409. */
export function updateRequest(id: number, body: RequestUpdateInput): Promise<RequestDetail> {
  return api.put<RequestDetail>(`/api/requests/${id}`, body, { display: 'ignore' });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.requests.detail(request.id), request);
      return queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() });
    },
  });
}

export function useUpdateRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestUpdateInput) => updateRequest(id, body),
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.requests.detail(id), request);
      return queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() });
    },
  });
}
