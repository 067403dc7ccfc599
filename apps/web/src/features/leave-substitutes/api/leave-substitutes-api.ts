import type { LeaveSubstitute, leaveSubstituteCreateBody } from '@qlcv/common/schemas/leave-substitutes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type LeaveSubstituteInput = z.input<typeof leaveSubstituteCreateBody>;

/** GET /api/leave-substitutes → the caller's substitutions, as approver or as substitute. */
export function useLeaveSubstitutes(enabled = true) {
  return useQuery({
    queryKey: queryKeys.leaveSubstitutes.lists(),
    queryFn: () =>
      api.get<LeaveSubstitute[] | { data: LeaveSubstitute[] }>('/api/leave-substitutes', {
        params: { current: true },
        display: 'ignore',
      }),
    select: (r) => (Array.isArray(r) ? r : r.data),
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.leaveSubstitutes.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.leaves.all }),
    ]);
}

/** POST /api/leave-substitutes. */
export function useCreateLeaveSubstitute() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeaveSubstituteInput) => api.post<LeaveSubstitute>('/api/leave-substitutes', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/leave-substitutes/:id. */
export function useDeleteLeaveSubstitute() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/leave-substitutes/${id}`),
    onSuccess: () => refresh(),
  });
}
