import type { CompanySettings } from '@qlcv/common/schemas/company-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings/company (any signed-in user) */
export function getCompanySettings(): Promise<CompanySettings> {
  return api.get<CompanySettings>('/api/settings/company', { display: 'ignore' });
}

export function useCompanySettings() {
  return useQuery({ queryKey: queryKeys.companySettings.detail(), queryFn: getCompanySettings });
}
