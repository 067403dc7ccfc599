import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  Program,
  ProgramContractOption,
  ProgramDetail,
  programCreateBody,
  programUpdateBody,
} from '@qlcv/common/schemas/monitoring-programs';
import type { SiteOption } from '@qlcv/common/schemas/sites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface ProgramListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  site_id?: string;
  customer_id?: string;
  contract_id?: string;
  /** `true`: programmes with a round past due. */
  late?: string;
  /** Programmes with a planned round due on or before this day. */
  due_by?: string;
}
export type ProgramCreateInput = z.input<typeof programCreateBody>;
export type ProgramUpdateInput = z.input<typeof programUpdateBody>;
export type RoundVerb = 'done' | 'cancel' | 'reopen';

/** GET /api/monitoring-programs → a page of programmes with their progress and next round. */
export function useMonitoringPrograms(query: ProgramListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.monitoringPrograms.list(query),
    queryFn: () => api.get<Paginated<Program>>('/api/monitoring-programs', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/monitoring-programs/:id → the programme with its lines and rounds. */
export function useMonitoringProgram(id: number) {
  return useQuery({
    queryKey: queryKeys.monitoringPrograms.detail(id),
    queryFn: () => api.get<ProgramDetail>(`/api/monitoring-programs/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/sites/options → the site picker (active sites unless `all`). */
export function useSiteChoices() {
  const query = { active: 'true' };
  return useQuery({
    queryKey: queryKeys.sites.options(query),
    queryFn: () => api.get<SiteOption[]>('/api/sites/options', { params: query, display: 'ignore' }),
    staleTime: 60_000,
  });
}

/** GET /api/monitoring-programs/contract-options: a customer's signed contracts, or the one a link names. */
export function useProgramContracts(query: { customer_id?: number | null; id?: number | null }) {
  const params = query.id ? { id: query.id } : query.customer_id ? { customer_id: query.customer_id } : null;
  return useQuery({
    queryKey: queryKeys.monitoringPrograms.contractOptions(params),
    queryFn: () =>
      api.get<ProgramContractOption[]>('/api/monitoring-programs/contract-options', { params: params ?? {}, display: 'ignore' }),
    enabled: params !== null,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (program?: ProgramDetail) => {
    if (program) queryClient.setQueryData(queryKeys.monitoringPrograms.detail(program.id), program);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.monitoringPrograms.lists() }),
      program ? queryClient.invalidateQueries({ queryKey: queryKeys.monitoringPrograms.history(program.id) }) : undefined,
    ]);
  };
}

/** POST /api/monitoring-programs (errors are shown by the form). */
export function useCreateMonitoringProgram() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProgramCreateInput) => api.post<ProgramDetail>('/api/monitoring-programs', body, { display: 'ignore' }),
    onSuccess: (program) => refresh(program),
  });
}

/** PUT /api/monitoring-programs/:id with the version that was loaded; an old version answers 409. */
export function useUpdateMonitoringProgram(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProgramUpdateInput) =>
      api.put<ProgramDetail>(`/api/monitoring-programs/${id}`, body, { display: 'ignore' }),
    onSuccess: (program) => refresh(program),
  });
}

/** POST /api/monitoring-programs/:id/rounds/:roundId/{done|cancel|reopen} at the round's version. */
export function useMoveRound(programId: number) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roundId, verb, version }: { roundId: number; verb: RoundVerb; version: number }) =>
      api.post<ProgramDetail>(
        `/api/monitoring-programs/${programId}/rounds/${roundId}/${verb}`,
        { version },
        { display: 'ignore' },
      ),
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.monitoringPrograms.detail(programId) }),
    onSuccess: (program) => refresh(program),
  });
}

/** DELETE /api/monitoring-programs/:id; a refusal comes back as a toast with the server's message. */
export function useDeleteMonitoringProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/monitoring-programs/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.monitoringPrograms.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.monitoringPrograms.lists() });
    },
  });
}

/** GET /api/monitoring-programs with `X-Export: xlsx`, saved as chuong-trinh-quan-trac-YYYY-MM-DD.xlsx. */
export function useExportMonitoringPrograms() {
  return useMutation({
    mutationFn: (query: Omit<ProgramListQuery, 'page' | 'per_page'>) =>
      api.download('/api/monitoring-programs', query, `chuong-trinh-quan-trac-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
