import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { historyKey, queryKeys } from '@/lib/query-keys';

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
