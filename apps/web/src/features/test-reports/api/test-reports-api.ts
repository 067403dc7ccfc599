import type { Analysis } from '@qlcv/common/schemas/analyses';
import type { Paginated } from '@qlcv/common/schemas/common';
import type { Trip } from '@qlcv/common/schemas/sampling-trips';
import {
  type TestReport,
  type TestReportDetail,
  type TestReportRound,
  type testReportCorrectBody,
  type testReportCreateBody,
  testReportFileName,
  type testReportUpdateBody,
  type testReportVerification,
} from '@qlcv/common/schemas/test-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { useCan } from '@/lib/permissions/can';
import { queryKeys } from '@/lib/query-keys';

export interface TestReportListQuery {
  state?: string;
  customer_id?: string | number;
  trip_id?: string | number;
}
export type TestReportCreateInput = z.input<typeof testReportCreateBody>;
export type TestReportUpdateInput = z.input<typeof testReportUpdateBody>;
export type TestReportCorrectInput = z.input<typeof testReportCorrectBody>;
export type TestReportVerification = z.infer<typeof testReportVerification>;

/** Who reads analyses (the released ones name the trips a report can be drafted from). */
const LAB_READERS = ['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive'];
const TRIP_READERS = ['sampling.index', 'sampling.department', 'sampling.all'];

/** GET /api/test-reports → every version, newest first (the server caps it at 500). */
export function useTestReports(query: TestReportListQuery) {
  return useQuery({
    queryKey: queryKeys.testReports.list(query),
    queryFn: () => api.get<TestReport[]>('/api/test-reports', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/test-reports/:id → the report with its results table. */
export function useTestReport(id: number) {
  return useQuery({
    queryKey: queryKeys.testReports.detail(id),
    queryFn: () => api.get<TestReportDetail>(`/api/test-reports/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/test-reports/:id/history → every version of its number. */
export function useTestReportVersions(id: number) {
  return useQuery({
    queryKey: queryKeys.testReports.versions(id),
    queryFn: () => api.get<TestReport[]>(`/api/test-reports/${id}/history`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * The trips a report may be drafted from: those with released results (the laboratory reads its analyses), else the
 * trips the caller's sampling scope holds. Each with its code and, when known, name.
 */
export function useReportTripOptions(enabled = true) {
  const labReader = useCan(LAB_READERS);
  const tripReader = useCan(TRIP_READERS);
  const fromAnalyses = useQuery({
    queryKey: queryKeys.analyses.list({ state: 'released', per_page: 'all', sort: '-taken_at' }),
    queryFn: () =>
      api.get<Paginated<Analysis>>('/api/analyses', {
        params: { state: 'released', per_page: 'all', sort: '-taken_at' },
        display: 'ignore',
      }),
    enabled: enabled && labReader,
    staleTime: 30_000,
  });
  const fromTrips = useQuery({
    queryKey: queryKeys.samplingTrips.list({ per_page: 100, sort: '-start_date' }),
    queryFn: () =>
      api.get<Paginated<Trip>>('/api/sampling-trips', { params: { per_page: 100, sort: '-start_date' }, display: 'ignore' }),
    enabled: enabled && !labReader && tripReader,
    staleTime: 30_000,
  });
  const options = new Map<number, string>();
  for (const a of fromAnalyses.data?.data ?? []) if (!options.has(a.trip.id)) options.set(a.trip.id, a.trip.code);
  for (const t of fromTrips.data?.data ?? []) options.set(t.id, `${t.code} — ${t.name}`);
  return {
    options: [...options].map(([value, label]) => ({ value, label })),
    isPending: (labReader && fromAnalyses.isPending) || (!labReader && tripReader && fromTrips.isPending),
    isError: fromAnalyses.isError || fromTrips.isError,
    /** Neither source is open to the caller. */
    unavailable: !labReader && !tripReader,
  };
}

/** GET /api/test-reports/rounds → the trip's rounds at the customer's sites (a report may hold one of them). */
export function useReportRounds(tripId: number | undefined, customerId: number | null | undefined) {
  const params = { trip_id: tripId, customer_id: customerId };
  return useQuery({
    queryKey: queryKeys.testReports.rounds(params),
    queryFn: () => api.get<TestReportRound[]>('/api/test-reports/rounds', { params, display: 'ignore' }),
    enabled: !!tripId && !!customerId,
    staleTime: 30_000,
  });
}

/** After a change: the answered detail in the cache, the lists and the versions refreshed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (d?: TestReportDetail) => {
    if (d) queryClient.setQueryData(queryKeys.testReports.detail(d.id), d);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.testReports.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.testReports.allVersions() }),
    ]);
  };
}

/** POST /api/test-reports: a draft from a trip's released results for one customer (422 NO_RELEASED_RESULTS). */
export function useCreateTestReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TestReportCreateInput) => api.post<TestReportDetail>('/api/test-reports', body, { display: 'ignore' }),
    onSuccess: (d) => refresh(d),
  });
}

/** PUT /api/test-reports/:id: a draft's note and QC statement (409 stale version or REPORT_SIGNED). */
export function useUpdateTestReport(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TestReportUpdateInput) =>
      api.put<TestReportDetail>(`/api/test-reports/${id}`, body, { display: 'ignore' }),
    onSuccess: (d) => refresh(d),
  });
}

/** DELETE /api/test-reports/:id: a draft only. */
export function useDeleteTestReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/test-reports/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.testReports.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.testReports.lists() });
    },
  });
}

/** POST /api/test-reports/:id/sign (lab.approve; 403 SAME_ANALYST). */
export function useSignTestReport(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (version: number) =>
      api.post<TestReportDetail>(`/api/test-reports/${id}/sign`, { version }, { display: 'ignore' }),
    onSuccess: (d) => refresh(d),
  });
}

/** GET /api/test-reports/:id/document → the signed version's .docx as stored at signing (the server's message else). */
export function useDownloadTestReport() {
  return useMutation({
    mutationFn: (r: Pick<TestReport, 'id' | 'number' | 'report_version'>) =>
      api.download(`/api/test-reports/${r.id}/document`, undefined, testReportFileName(r.number, r.report_version)),
  });
}

/** POST /api/test-reports/:id/correct: the next version, signed; the old one marked replaced. */
export function useCorrectTestReport(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TestReportCorrectInput) =>
      api.post<TestReportDetail>(`/api/test-reports/${id}/correct`, body, { display: 'ignore' }),
    onSuccess: async (d) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.testReports.detail(id) });
      await refresh(d);
    },
  });
}

/** GET /api/public/test-reports/:code (no sign-in, 10 a minute per IP): the page shows its own 404 and 429. */
export function useVerifyTestReport(code: string) {
  return useQuery({
    queryKey: queryKeys.public.testReport(code),
    queryFn: () => api.get<TestReportVerification>(`/api/public/test-reports/${encodeURIComponent(code)}`, { display: 'ignore' }),
    enabled: code.length > 0,
    retry: false,
    staleTime: 60_000,
  });
}
