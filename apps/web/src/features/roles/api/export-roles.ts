import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';

/** GET /api/roles with `X-Export: xlsx`: every role matching the search, saved as vai-tro-YYYY-MM-DD.xlsx. */
export function exportRoles(query: { search?: string; sort?: string }): Promise<void> {
  return api.download('/api/roles', query, `vai-tro-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportRoles() {
  return useMutation({ mutationFn: exportRoles });
}
