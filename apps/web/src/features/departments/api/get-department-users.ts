import type { Paginated } from '@qlcv/common/schemas/common';
import type { User } from '@qlcv/common/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users?department_id=N: the department's staff (first page), for its page. */
export function getDepartmentUsers(departmentId: number): Promise<Paginated<User>> {
  return api.get<Paginated<User>>('/api/users', {
    params: { department_id: departmentId, per_page: 20, sort: 'name' },
    display: 'ignore',
  });
}

export function useDepartmentUsers(departmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.byDepartment(departmentId),
    queryFn: () => getDepartmentUsers(departmentId),
    enabled: enabled && departmentId > 0,
  });
}
