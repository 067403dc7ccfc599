import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import type { RequestTypeListQuery } from './get-request-types';

/** GET /api/request-types with `X-Export: xlsx`: every type matching the filters, saved as loai-yeu-cau-YYYY-MM-DD.xlsx. */
export function exportRequestTypes(query: Omit<RequestTypeListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/request-types', query, `loai-yeu-cau-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportRequestTypes() {
  return useMutation({ mutationFn: exportRequestTypes });
}
