import type { Paginated } from '@qlcv/common/schemas/common';
import type { Process } from '@qlcv/common/schemas/processes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** GET /api/processes?per_page=all: every process, for the process pickers (form and list filter). */
export function getProcessOptions(): Promise<Paginated<Process>> {
  return api.get<Paginated<Process>>('/api/processes', { params: { per_page: 'all', sort: 'name' }, display: 'ignore' });
}

export function useProcessOptions() {
  return useQuery({ queryKey: ['processes', 'options'], queryFn: getProcessOptions, select: (page) => page.data });
}
