import type { Paginated } from '@qlcv/common/schemas/common';
import type { Service, ServiceImportResult, serviceCreateBody, serviceUpdateBody } from '@qlcv/common/schemas/services';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface ServiceListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  group?: string;
  unit_id?: string | number;
  /** `10,5,none`: any of these rates. */
  vat_rate?: string;
  /** `true` / `false`: in use or not. */
  active?: string;
}
export type ServiceCreateInput = z.input<typeof serviceCreateBody>;
export type ServiceUpdateInput = z.input<typeof serviceUpdateBody>;

/** GET /api/services → a page of the catalogue with each service's unit. */
export function useServices(query: ServiceListQuery) {
  return useQuery({
    queryKey: queryKeys.services.list(query),
    queryFn: () => api.get<Paginated<Service>>('/api/services', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/services/:id */
export function useService(id: number) {
  return useQuery({
    queryKey: queryKeys.services.detail(id),
    queryFn: () => api.get<Service>(`/api/services/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/services/groups: the groups in use (the filter, the form's suggestions). */
export function useServiceGroups() {
  return useQuery({
    queryKey: queryKeys.services.groups(),
    queryFn: () => api.get<string[]>('/api/services/groups', { display: 'ignore' }),
  });
}

function useRefreshServices() {
  const queryClient = useQueryClient();
  // Units count the services priced in them.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.units.all }),
    ]);
}

/** POST /api/services (errors are shown by the form). */
export function useCreateService() {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (body: ServiceCreateInput) => api.post<Service>('/api/services', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/services/:id with the version that was loaded; an old version answers 409. */
export function useUpdateService(id: number) {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (body: ServiceUpdateInput) => api.put<Service>(`/api/services/${id}`, body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/services/:id */
export function useDeleteService() {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/services/${id}`),
    onSuccess: () => refresh(),
  });
}

/** GET /api/services with `X-Export: xlsx`: the filtered catalogue in the import's columns. */
export function useExportServices() {
  return useMutation({
    mutationFn: (query: Omit<ServiceListQuery, 'page' | 'per_page'>) =>
      api.download('/api/services', query, `dich-vu-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}

/** GET /api/services/import-template: the empty sheet with its headers and one example row. */
export function useServiceImportTemplate() {
  return useMutation({ mutationFn: () => api.download('/api/services/import-template', undefined, 'mau-nhap-dich-vu.xlsx') });
}

/** POST /api/services/import (multipart `file`); a wrong row rejects with the row-by-row report (422). */
export function useImportServices() {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (file: File) => api.upload<ServiceImportResult>('/api/services/import', { file }, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}
