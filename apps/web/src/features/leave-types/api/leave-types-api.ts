import type { LeaveType, leaveTypeCreateBody, leaveTypeUpdateBody } from '@qlcv/common/schemas/leave-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type LeaveTypeCreateInput = z.input<typeof leaveTypeCreateBody>;
export type LeaveTypeUpdateInput = z.input<typeof leaveTypeUpdateBody>;

/** GET /api/leave-types → every leave type (the form's picker, the list's filter and tags, the settings screen). */
export function useLeaveTypes() {
  return useQuery({
    queryKey: queryKeys.leaveTypes.lists(),
    queryFn: () => api.get<LeaveType[] | { data: LeaveType[] }>('/api/leave-types', { display: 'ignore' }),
    select: (r) => (Array.isArray(r) ? r : r.data),
    staleTime: 60_000,
  });
}

/** The leave form's picker, the leave list and the timekeeping legend read the types: refresh them all. */
function useRefreshLeaveTypes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.leaveTypes.all });
}

/**
 * POST /api/leave-types, or PUT /api/leave-types/:id with the version that was read (an old one answers 409);
 * errors are shown by the form.
 */
export function useSaveLeaveType(id?: number) {
  const refresh = useRefreshLeaveTypes();
  return useMutation({
    mutationFn: (body: LeaveTypeCreateInput & { version?: number }) =>
      id
        ? api.put<LeaveType>(`/api/leave-types/${id}`, body, { display: 'ignore' })
        : api.post<LeaveType>('/api/leave-types', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/leave-types/:id; a type in use is refused (409 IN_USE), shown as a toast with the server's message. */
export function useDeleteLeaveType() {
  const refresh = useRefreshLeaveTypes();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/leave-types/${id}`),
    onSuccess: () => refresh(),
  });
}
