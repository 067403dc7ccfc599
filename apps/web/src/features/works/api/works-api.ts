import type { Paginated } from '@qlcv/common/schemas/common';
import type { MyWorkTab, Work, WorkComment, WorkDetail, workCreateBody } from '@qlcv/common/schemas/works';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/works/:id → the work, its request and step, followers, files and what the caller may do. */
export function getWork(id: number): Promise<WorkDetail> {
  return api.get<WorkDetail>(`/api/works/${id}`, { display: 'ignore' });
}

export function useWork(id: number) {
  return useQuery({ queryKey: queryKeys.works.detail(id), queryFn: () => getWork(id), enabled: Number.isInteger(id) && id > 0 });
}

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

export type WorkCreateInput = z.input<typeof workCreateBody>;

/** POST /api/works → the new work (errors are shown by the form). */
export function createWork(body: WorkCreateInput): Promise<WorkDetail> {
  return api.post<WorkDetail>('/api/works', body, { display: 'ignore' });
}

export function useCreateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWork,
    onSuccess: (work) => {
      queryClient.setQueryData(queryKeys.works.detail(work.id), work);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.works.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.mine() }),
      ]);
    },
  });
}

/** GET /api/works with `X-Export: xlsx`: every work in scope matching the filters, as cong-viec-YYYY-MM-DD.xlsx. */
export function exportWorks(query: Omit<WorkListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/works', query, `cong-viec-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportWorks() {
  return useMutation({ mutationFn: exportWorks });
}

/** GET /api/works/my with `X-Export: xlsx`: the tab's works, as cong-viec-cua-toi-YYYY-MM-DD.xlsx. */
export function exportMyWorks(query: Omit<WorkListQuery, 'page' | 'per_page'> & { tab: string }): Promise<void> {
  return api.download('/api/works/my', query, `cong-viec-cua-toi-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportMyWorks() {
  return useMutation({ mutationFn: exportMyWorks });
}

/** GET /api/works/:id/comments → the comments, oldest first. */
export function getComments(workId: number): Promise<Paginated<WorkComment>> {
  return api.get<Paginated<WorkComment>>(`/api/works/${workId}/comments`, {
    params: { per_page: 100, sort: 'created_at' },
    display: 'ignore',
  });
}

export function useComments(workId: number) {
  return useQuery({ queryKey: queryKeys.works.comments(workId), queryFn: () => getComments(workId), enabled: workId > 0 });
}

/** POST /api/works/:id/comments `{ body }` → the new comment. */
export function addComment(workId: number, body: string): Promise<WorkComment> {
  return api.post<WorkComment>(`/api/works/${workId}/comments`, { body }, { display: 'ignore' });
}

export function useAddComment(workId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment(workId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.works.comments(workId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.detail(workId) }),
      ]),
  });
}

export type WorkVerb = 'start' | 'hold' | 'resume' | 'complete' | 'cancel' | 'send-back';

export interface WorkActionInput {
  verb: WorkVerb | 'progress';
  /** hold / send-back: `{ reason }`; cancel: `{ reason? }`; complete: `{ result_note, document_ids? }`; progress: `{ progress }`. */
  body?: Record<string, unknown>;
}

/** POST /api/works/:id/<verb> (PUT …/progress) → the work as it is now; a wrong state answers 409. */
export function workAction(id: number, { verb, body }: WorkActionInput): Promise<WorkDetail> {
  if (verb === 'progress') return api.put<WorkDetail>(`/api/works/${id}/progress`, body, { display: 'ignore' });
  return api.post<WorkDetail>(`/api/works/${id}/${verb}`, body ?? {}, { display: 'ignore' });
}

export function useWorkAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkActionInput) => workAction(id, input),
    onSuccess: async (work) => {
      // A read of the work begun before the action would land after it and show the old status: drop it first.
      await queryClient.cancelQueries({ queryKey: queryKeys.works.detail(id) });
      queryClient.setQueryData(queryKeys.works.detail(id), work);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.works.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.mine() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.history(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.all }),
      ]);
    },
  });
}
