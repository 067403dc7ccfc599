import type { Paginated } from '@qlcv/common/schemas/common';
import type { Evaluation, EvaluationResults, evaluationCreateBody, evaluationUpdateBody } from '@qlcv/common/schemas/evaluations';
import type { KpiTypeOption } from '@qlcv/common/schemas/kpi-types';
import { normalizeVi } from '@qlcv/common/vi-text';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type { KpiTypeOption };

export interface EvaluationListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  status?: string;
  period_type?: string;
  year?: string | number;
}

export type EvaluationCreateInput = z.input<typeof evaluationCreateBody>;
export type EvaluationUpdateInput = z.input<typeof evaluationUpdateBody>;

/** GET /api/evaluations → a page of evaluation periods. */
export function useEvaluations(query: EvaluationListQuery) {
  return useQuery({
    queryKey: queryKeys.evaluations.list(query),
    queryFn: () => api.get<Paginated<Evaluation>>('/api/evaluations', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/evaluations/:id. */
export function useEvaluation(id: number) {
  return useQuery({
    queryKey: queryKeys.evaluations.detail(id),
    queryFn: () => api.get<Evaluation>(`/api/evaluations/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/evaluations/:id/results → every employee's total and grade, the distributions. */
export function useEvaluationResults(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.evaluations.results(id),
    queryFn: () => api.get<EvaluationResults>(`/api/evaluations/${id}/results`, { display: 'ignore' }),
    enabled: enabled && id > 0,
  });
}

/** The results as .xlsx, named after the period: "Đánh giá KPI quý IV/2026" → ket-qua-danh-gia-kpi-quy-iv-2026.xlsx. */
export function useExportResults(id: number, name: string) {
  const slug = normalizeVi(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .replace(/^danh-gia-/, '');
  return useMutation({
    mutationFn: () => api.download(`/api/evaluations/${id}/results`, undefined, `ket-qua-danh-gia-${slug || id}.xlsx`),
  });
}

/** GET /api/kpi-types/options → the KPI types a criterion may use. */
export function useKpiTypeOptions() {
  return useQuery({
    queryKey: queryKeys.kpiTypes.options(),
    queryFn: () => api.get<KpiTypeOption[]>('/api/kpi-types/options', { display: 'ignore' }),
    staleTime: 60_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (evaluation?: Evaluation) => {
    if (evaluation) queryClient.setQueryData(queryKeys.evaluations.detail(evaluation.id), evaluation);
    // Opening creates user evaluations, closing locks them: their lists change too.
    queryClient.invalidateQueries({ queryKey: queryKeys.userEvaluations.all });
    return queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === 'evaluations' && !(evaluation && q.queryKey[1] === 'detail' && q.queryKey[2] === evaluation.id),
    });
  };
}

/** POST /api/evaluations. */
export function useCreateEvaluation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: EvaluationCreateInput) => api.post<Evaluation>('/api/evaluations', body, { display: 'ignore' }),
    onSuccess: (e) => refresh(e),
  });
}

/** PUT /api/evaluations/:id with the version loaded; an old version answers 409. */
export function useUpdateEvaluation(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: EvaluationUpdateInput) => api.put<Evaluation>(`/api/evaluations/${id}`, body, { display: 'ignore' }),
    onSuccess: (e) => refresh(e),
  });
}

/** DELETE /api/evaluations/:id (a draft). */
export function useDeleteEvaluation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/evaluations/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.evaluations.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.evaluations.lists() });
    },
  });
}

export type EvaluationVerb = 'open' | 'close';

/** POST /api/evaluations/:id/open|close. */
export function useTransitionEvaluation(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ verb, version }: { verb: EvaluationVerb; version: number }) =>
      api.post<Evaluation>(`/api/evaluations/${id}/${verb}`, { version }, { display: 'ignore' }),
    onSuccess: (e) => refresh(e),
  });
}
