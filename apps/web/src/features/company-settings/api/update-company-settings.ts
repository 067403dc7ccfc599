import type { CompanySettings, CompanySettingsUpdateInput } from '@qlcv/common/schemas/company-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { historyKey, queryKeys } from '@/lib/query-keys';

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
