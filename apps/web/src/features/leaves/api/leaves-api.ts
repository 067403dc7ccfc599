import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  Leave,
  LeaveAdjustmentBody,
  LeaveBalance,
  LeaveDetail,
  LeavePolicy,
  LeavePolicyBody,
  LeavePreview,
  leaveCreateBody,
  leaveForEmployeeBody,
  leaveUpdateBody,
  leaveYearEndResponse,
} from '@qlcv/common/schemas/leaves';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface LeaveListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  tab?: string;
  /** Statuses, comma-separated. */
  status?: string;
  leave_type_id?: string | number;
  department_id?: string | number;
  /** YYYY-MM. */
  month?: string;
}

export type LeaveCreateInput = z.input<typeof leaveCreateBody>;
export type LeaveForEmployeeInput = z.input<typeof leaveForEmployeeBody>;
export type LeaveUpdateInput = z.input<typeof leaveUpdateBody>;

/** GET /api/leaves → a page of leaves of one tab. */
export function useLeaves(query: LeaveListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.leaves.list(query),
    queryFn: () => api.get<Paginated<Leave>>('/api/leaves', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/leaves with `X-Export: xlsx`, saved as nghi-phep-YYYY-MM-DD.xlsx. */
export function useExportLeaves() {
  return useMutation({
    mutationFn: (query: LeaveListQuery) =>
      api.download('/api/leaves', { ...query }, `nghi-phep-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}

/** GET /api/leaves/approval-count → the "Chờ tôi duyệt" badge. */
export function useApprovalCount() {
  return useQuery({
    queryKey: queryKeys.leaves.approvalCount(),
    queryFn: () => api.get<{ count: number }>('/api/leaves/approval-count', { display: 'ignore' }),
    staleTime: 30_000,
  });
}

/** GET /api/leaves/:id. */
export function useLeave(id: number) {
  return useQuery({
    queryKey: queryKeys.leaves.detail(id),
    queryFn: () => api.get<LeaveDetail>(`/api/leaves/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/leaves/balance?user_id=&year= → the annual balance and its ledger. */
export function useLeaveBalance(query: { user_id?: number | null; year?: number }, enabled = true) {
  return useQuery({
    queryKey: queryKeys.leaves.balance(query),
    queryFn: () =>
      api.get<LeaveBalance>('/api/leaves/balance', {
        params: { user_id: query.user_id ?? undefined, year: query.year },
        display: 'ignore',
      }),
    enabled,
  });
}

export interface LeavePreviewQuery {
  user_id?: number | null;
  leave_type_id: number;
  start_date: string;
  start_half: string;
  end_date: string;
  end_half: string;
  /** Editing: the leave left out of overlap and balance. */
  leave_id?: number;
}

/** GET /api/leaves/preview → the working days and, for annual leave, the balance before and after. */
export function useLeavePreview(query: LeavePreviewQuery | null) {
  return useQuery({
    queryKey: queryKeys.leaves.preview(query ?? {}),
    queryFn: () =>
      api.get<LeavePreview>('/api/leaves/preview', {
        params: { ...query, user_id: query?.user_id ?? undefined },
        display: 'ignore',
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (leave?: LeaveDetail) => {
    if (leave) queryClient.setQueryData(queryKeys.leaves.detail(leave.id), leave);
    return queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'leaves' && !(leave && q.queryKey[1] === 'detail' && q.queryKey[2] === leave.id),
    });
  };
}

/** POST /api/leaves (for oneself). */
export function useCreateLeave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeaveCreateInput) => api.post<LeaveDetail>('/api/leaves', body, { display: 'ignore' }),
    onSuccess: (leave) => refresh(leave),
  });
}

/** POST /api/leaves/for-employee (a manager, for an employee in scope). */
export function useCreateLeaveForEmployee() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeaveForEmployeeInput) => api.post<LeaveDetail>('/api/leaves/for-employee', body, { display: 'ignore' }),
    onSuccess: (leave) => refresh(leave),
  });
}

/** PUT /api/leaves/:id (pending only); an old version answers 409. */
export function useUpdateLeave(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeaveUpdateInput) => api.put<LeaveDetail>(`/api/leaves/${id}`, body, { display: 'ignore' }),
    onSuccess: (leave) => refresh(leave),
  });
}

export type LeaveVerb = 'approve' | 'reject' | 'cancel';

/** POST /api/leaves/:id/approve|reject|cancel; a decided leave answers 409. */
export function useTransitionLeave(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ verb, body }: { verb: LeaveVerb; body: Record<string, unknown> }) =>
      api.post<LeaveDetail>(`/api/leaves/${id}/${verb}`, body, { display: 'ignore' }),
    onSuccess: (leave) => refresh(leave),
  });
}

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
