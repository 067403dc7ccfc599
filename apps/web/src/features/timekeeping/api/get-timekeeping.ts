import type { Timekeeping } from '@qlcv/common/schemas/timekeeping';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
