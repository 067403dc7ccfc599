import type { Paginated } from '@qlcv/common/schemas/common';
import type { Department } from '@qlcv/common/schemas/departments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

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
