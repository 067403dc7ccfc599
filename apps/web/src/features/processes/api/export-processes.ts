import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import type { ProcessListQuery } from './get-processes';

/** GET /api/processes with `X-Export: xlsx`: every process matching the filters, saved as quy-trinh-YYYY-MM-DD.xlsx. */
export function exportProcesses(query: Omit<ProcessListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/processes', query, `quy-trinh-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportProcesses() {
  return useMutation({ mutationFn: exportProcesses });
}
