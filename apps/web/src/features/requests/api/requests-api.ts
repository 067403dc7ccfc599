import type { Paginated } from '@qlcv/common/schemas/common';
import type { CustomerOption } from '@qlcv/common/schemas/customers';
import type { RequestTypeOption } from '@qlcv/common/schemas/request-types';
import type { RequestDetail, RequestRecord, requestCreateBody, requestUpdateBody } from '@qlcv/common/schemas/requests';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/requests/:id → the request with its steps, works, files and history. */
export function getRequest(id: number): Promise<RequestDetail> {
  return api.get<RequestDetail>(`/api/requests/${id}`, { display: 'ignore' });
}

export function useRequest(id: number) {
  return useQuery({
    queryKey: queryKeys.requests.detail(id),
    queryFn: () => getRequest(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface RequestListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** Statuses, comma-separated. */
  status?: string;
  request_type_id?: string | number;
  /** Priorities, comma-separated. */
  priority?: string;
  customer_id?: string | number;
  /** Created on or after / before this day (YYYY-MM-DD). */
  from?: string;
  to?: string;
  overdue?: string;
}

/** GET /api/requests → a page of requests with their type and customer. */
export function getRequests(query: RequestListQuery): Promise<Paginated<RequestRecord>> {
  return api.get<Paginated<RequestRecord>>('/api/requests', { params: query, display: 'ignore' });
}

export function useRequests(query: RequestListQuery) {
  return useQuery({
    queryKey: queryKeys.requests.list(query),
    queryFn: () => getRequests(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/requests with `X-Export: xlsx`: every request matching the filters, saved as yeu-cau-YYYY-MM-DD.xlsx. */
export function exportRequests(query: Omit<RequestListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/requests', query, `yeu-cau-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportRequests() {
  return useMutation({ mutationFn: exportRequests });
}

/** Who may call GET /api/request-types/options. */
export const REQUEST_TYPE_OPTION_KEYS = ['request_types.index', 'requests.index', 'requests.create', 'requests.edit'] as const;
/** Who may call GET /api/customers/options. */
export const CUSTOMER_OPTION_KEYS = ['customer.index', 'requests.create', 'requests.edit'] as const;

/** GET /api/request-types/options: the active types, by name, for the type picker and filter. */
export function getRequestTypeOptions(): Promise<RequestTypeOption[]> {
  return api.get<RequestTypeOption[]>('/api/request-types/options', { display: 'ignore' });
}

export function useRequestTypeOptions(enabled = true) {
  return useQuery({ queryKey: queryKeys.requestTypes.options(), queryFn: getRequestTypeOptions, enabled, staleTime: 60_000 });
}

/** GET /api/customers/options?search=: the customer picker and filter (first 50 matches, id, code, name, phone). */
export function getCustomerOptions(search: string): Promise<CustomerOption[]> {
  return api.get<CustomerOption[]>('/api/customers/options', {
    params: { search: search || undefined },
    display: 'ignore',
  });
}

export function useCustomerOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.customers.options(search),
    queryFn: () => getCustomerOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export type RequestCreateInput = z.input<typeof requestCreateBody>;
export type RequestUpdateInput = z.input<typeof requestUpdateBody>;

/** POST /api/requests → the new request (errors are shown by the form). */
export function createRequest(body: RequestCreateInput): Promise<RequestDetail> {
  return api.post<RequestDetail>('/api/requests', body, { display: 'ignore' });
}

/** PUT /api/requests/:id; an old version answers 409. */
export function updateRequest(id: number, body: RequestUpdateInput): Promise<RequestDetail> {
  return api.put<RequestDetail>(`/api/requests/${id}`, body, { display: 'ignore' });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.requests.detail(request.id), request);
      return queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() });
    },
  });
}

export function useUpdateRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestUpdateInput) => updateRequest(id, body),
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.requests.detail(id), request);
      return queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() });
    },
  });
}

export type RequestVerb = 'receive' | 'hold' | 'resume' | 'reject' | 'cancel' | 'complete';

export interface TransitionInput {
  verb: RequestVerb;
  /** hold / reject: `{ reason }`; cancel: `{ reason? }`; complete: `{ result_text, document_ids? }`; others `{}`. */
  body?: Record<string, unknown>;
}

/** POST /api/requests/:id/<verb> → the request as it is now; a wrong state answers 409 with the current status. */
export function transitionRequest(id: number, { verb, body }: TransitionInput): Promise<RequestDetail> {
  return api.post<RequestDetail>(`/api/requests/${id}/${verb}`, body ?? {}, { display: 'ignore' });
}

export function useTransitionRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransitionInput) => transitionRequest(id, input),
    onSuccess: (request) => {
      queryClient.setQueryData(queryKeys.requests.detail(id), request);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.all }),
      ]);
    },
  });
}
