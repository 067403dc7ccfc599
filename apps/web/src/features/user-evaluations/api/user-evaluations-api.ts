import type { Paginated } from '@qlcv/common/schemas/common';
import type { evaluationAddEmployeeBody } from '@qlcv/common/schemas/evaluations';
import type { UserEvaluation, UserEvaluationDetail, userEvaluationUpdateBody } from '@qlcv/common/schemas/user-evaluations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface UserEvaluationListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  tab?: string;
  status?: string;
  evaluation_id?: string | number;
  department_id?: string | number;
  employee_id?: string | number;
}

export type UserEvaluationUpdateInput = z.input<typeof userEvaluationUpdateBody>;
export type AddEmployeeInput = z.input<typeof evaluationAddEmployeeBody> & { evaluationId: number };

/** GET /api/user-evaluations → a page of one tab. */
export function useUserEvaluations(query: UserEvaluationListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.userEvaluations.list(query),
    queryFn: () => api.get<Paginated<UserEvaluation>>('/api/user-evaluations', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The "Cần tôi đánh giá" badge: self-assessed evaluations waiting for me as their reviewer. */
export function useToReviewCount() {
  return useQuery({
    queryKey: queryKeys.userEvaluations.toReviewCount(),
    queryFn: () =>
      api.get<Paginated<UserEvaluation>>('/api/user-evaluations', {
        params: { tab: 'to_review', status: 'self_assessed', per_page: 1 },
        display: 'ignore',
      }),
    select: (page) => page.meta.total,
    staleTime: 30_000,
  });
}

/** GET /api/user-evaluations/:id (computed actuals refreshed while the period is open). */
export function useUserEvaluation(id: number) {
  return useQuery({
    queryKey: queryKeys.userEvaluations.detail(id),
    queryFn: () => api.get<UserEvaluationDetail>(`/api/user-evaluations/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (ue: UserEvaluationDetail) => {
    queryClient.setQueryData(queryKeys.userEvaluations.detail(ue.id), ue);
    // The evaluation's counts and results follow its user evaluations.
    queryClient.invalidateQueries({ queryKey: queryKeys.evaluations.all });
    return queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'user-evaluations' && !(q.queryKey[1] === 'detail' && q.queryKey[2] === ue.id),
    });
  };
}

/** PUT /api/user-evaluations/:id: scores, manual actuals and notes; an old version answers 409. */
export function useSaveUserEvaluation(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UserEvaluationUpdateInput) =>
      api.put<UserEvaluationDetail>(`/api/user-evaluations/${id}`, body, { display: 'ignore' }),
    onSuccess: refresh,
  });
}

/** POST /api/evaluations/:id/employees: a user evaluation for an employee who joined after the period opened. */
export function useAddEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ evaluationId, ...body }: AddEmployeeInput) =>
      api.post<UserEvaluationDetail>(`/api/evaluations/${evaluationId}/employees`, body, { display: 'ignore' }),
    onSuccess: (ue) => {
      queryClient.setQueryData(queryKeys.userEvaluations.detail(ue.id), ue);
      queryClient.invalidateQueries({ queryKey: queryKeys.evaluations.all });
      return queryClient.invalidateQueries({ queryKey: queryKeys.userEvaluations.lists() });
    },
  });
}

export type UserEvaluationVerb = 'submit-self' | 'review' | 'approve' | 'return';

/** POST /api/user-evaluations/:id/refresh-actuals: the computed actuals measured again now. */
export function useRefreshActuals(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<UserEvaluationDetail>(`/api/user-evaluations/${id}/refresh-actuals`, {}, { display: 'ignore' }),
    onSuccess: refresh,
  });
}

/** POST /api/user-evaluations/:id/submit-self|review|approve|return. */
export function useTransitionUserEvaluation(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ verb, body }: { verb: UserEvaluationVerb; body: Record<string, unknown> }) =>
      api.post<UserEvaluationDetail>(`/api/user-evaluations/${id}/${verb}`, body, { display: 'ignore' }),
    onSuccess: refresh,
  });
}
