import type { Paginated } from '@qlcv/common/schemas/common';
import type { ProcessOption } from '@qlcv/common/schemas/processes';
import type { RequestType, requestTypeCreateBody, requestTypeUpdateBody } from '@qlcv/common/schemas/request-types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
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

/** GET /api/request-types/:id */
export function getRequestType(id: number): Promise<RequestType> {
  return api.get<RequestType>(`/api/request-types/${id}`, { display: 'ignore' });
}

export function useRequestType(id: number) {
  return useQuery({
    queryKey: queryKeys.requestTypes.detail(id),
    queryFn: () => getRequestType(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface RequestTypeListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `true` / `false`: offered on the public page or not. */
  is_public?: string;
  /** `true` / `false`: in use or not. */
  active?: string;
  process_id?: string | number;
}

/** GET /api/request-types → a page of request types with their process. */
export function getRequestTypes(query: RequestTypeListQuery): Promise<Paginated<RequestType>> {
  return api.get<Paginated<RequestType>>('/api/request-types', { params: query, display: 'ignore' });
}

export function useRequestTypes(query: RequestTypeListQuery) {
  return useQuery({
    queryKey: queryKeys.requestTypes.list(query),
    queryFn: () => getRequestTypes(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/request-types?per_page=all: every type, read for the service groups already in use (form suggestions). */
export function getServiceGroups(): Promise<Paginated<RequestType>> {
  return api.get<Paginated<RequestType>>('/api/request-types', {
    params: { per_page: 'all', sort: 'service_group' },
    display: 'ignore',
  });
}

export function useServiceGroups() {
  return useQuery({
    queryKey: queryKeys.requestTypes.serviceGroups(),
    queryFn: getServiceGroups,
    select: (page) => [...new Set(page.data.map((t) => t.service_group).filter((g): g is string => !!g))],
  });
}

export type RequestTypeCreateInput = z.input<typeof requestTypeCreateBody>;

/** POST /api/request-types → the new type (errors are shown by the form). */
export function createRequestType(body: RequestTypeCreateInput): Promise<RequestType> {
  return api.post<RequestType>('/api/request-types', body, { display: 'ignore' });
}

export function useCreateRequestType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequestType,
    onSuccess: (type) => {
      queryClient.setQueryData(queryKeys.requestTypes.detail(type.id), type);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.serviceGroups() }),
        // Processes show how many types use them.
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.all }),
      ]);
    },
  });
}

export type RequestTypeUpdateInput = z.input<typeof requestTypeUpdateBody>;

/** PUT /api/request-types/:id with the version that was loaded; an old version answers 409. */
export function updateRequestType(id: number, body: RequestTypeUpdateInput): Promise<RequestType> {
  return api.put<RequestType>(`/api/request-types/${id}`, body, { display: 'ignore' });
}

export function useUpdateRequestType(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestTypeUpdateInput) => updateRequestType(id, body),
    onSuccess: (type) => {
      queryClient.setQueryData(queryKeys.requestTypes.detail(id), type);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.serviceGroups() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.history(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.all }),
      ]);
    },
  });
}

/** DELETE /api/request-types/:id; a refusal (requests use it) comes back as a toast with the server's message. */
export function deleteRequestType(id: number): Promise<void> {
  return api.delete<void>(`/api/request-types/${id}`);
}

export function useDeleteRequestType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestType,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.requestTypes.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requestTypes.serviceGroups() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.all }),
      ]);
    },
  });
}

/** GET /api/request-types with `X-Export: xlsx`: every type matching the filters, saved as loai-yeu-cau-YYYY-MM-DD.xlsx. */
export function exportRequestTypes(query: Omit<RequestTypeListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/request-types', query, `loai-yeu-cau-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportRequestTypes() {
  return useMutation({ mutationFn: exportRequestTypes });
}
