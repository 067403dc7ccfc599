import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import type { TimekeepingQuery } from './get-timekeeping';

/** GET /api/timekeeping with `X-Export: xlsx`: the month's grid saved as cham-cong-YYYY-MM.xlsx. */
export function exportTimekeeping(query: TimekeepingQuery): Promise<void> {
  return api.download('/api/timekeeping', { ...query }, `cham-cong-${query.month}.xlsx`);
}

export function useExportTimekeeping() {
  return useMutation({ mutationFn: exportTimekeeping });
}
