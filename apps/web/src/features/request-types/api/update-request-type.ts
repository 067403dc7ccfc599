import type { RequestType, requestTypeUpdateBody } from '@qlcv/common/schemas/request-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type RequestTypeUpdateInput = z.input<typeof requestTypeUpdateBody>;

/** PUT /api/request-types/:id with the version that was loaded; an old version answers 409. */
export function updateRequestType(id: number, body: RequestTypeUpdateInput): Promise<RequestType> {
  return api.put<RequestType>(`/api/request-types/${id}`, body, { display: 'ignore' });
}

export function useUpdateRequestType(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestTypeUpdateInput) => updateRequestType(id, body),
    onSuccess: (type) => {
      queryClient.setQueryData(queryKeys.requestTypes.detail(id), type);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.serviceGroups() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.history(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.all }),
      ]);
    },
  });
}
