import type { CompanySettings } from '@qlcv/common/schemas/company-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { historyKey, queryKeys } from '@/lib/query-keys';

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
