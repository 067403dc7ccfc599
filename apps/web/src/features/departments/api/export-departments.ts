import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';

/** GET /api/departments with `X-Export: xlsx`: every department matching the search, saved as phong-ban-YYYY-MM-DD.xlsx. */
export function exportDepartments(query: { search?: string; sort?: string }): Promise<void> {
  return api.download('/api/departments', query, `phong-ban-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportDepartments() {
  return useMutation({ mutationFn: exportDepartments });
}
