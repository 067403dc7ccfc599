import type { RequestType, requestTypeCreateBody } from '@qlcv/common/schemas/request-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type RequestTypeCreateInput = z.input<typeof requestTypeCreateBody>;

/** POST /api/request-types → the new type (errors are shown by the form). */
export function createRequestType(body: RequestTypeCreateInput): Promise<RequestType> {
  return api.post<RequestType>('/api/request-types', body, { display: 'ignore' });
}

export function useCreateRequestType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequestType,
    onSuccess: (type) => {
      queryClient.setQueryData(queryKeys.requestTypes.detail(type.id), type);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.serviceGroups() }),
        // Processes show how many types use them.
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.all }),
      ]);
    },
  });
}
