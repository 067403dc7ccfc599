import type { HolidayYear } from '@qlcv/common/schemas/company-settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
