import type { Paginated } from '@qlcv/common/schemas/common';
import type { Process } from '@qlcv/common/schemas/processes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface ProcessListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `true`: in use; `false`: no longer used. */
  active?: string;
}

/** GET /api/processes → a page of processes with their step count and total SLA. */
export function getProcesses(query: ProcessListQuery): Promise<Paginated<Process>> {
  return api.get<Paginated<Process>>('/api/processes', { params: query, display: 'ignore' });
}

export function useProcesses(query: ProcessListQuery) {
  return useQuery({
    queryKey: queryKeys.processes.list(query),
    queryFn: () => getProcesses(query),
    placeholderData: keepPreviousData,
  });
}
