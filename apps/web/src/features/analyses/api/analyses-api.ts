import type {
  Analysis,
  AnalysisDetail,
  AnalysisExceedances,
  AnalysisTrend,
  AnalystOption,
  analysisAssignBody,
  analysisResultBody,
  analysisResultsBody,
  analysisReturnBody,
  analysisRowsBody,
  Worksheet,
} from '@qlcv/common/schemas/analyses';
import type { Paginated } from '@qlcv/common/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface AnalysisListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** Comma-separated states. */
  state?: string;
  parameter_id?: string | number;
  sample_id?: string | number;
  analyst_id?: string | number;
  /** `true`: only the analyses assigned to the caller. */
  mine?: string;
  late_for_holding?: string;
}
export type AssignInput = z.input<typeof analysisAssignBody>;
export type ResultsInput = z.input<typeof analysisResultsBody>;
export type ResultInput = z.input<typeof analysisResultBody>;
export type RowsInput = z.input<typeof analysisRowsBody>;
export type ReturnInput = z.input<typeof analysisReturnBody>;

/** GET /api/analyses → a page of analyses (an analyst holding only lab.analyse: their own). */
export function useAnalyses(query: AnalysisListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.analyses.list(query),
    queryFn: () => api.get<Paginated<Analysis>>('/api/analyses', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/analyses/:id → the analysis with its history and what the caller may do (`can`). */
export function useAnalysis(id: number) {
  return useQuery({
    queryKey: queryKeys.analyses.detail(id),
    queryFn: () => api.get<AnalysisDetail>(`/api/analyses/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/analyses/worksheet?parameter_id= → one parameter's open analyses, a row per sample, with QC flags. */
export function useWorksheet(query: { parameter_id?: number; analyst_id?: number }) {
  return useQuery({
    queryKey: queryKeys.analyses.worksheet(query),
    queryFn: () => api.get<Worksheet>('/api/analyses/worksheet', { params: query, display: 'ignore' }),
    enabled: !!query.parameter_id,
  });
}

/** GET /api/analyses/analysts → who may be assigned (holders of lab.analyse); the head's picker. */
export function useAnalysts(enabled = true) {
  const query = {};
  return useQuery({
    queryKey: queryKeys.analyses.analysts(query),
    queryFn: () => api.get<AnalystOption[]>('/api/analyses/analysts', { params: query, display: 'ignore' }),
    staleTime: 60_000,
    enabled,
  });
}

/** After a change: the details answered are put in the cache, the lists, worksheets and histories refreshed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (details: AnalysisDetail[]) => {
    for (const d of details) queryClient.setQueryData(queryKeys.analyses.detail(d.id), d);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.analyses.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.analyses.worksheet({}).slice(0, 2) }),
      ...details.map((d) => queryClient.invalidateQueries({ queryKey: queryKeys.analyses.history(d.id) })),
    ]);
  };
}

const post =
  <B>(url: string) =>
  (body: B) =>
    api.post<AnalysisDetail[]>(url, body, { display: 'ignore' });

/** POST /api/analyses/assign: a batch to one analyst (the head), all or none. */
export function useAssignAnalyses() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: post<AssignInput>('/api/analyses/assign'), onSuccess: refresh });
}

/** POST /api/analyses/results: a worksheet's rows at once, all or none (422 names `rows.<i>.<field>`). */
export function useEnterResults() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: post<ResultsInput>('/api/analyses/results'), onSuccess: refresh });
}

/** POST /api/analyses/:id/result: one analysis's result (its page). */
export function useEnterResult(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ResultInput) => api.post<AnalysisDetail>(`/api/analyses/${id}/result`, body, { display: 'ignore' }),
    onSuccess: (d) => refresh([d]),
  });
}

/** POST /api/analyses/verify: a batch, never by its analyst (403 SAME_ANALYST). */
export function useVerifyAnalyses() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: post<RowsInput>('/api/analyses/verify'), onSuccess: refresh });
}

/** POST /api/analyses/release: verified analyses, a batch. */
export function useReleaseAnalyses() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: post<RowsInput>('/api/analyses/release'), onSuccess: refresh });
}

/** POST /api/analyses/:id/return: back to the analyst with the reason. */
export function useReturnAnalysis(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ReturnInput) => api.post<AnalysisDetail>(`/api/analyses/${id}/return`, body, { display: 'ignore' }),
    onSuccess: (d) => refresh([d]),
  });
}

/** GET /api/analyses with `X-Export: xlsx`, saved as phan-tich-YYYY-MM-DD.xlsx. */
export function useExportAnalyses() {
  return useMutation({
    mutationFn: (query: Omit<AnalysisListQuery, 'page' | 'per_page'>) =>
      api.download('/api/analyses', query, `phan-tich-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}

/** GET /api/analyses/trend → a point's parameter over time, released results only, with their limits. */
export function useAnalysisTrend(query: { point_id: number; parameter_id: number; from?: string; to?: string }, enabled = true) {
  return useQuery({
    queryKey: queryKeys.analyses.trend(query),
    queryFn: () => api.get<AnalysisTrend>('/api/analyses/trend', { params: query, display: 'ignore' }),
    enabled: enabled && query.point_id > 0 && query.parameter_id > 0,
  });
}

/** GET /api/analyses/exceedances → a customer's exceeding results in a year of sampling, with monthly counts. */
export function useCustomerExceedances(query: { customer_id: number; year: number }, enabled = true) {
  return useQuery({
    queryKey: queryKeys.analyses.exceedances(query),
    queryFn: () => api.get<AnalysisExceedances>('/api/analyses/exceedances', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled: enabled && query.customer_id > 0,
  });
}
