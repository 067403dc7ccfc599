import type { Department, departmentUpdateBody } from '@qlcv/common/schemas/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends, with the version that was loaded. */
export type DepartmentUpdateInput = z.input<typeof departmentUpdateBody>;

/** PUT /api/departments/:id; an old version answers 409. */
export function updateDepartment(id: number, body: DepartmentUpdateInput): Promise<Department> {
  return api.put<Department>(`/api/departments/${id}`, body, { display: 'ignore' });
}

export function useUpdateDepartment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentUpdateInput) => updateDepartment(id, body),
    onSuccess: async (department) => {
      queryClient.setQueryData(queryKeys.departments.detail(id), department);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.departments.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.departments.tree() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.departments.history(id) }),
        // Users show their department's name.
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]);
    },
  });
}
