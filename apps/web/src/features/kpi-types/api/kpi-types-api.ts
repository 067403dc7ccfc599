import type { Paginated } from '@qlcv/common/schemas/common';
import type { KpiType, KpiTypeOption, kpiTypeCreateBody, kpiTypeUpdateBody } from '@qlcv/common/schemas/kpi-types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface KpiTypeListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** csv of measures. */
  measure?: string;
  direction?: string;
  /** `true` / `false`. */
  active?: string;
}
export type KpiTypeCreateInput = z.input<typeof kpiTypeCreateBody>;
export type KpiTypeUpdateInput = z.input<typeof kpiTypeUpdateBody>;

/** GET /api/kpi-types → a page of KPI types with how many evaluation criteria use each. */
export function useKpiTypes(query: KpiTypeListQuery) {
  return useQuery({
    queryKey: queryKeys.kpiTypes.list(query),
    queryFn: () => api.get<Paginated<KpiType>>('/api/kpi-types', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/kpi-types/:id */
export function useKpiType(id: number) {
  return useQuery({
    queryKey: queryKeys.kpiTypes.detail(id),
    queryFn: () => api.get<KpiType>(`/api/kpi-types/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/kpi-types/options: every type, active first (the evaluation criteria's picker). */
export function useKpiTypeOptions() {
  return useQuery({
    queryKey: queryKeys.kpiTypes.options(),
    queryFn: () => api.get<KpiTypeOption[]>('/api/kpi-types/options', { display: 'ignore' }),
    staleTime: 60_000,
  });
}

function useRefreshKpiTypes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.kpiTypes.all });
}

/** POST /api/kpi-types (errors are shown by the form). */
export function useCreateKpiType() {
  const refresh = useRefreshKpiTypes();
  return useMutation({
    mutationFn: (body: KpiTypeCreateInput) => api.post<KpiType>('/api/kpi-types', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/kpi-types/:id with the version that was loaded; an old version answers 409. */
export function useUpdateKpiType(id: number) {
  const refresh = useRefreshKpiTypes();
  return useMutation({
    mutationFn: (body: KpiTypeUpdateInput) => api.put<KpiType>(`/api/kpi-types/${id}`, body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/kpi-types/:id; a refusal (a criterion uses it) comes back as a toast with the server's message. */
export function useDeleteKpiType() {
  const refresh = useRefreshKpiTypes();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/kpi-types/${id}`),
    onSuccess: () => refresh(),
  });
}

/** GET /api/kpi-types with `X-Export: xlsx`, saved as loai-kpi-YYYY-MM-DD.xlsx. */
export function useExportKpiTypes() {
  return useMutation({
    mutationFn: (query: Omit<KpiTypeListQuery, 'page' | 'per_page'>) =>
      api.download('/api/kpi-types', query, `loai-kpi-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
