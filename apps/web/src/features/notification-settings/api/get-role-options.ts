import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface RoleOption {
  id: number;
  code: string;
  name: string;
}

/** GET /api/roles/options: the roles a setting may name (refused without a role key: the picker says so). */
export function getRoleOptions(): Promise<RoleOption[]> {
  return api.get<RoleOption[]>('/api/roles/options', { display: 'ignore' });
}

export function useRoleOptions() {
  return useQuery({ queryKey: queryKeys.roles.options(), queryFn: getRoleOptions, staleTime: 60_000, retry: false });
}
