import type { Department, departmentCreateBody } from '@qlcv/common/schemas/departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** What the form sends (the server parses and normalises it). */
export type DepartmentCreateInput = z.input<typeof departmentCreateBody>;

/** POST /api/departments → the new department (errors are shown by the form). */
export function createDepartment(body: DepartmentCreateInput): Promise<Department> {
  return api.post<Department>('/api/departments', body, { display: 'ignore' });
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.departments.all }),
  });
}
