import type {
  LeaveAdjustmentBody,
  LeaveBalance,
  LeavePolicy,
  LeavePolicyBody,
  leaveYearEndResponse,
} from '@qlcv/common/schemas/leaves';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type YearEndResult = z.infer<typeof leaveYearEndResponse>;

/** Every balance and form preview read again: an HR change moves what they show. */
function useRefreshBalances() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'leaves' && (q.queryKey[1] === 'balance' || q.queryKey[1] === 'preview'),
    });
}

/** GET /api/leaves/policy (leaves.all): negative balance, carry-over cap and expiry. */
export function useLeavePolicy(enabled = true) {
  return useQuery({
    queryKey: queryKeys.leaves.policy(),
    queryFn: () => api.get<LeavePolicy>('/api/leaves/policy', { display: 'ignore' }),
    enabled,
  });
}

/** PUT /api/leaves/policy with the version read; 409 when someone saved meanwhile. */
export function useUpdateLeavePolicy() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (body: LeavePolicyBody) => api.put<LeavePolicy>('/api/leaves/policy', body, { display: 'ignore' }),
    onSuccess: (policy) => {
      queryClient.setQueryData(queryKeys.leaves.policy(), policy);
      return refresh();
    },
  });
}

/** POST /api/leaves/balance-adjustments (leaves.all) → the employee's balance of that year. */
export function useAdjustLeaveBalance() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (body: LeaveAdjustmentBody) =>
      api.post<LeaveBalance>('/api/leaves/balance-adjustments', body, { display: 'ignore' }),
    onSuccess: (balance) => {
      queryClient.setQueryData(queryKeys.leaves.balance({ user_id: balance.user_id, year: balance.year }), balance);
      return refresh();
    },
  });
}

/** POST /api/leaves/year-end-close (leaves.all): carries each active employee's remaining days into the next year. */
export function useYearEndClose() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (year: number) => api.post<YearEndResult>('/api/leaves/year-end-close', { year }, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}
