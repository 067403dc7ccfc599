import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  Sample,
  SampleDetail,
  SampleLabel,
  SampleStep,
  sampleCreateBody,
  sampleHandOverBody,
  sampleReceiveBody,
  sampleUpdateBody,
} from '@qlcv/common/schemas/samples';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface SampleListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  trip_id?: number;
  status?: string;
  qc_kind?: string;
  /** `true`: only samples held past their holding time. */
  overdue?: string;
}
export type SampleCreateInput = z.input<typeof sampleCreateBody>;
export type SampleUpdateInput = z.input<typeof sampleUpdateBody>;
export type HandOverInput = z.input<typeof sampleHandOverBody>;
export type ReceiveInput = z.input<typeof sampleReceiveBody>;
export type StepInput = { notes?: string | null; version?: number };

/** GET /api/samples → a page of samples (a trip's with `trip_id`; every one needs lab.index or sampling.all). */
export function useSamples(query: SampleListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.samples.list(query),
    queryFn: () => api.get<Paginated<Sample>>('/api/samples', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/samples/:id → the sample with its measurements, photos, chain of custody and what the caller may do. */
export function useSample(id: number) {
  return useQuery({
    queryKey: queryKeys.samples.detail(id),
    queryFn: () => api.get<SampleDetail>(`/api/samples/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/samples/code/:code → the sample a label names (404 when none). */
export const getSampleByCode = (code: string) =>
  api.get<SampleDetail>(`/api/samples/code/${encodeURIComponent(code)}`, { display: 'ignore' });

export function useSampleByCode(code: string) {
  return useQuery({
    queryKey: queryKeys.samples.byCode(code),
    queryFn: () => getSampleByCode(code),
    enabled: code !== '',
    retry: false,
  });
}

/** GET /api/samples/labels?trip_id= or ?ids= → what each label prints. */
export function useSampleLabels(query: { trip_id?: number; ids?: string }) {
  return useQuery({
    queryKey: queryKeys.samples.labels(query),
    queryFn: () => api.get<SampleLabel[]>('/api/samples/labels', { params: query, display: 'ignore' }),
    enabled: !!query.trip_id || !!query.ids,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (sample?: SampleDetail) => {
    if (sample) queryClient.setQueryData(queryKeys.samples.detail(sample.id), sample);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.samples.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.samples.labelSheets() }),
      sample ? queryClient.invalidateQueries({ queryKey: queryKeys.samples.history(sample.id) }) : undefined,
    ]);
  };
}

/** POST /api/samples (errors are shown by the form). */
export function useCreateSample() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SampleCreateInput) => api.post<SampleDetail>('/api/samples', body, { display: 'ignore' }),
    onSuccess: (sample) => refresh(sample),
  });
}

/** PUT /api/samples/:id with the version that was loaded. */
export function useUpdateSample(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SampleUpdateInput) => api.put<SampleDetail>(`/api/samples/${id}`, body, { display: 'ignore' }),
    onSuccess: (sample) => refresh(sample),
  });
}

/** POST /api/samples/:id/<step>: one move along the chain of custody. */
export function useSampleStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, step, body }: { id: number; step: SampleStep; body: HandOverInput | ReceiveInput | StepInput }) =>
      api.post<SampleDetail>(`/api/samples/${id}/${step}`, body, { display: 'ignore' }),
    onSuccess: (sample) => refresh(sample),
  });
}

/** DELETE /api/samples/:id; a refusal comes back as a toast with the server's message. */
export function useDeleteSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/samples/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.samples.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.samples.lists() });
    },
  });
}

/** GET /api/samples with `X-Export: xlsx`, saved as mau-YYYY-MM-DD.xlsx. */
export function useExportSamples() {
  return useMutation({
    mutationFn: (query: Omit<SampleListQuery, 'page' | 'per_page'>) =>
      api.download('/api/samples', query, `mau-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
