import type { Paginated } from '@qlcv/common/schemas/common';
import type { Department, DepartmentNode, departmentCreateBody, departmentUpdateBody } from '@qlcv/common/schemas/departments';
import type { User } from '@qlcv/common/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/departments/tree: every department, nested by parent. */
export function getDepartmentTree(): Promise<DepartmentNode[]> {
  return api.get<DepartmentNode[]>('/api/departments/tree', { display: 'ignore' });
}

export function useDepartmentTree() {
  return useQuery({ queryKey: queryKeys.departments.tree(), queryFn: getDepartmentTree });
}

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

/** GET /api/departments/:id */
export function getDepartment(id: number): Promise<Department> {
  return api.get<Department>(`/api/departments/${id}`, { display: 'ignore' });
}

export function useDepartment(id: number) {
  return useQuery({
    queryKey: queryKeys.departments.detail(id),
    queryFn: () => getDepartment(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface DepartmentListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  parent_id?: number | string;
}

/** GET /api/departments → a page of departments (optionally the children of one). */
export function getDepartments(query: DepartmentListQuery): Promise<Paginated<Department>> {
  return api.get<Paginated<Department>>('/api/departments', { params: query, display: 'ignore' });
}

export function useDepartments(query: DepartmentListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.departments.list(query),
    queryFn: () => getDepartments(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

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

/** DELETE /api/departments/:id; a refusal (children, staff) comes back as a toast with the server's message. */
export function deleteDepartment(id: number): Promise<void> {
  return api.delete<void>(`/api/departments/${id}`);
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.departments.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.departments.all });
    },
  });
}

/** GET /api/departments with `X-Export: xlsx`: every department matching the search, saved as phong-ban-YYYY-MM-DD.xlsx. */
export function exportDepartments(query: { search?: string; sort?: string }): Promise<void> {
  return api.download('/api/departments', query, `phong-ban-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportDepartments() {
  return useMutation({ mutationFn: exportDepartments });
}
