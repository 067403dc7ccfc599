import type { Paginated } from '@qlcv/common/schemas/common';
import type { MyWorkTab, Work } from '@qlcv/common/schemas/works';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface WorkListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** Statuses, comma-separated. */
  status?: string;
  /** Priorities, comma-separated. */
  priority?: string;
  department_id?: string | number;
  assignee_id?: string | number;
  request_id?: string | number;
  overdue?: string;
}

/** GET /api/works → a page of the works in the caller's scope (`works.department` / `works.all`). */
export function getWorks(query: WorkListQuery): Promise<Paginated<Work>> {
  return api.get<Paginated<Work>>('/api/works', { params: query, display: 'ignore' });
}

export function useWorks(query: WorkListQuery) {
  return useQuery({ queryKey: queryKeys.works.list(query), queryFn: () => getWorks(query), placeholderData: keepPreviousData });
}

/** GET /api/works/my?tab= → the caller's works: assigned to them, created by them or followed. */
export function getMyWorks(query: WorkListQuery & { tab: MyWorkTab }): Promise<Paginated<Work>> {
  return api.get<Paginated<Work>>('/api/works/my', { params: query, display: 'ignore' });
}

export function useMyWorks(query: WorkListQuery & { tab: MyWorkTab }) {
  return useQuery({ queryKey: queryKeys.works.my(query), queryFn: () => getMyWorks(query), placeholderData: keepPreviousData });
}
