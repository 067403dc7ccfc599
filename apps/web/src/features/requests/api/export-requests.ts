import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import type { RequestListQuery } from './get-requests';

/** GET /api/requests with `X-Export: xlsx`: every request matching the filters, saved as yeu-cau-YYYY-MM-DD.xlsx. */
export function exportRequests(query: Omit<RequestListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/requests', query, `yeu-cau-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportRequests() {
  return useMutation({ mutationFn: exportRequests });
}
