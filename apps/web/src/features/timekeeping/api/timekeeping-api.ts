import type { Timekeeping } from '@qlcv/common/schemas/timekeeping';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface TimekeepingQuery {
  /** YYYY-MM */
  month: string;
  department_id?: number;
}

/** GET /api/timekeeping → the month's grid in the caller's scope. */
export function getTimekeeping(query: TimekeepingQuery): Promise<Timekeeping> {
  return api.get<Timekeeping>('/api/timekeeping', { params: query, display: 'ignore' });
}

export function useTimekeeping(query: TimekeepingQuery) {
  return useQuery({
    queryKey: queryKeys.timekeeping.month(query),
    queryFn: () => getTimekeeping(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/timekeeping with `X-Export: xlsx`: the month's grid saved as cham-cong-YYYY-MM.xlsx. */
export function exportTimekeeping(query: TimekeepingQuery): Promise<void> {
  return api.download('/api/timekeeping', { ...query }, `cham-cong-${query.month}.xlsx`);
}

export function useExportTimekeeping() {
  return useMutation({ mutationFn: exportTimekeeping });
}
