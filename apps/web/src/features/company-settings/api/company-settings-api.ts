import type {
  CompanySettings,
  CompanySettingsUpdateInput,
  HolidayProposal,
  HolidaysUpdateInput,
  HolidayYear,
} from '@qlcv/common/schemas/company-settings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api/requester';
import { historyKey, queryKeys } from '@/lib/query-keys';

/** GET /api/settings/company/holidays?year=YYYY: the saved days, or the proposal with `saved: false`. */
export function getCompanyHolidays(year: number): Promise<HolidayYear> {
  return api.get<HolidayYear>('/api/settings/company/holidays', { params: { year }, display: 'ignore' });
}

export function useCompanyHolidays(year: number) {
  return useQuery({
    queryKey: queryKeys.companySettings.holidays(year),
    queryFn: () => getCompanyHolidays(year),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/settings/company (any signed-in user) */
export function getCompanySettings(): Promise<CompanySettings> {
  return api.get<CompanySettings>('/api/settings/company', { display: 'ignore' });
}

export function useCompanySettings() {
  return useQuery({ queryKey: queryKeys.companySettings.detail(), queryFn: getCompanySettings });
}

/** GET /api/settings/company/holidays/proposal?year=YYYY: the statutory holidays of the year (settings.edit). */
export function getHolidayProposal(year: number): Promise<HolidayProposal> {
  return api.get<HolidayProposal>('/api/settings/company/holidays/proposal', { params: { year }, display: 'ignore' });
}

/** Fetches a year's proposal when asked (the "Đề xuất theo lịch" button), fresh each time. */
export function useFetchHolidayProposal() {
  const queryClient = useQueryClient();
  return useCallback(
    (year: number) =>
      queryClient.fetchQuery({
        queryKey: queryKeys.companySettings.proposal(year),
        queryFn: () => getHolidayProposal(year),
        staleTime: 0,
      }),
    [queryClient],
  );
}

/** PUT /api/settings/company/holidays: the whole list of a year, with the version read (0 for a year never saved). */
export function updateCompanyHolidays(body: HolidaysUpdateInput): Promise<HolidayYear> {
  return api.put<HolidayYear>('/api/settings/company/holidays', body, { display: 'ignore' });
}

export function useUpdateCompanyHolidays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyHolidays,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.companySettings.holidays(saved.year), saved);
      await queryClient.invalidateQueries({ queryKey: historyKey('company_holidays', saved.year) });
    },
  });
}

/** PUT /api/settings/company with the version that was loaded; an old version answers 409. */
export function updateCompanySettings(body: CompanySettingsUpdateInput): Promise<CompanySettings> {
  return api.put<CompanySettings>('/api/settings/company', body, { display: 'ignore' });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKeys.companySettings.detail(), settings);
      // A year never saved follows the proposal, which follows the working week.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKey('company_settings', 1) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.companySettings.all, refetchType: 'active' }),
      ]);
    },
  });
}

/** DELETE /api/settings/company/logo?version=N: removes the logo (409 when the settings changed meanwhile). */
export function deleteCompanyLogo(version: number): Promise<void> {
  return api.delete<void>('/api/settings/company/logo', { params: { version }, display: 'ignore' });
}

export function useDeleteCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyLogo,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companySettings.detail() }),
        queryClient.invalidateQueries({ queryKey: historyKey('company_settings', 1) }),
      ]);
    },
  });
}

/** POST /api/settings/company/logo (multipart: `file`, `version`): replaces the logo, answers the settings. */
export function uploadCompanyLogo({ file, version }: { file: File; version: number }): Promise<CompanySettings> {
  return api.upload<CompanySettings>('/api/settings/company/logo', { file, version }, { display: 'ignore' });
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKeys.companySettings.detail(), settings);
      await queryClient.invalidateQueries({ queryKey: historyKey('company_settings', 1) });
    },
  });
}
