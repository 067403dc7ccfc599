import type { LeaveType } from '@qlcv/common/schemas/leave-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/leave-types → every leave type (the form's picker, the list's filter and tags). */
export function useLeaveTypes() {
  return useQuery({
    queryKey: queryKeys.leaveTypes.lists(),
    queryFn: () => api.get<LeaveType[] | { data: LeaveType[] }>('/api/leave-types', { display: 'ignore' }),
    select: (r) => (Array.isArray(r) ? r : r.data),
    staleTime: 60_000,
  });
}
