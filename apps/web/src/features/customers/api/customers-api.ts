import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  Customer,
  CustomerDetail,
  CustomerRequest,
  customerCreateBody,
  customerUpdateBody,
} from '@qlcv/common/schemas/customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface CustomerRequestsQuery {
  page?: number;
  per_page?: number | 'all';
  /** `created_at` or `code`, `-` for descending. */
  sort?: string;
}

/** GET /api/customers/:id/requests → a page of the customer's requests, newest first unless sorted. */
export function getCustomerRequests(id: number, query: CustomerRequestsQuery): Promise<Paginated<CustomerRequest>> {
  return api.get<Paginated<CustomerRequest>>(`/api/customers/${id}/requests`, { params: query, display: 'ignore' });
}

export function useCustomerRequests(id: number, query: CustomerRequestsQuery) {
  return useQuery({
    queryKey: queryKeys.customers.requests(id, query),
    queryFn: () => getCustomerRequests(id, query),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

/** GET /api/customers/:id → the customer, its request count and its attachments. */
export function getCustomer(id: number): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(`/api/customers/${id}`, { display: 'ignore' });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: queryKeys.customers.detail(id),
    queryFn: () => getCustomer(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface CustomerListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `organization`, `individual`, comma-separated. */
  type?: string;
  /** `public`, `staff`, comma-separated. */
  source?: string;
  /** Official province names, comma-separated. */
  province?: string;
}

/** GET /api/customers → a page of customers, filtered by type, source and province. */
export function getCustomers(query: CustomerListQuery): Promise<Paginated<Customer>> {
  return api.get<Paginated<Customer>>('/api/customers', { params: query, display: 'ignore' });
}

export function useCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: queryKeys.customers.list(query),
    queryFn: () => getCustomers(query),
    placeholderData: keepPreviousData,
  });
}

/** What the form sends (the server parses and normalises phones, tax code and province). */
export type CustomerCreateInput = z.input<typeof customerCreateBody>;

/** POST /api/customers → the new customer (errors are shown by the form). */
export function createCustomer(body: CustomerCreateInput): Promise<CustomerDetail> {
  return api.post<CustomerDetail>('/api/customers', body, { display: 'ignore' });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(queryKeys.customers.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() });
    },
  });
}

/** What the form sends, with the version that was loaded. */
export type CustomerUpdateInput = z.input<typeof customerUpdateBody>;

/** PUT /api/customers/:id; an old version answers 409. New `attachment_ids` are attached to the customer. */
export function updateCustomer(id: number, body: CustomerUpdateInput): Promise<CustomerDetail> {
  return api.put<CustomerDetail>(`/api/customers/${id}`, body, { display: 'ignore' });
}

export function useUpdateCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdateInput) => updateCustomer(id, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(queryKeys.customers.detail(id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.history(id) }),
      ]);
    },
  });
}

/** DELETE /api/customers/:id; a refusal (the customer still has requests) comes back as a toast with the server's message. */
export function deleteCustomer(id: number): Promise<void> {
  return api.delete<void>(`/api/customers/${id}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.customers.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers.lists() });
    },
  });
}

/** GET /api/customers with `X-Export: xlsx`: every customer matching the filters, saved as khach-hang-YYYY-MM-DD.xlsx. */
export function exportCustomers(query: Omit<CustomerListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/customers', query, `khach-hang-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers });
}
