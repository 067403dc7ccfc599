import type { HolidaysUpdateInput, HolidayYear } from '@qlcv/common/schemas/company-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { historyKey, queryKeys } from '@/lib/query-keys';

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
