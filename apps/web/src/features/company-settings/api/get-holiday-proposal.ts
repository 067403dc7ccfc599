import type { HolidayProposal } from '@qlcv/common/schemas/company-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
