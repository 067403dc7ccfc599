import type { Paginated } from '@qlcv/common/schemas/common';
import type { Parameter, ParameterOption, parameterCreateBody, parameterUpdateBody } from '@qlcv/common/schemas/parameters';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface ParameterListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  medium?: string;
  /** `field` / `lab`. */
  place?: string;
  /** `true` / `false`: in use or not. */
  active?: string;
  /** `true` / `false`: the method is in the VIMCERTS certificate or not. */
  vimcerts?: string;
}
export type ParameterCreateInput = z.input<typeof parameterCreateBody>;
export type ParameterUpdateInput = z.input<typeof parameterUpdateBody>;

/** GET /api/parameters → a page of the catalogue, each with the service that prices it. */
export function useParameters(query: ParameterListQuery) {
  return useQuery({
    queryKey: queryKeys.parameters.list(query),
    queryFn: () => api.get<Paginated<Parameter>>('/api/parameters', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/parameters/:id */
export function useParameter(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.parameters.detail(id),
    queryFn: () => api.get<Parameter>(`/api/parameters/${id}`, { display: 'ignore' }),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

function useRefreshParameters() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.parameters.all });
}

/** POST /api/parameters (errors are shown by the form). */
export function useCreateParameter() {
  const refresh = useRefreshParameters();
  return useMutation({
    mutationFn: (body: ParameterCreateInput) => api.post<Parameter>('/api/parameters', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/parameters/:id with the version that was loaded; an old version answers 409. */
export function useUpdateParameter(id: number) {
  const refresh = useRefreshParameters();
  return useMutation({
    mutationFn: (body: ParameterUpdateInput) => api.put<Parameter>(`/api/parameters/${id}`, body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/parameters/:id; a refusal comes back as a toast with the server's message. */
export function useDeleteParameter() {
  const refresh = useRefreshParameters();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/parameters/${id}`),
    onSuccess: () => refresh(),
  });
}

/** GET /api/parameters with `X-Export: xlsx`, saved as chi-tieu-quan-trac-YYYY-MM-DD.xlsx. */
export function useExportParameters() {
  return useMutation({
    mutationFn: (query: Omit<ParameterListQuery, 'page' | 'per_page'>) =>
      api.download('/api/parameters', query, `chi-tieu-quan-trac-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}

/** GET /api/parameters/options?medium=&active=: the pickers (a site's plan, a programme), active first. */
export function useParameterOptions(query: { medium?: string; active?: string } = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.parameters.options(query),
    queryFn: () => api.get<ParameterOption[]>('/api/parameters/options', { params: query, display: 'ignore' }),
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
}
