import type { ProcessOption } from '@qlcv/common/schemas/processes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/processes/options: every process (id, code, name, active), for the process pickers (form and list filter);
 * `processes.index`, `request_types.create` or `request_types.edit`.
 */
export function getProcessOptions(): Promise<ProcessOption[]> {
  return api.get<ProcessOption[]>('/api/processes/options', { display: 'ignore' });
}

export function useProcessOptions(enabled = true) {
  return useQuery({ queryKey: queryKeys.processes.options(), queryFn: getProcessOptions, enabled });
}
