// Types come from the shared schemas (packages/common/src/schemas/attendance.ts).
import type {
  AttendanceCorrection,
  AttendanceCorrectionDetail,
  AttendanceDay,
  AttendanceImportReport,
  AttendanceRecord,
  AttendanceSettings,
  AttendanceSite,
  AttendanceToday,
  attendanceSettingsUpdateBody,
  CheckKind,
  CheckMethod,
  CorrectionStatus,
  checkBody,
  correctionCreateBody,
  KioskCode,
  siteCreateBody,
} from '@qlcv/common/schemas/attendance';
import type { Paginated } from '@qlcv/common/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export type {
  AttendanceCorrection,
  AttendanceCorrectionDetail,
  AttendanceDay,
  AttendanceImportReport,
  AttendanceRecord,
  AttendanceSettings,
  AttendanceSite,
  AttendanceToday,
  CheckKind,
  CheckMethod,
  CorrectionStatus,
  KioskCode,
};

export type Paged<T> = Paginated<T>;
export type ShiftHours = AttendanceSettings['shift'];
export type AttendanceCheckBody = z.input<typeof checkBody>;
export type AttendanceSiteBody = z.input<typeof siteCreateBody> & { version?: number };
export type AttendanceSettingsBody = z.input<typeof attendanceSettingsUpdateBody>;
export type AttendanceCorrectionBody = z.input<typeof correctionCreateBody>;

const keys = queryKeys.attendance;

/** GET /api/attendance/today → my day: check-ins, shift, sites, office IP, accuracy limit. */
export function useAttendanceToday() {
  return useQuery({
    queryKey: keys.today(),
    queryFn: () => api.get<AttendanceToday>('/api/attendance/today', { display: 'ignore' }),
  });
}

/** GET /api/attendance/days?month=&user_id= → one person's month, a row a day. */
export function useAttendanceDays(query: { month: string; user_id?: number }, enabled = true) {
  return useQuery({
    queryKey: keys.days(query),
    queryFn: () => api.get<AttendanceDay[]>('/api/attendance/days', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface AttendanceListQuery {
  month: string;
  user_id?: number;
  department_id?: number;
  page?: number;
  per_page?: number;
}

/** GET /api/attendance → the check-ins in the caller's scope (own, departments headed, everyone). */
export function useAttendanceRecords(query: AttendanceListQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () => api.get<Paged<AttendanceRecord>>('/api/attendance', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** Whatever a check-in or a decided correction moves: today, the months, the lists. */
function useRefreshAttendance() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

/** POST /api/attendance/check → the record; a 422 says why (the distance, the accuracy, an expired QR). */
export function useCheck() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (body: AttendanceCheckBody) => api.post<AttendanceRecord>('/api/attendance/check', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/attendance/kiosk-code → a signed code valid 30 s and the URL the QR carries. */
export function useKioskCode(refetchInterval: number) {
  return useQuery({
    queryKey: keys.kioskCode(),
    queryFn: () => api.get<KioskCode>('/api/attendance/kiosk-code', { display: 'ignore' }),
    refetchInterval,
    refetchIntervalInBackground: true,
    // A code the kiosk shows must never be one kept from earlier.
    gcTime: 0,
    staleTime: 0,
  });
}

// Sites --------------------------------------------------------------------------------------------

export function useAttendanceSites() {
  return useQuery({
    queryKey: keys.sites(),
    // A company has a handful of sites: all of them, in code order.
    queryFn: () =>
      api.get<AttendanceSite[] | Paged<AttendanceSite>>('/api/attendance/sites', {
        params: { per_page: 'all', sort: 'code' },
        display: 'ignore',
      }),
    select: (data) => (Array.isArray(data) ? data : data.data),
  });
}

export function useAttendanceSite(id: number) {
  return useQuery({
    queryKey: keys.site(id),
    queryFn: () => api.get<AttendanceSite>(`/api/attendance/sites/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSaveAttendanceSite(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSiteBody) =>
      id
        ? api.put<AttendanceSite>(`/api/attendance/sites/${id}`, body, { display: 'ignore' })
        : api.post<AttendanceSite>('/api/attendance/sites', body, { display: 'ignore' }),
    onSuccess: (site) => {
      client.setQueryData(keys.site(site.id), site);
      return client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export function useDeleteAttendanceSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/attendance/sites/${id}`, { display: 'ignore' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

// Rules --------------------------------------------------------------------------------------------

export function useAttendanceSettings() {
  return useQuery({
    queryKey: keys.settings(),
    queryFn: () => api.get<AttendanceSettings>('/api/attendance/settings', { display: 'ignore' }),
  });
}

export function useUpdateAttendanceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSettingsBody) =>
      api.put<AttendanceSettings>('/api/attendance/settings', body, { display: 'ignore' }),
    onSuccess: (settings) => {
      client.setQueryData(keys.settings(), settings);
      void client.invalidateQueries({ queryKey: keys.settingsHistory(1) });
      return client.invalidateQueries({ queryKey: keys.today() });
    },
  });
}

// Corrections (giải trình) -------------------------------------------------------------------------

export interface CorrectionListQuery {
  tab: 'mine' | 'to_approve' | 'all';
  status?: string;
  page?: number;
  per_page?: number;
}

export function useCorrections(query: CorrectionListQuery) {
  return useQuery({
    queryKey: keys.corrections(query),
    queryFn: () => api.get<Paged<AttendanceCorrection>>('/api/attendance/corrections', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

export function useCorrection(id: number) {
  return useQuery({
    queryKey: keys.correction(id),
    queryFn: () => api.get<AttendanceCorrectionDetail>(`/api/attendance/corrections/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateCorrection() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: (body: AttendanceCorrectionBody) =>
      api.post<AttendanceCorrectionDetail>('/api/attendance/corrections', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

export type CorrectionVerb = 'approve' | 'reject' | 'cancel';

export function useTransitionCorrection(id: number) {
  const client = useQueryClient();
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: ({ verb, body }: { verb: CorrectionVerb; body: Record<string, unknown> }) =>
      api.post<AttendanceCorrectionDetail>(`/api/attendance/corrections/${id}/${verb}`, body, { display: 'ignore' }),
    onSuccess: (correction) => {
      client.setQueryData(keys.correction(correction.id), correction);
      return refresh();
    },
  });
}

// Time clock import --------------------------------------------------------------------------------

/** POST /api/attendance/imports (multipart); `dry_run` only checks. A 422 carries the same report. */
export function useImportAttendance() {
  const refresh = useRefreshAttendance();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      api.upload<AttendanceImportReport>(
        `/api/attendance/imports${dryRun ? '?dry_run=true' : ''}`,
        { file },
        { display: 'ignore' },
      ),
    onSuccess: (_report, { dryRun }) => (dryRun ? undefined : refresh()),
  });
}
