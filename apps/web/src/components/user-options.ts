import type { UserOption, UserOptionsQuery } from '@qlcv/common/schemas/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** The query as the address carries it: `ids` as `1,2`. */
export type UserOptionsParams = Omit<UserOptionsQuery, 'ids'> & { ids?: number[] };

/**
 * GET /api/users/options?search=…&department_id=…&ids=…: up to USER_OPTIONS_LIMIT active users (any signed-in user)
 * by text (accent-insensitive), in a department and those under it, or by id — the one call of the user picker.
 */
export function getUserOptions(query: UserOptionsParams): Promise<UserOption[]> {
  return api.get<UserOption[]>('/api/users/options', {
    params: {
      search: query.search || undefined,
      department_id: query.department_id,
      ids: query.ids?.length ? query.ids.join(',') : undefined,
    },
    display: 'ignore',
  });
}

export function useUserOptions(query: UserOptionsParams, enabled = true) {
  return useQuery({
    queryKey: queryKeys.users.options(query),
    queryFn: () => getUserOptions(query),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
