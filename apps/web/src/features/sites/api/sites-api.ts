import type { Paginated } from '@qlcv/common/schemas/common';
import type { Site, SiteDetail, siteCreateBody, siteUpdateBody } from '@qlcv/common/schemas/sites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface SiteListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  customer_id?: string;
  province?: string;
  /** `true` / `false`: still monitored or not. */
  active?: string;
  /** Sites with a point of this medium. */
  medium?: string;
}
export type SiteCreateInput = z.input<typeof siteCreateBody>;
export type SiteUpdateInput = z.input<typeof siteUpdateBody>;

/** GET /api/sites → a page of sites, each with its customer, its points' count and media. */
export function useSites(query: SiteListQuery) {
  return useQuery({
    queryKey: queryKeys.sites.list(query),
    queryFn: () => api.get<Paginated<Site>>('/api/sites', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/sites/:id → the site with its points and their plans. */
export function useSite(id: number) {
  return useQuery({
    queryKey: queryKeys.sites.detail(id),
    queryFn: () => api.get<SiteDetail>(`/api/sites/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (site?: SiteDetail) => {
    if (site) queryClient.setQueryData(queryKeys.sites.detail(site.id), site);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sites.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.sites.optionLists() }),
      site ? queryClient.invalidateQueries({ queryKey: queryKeys.sites.history(site.id) }) : undefined,
    ]);
  };
}

/** POST /api/sites (errors are shown by the form). */
export function useCreateSite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SiteCreateInput) => api.post<SiteDetail>('/api/sites', body, { display: 'ignore' }),
    onSuccess: (site) => refresh(site),
  });
}

/** PUT /api/sites/:id with the version that was loaded and the whole list of points; an old version answers 409. */
export function useUpdateSite(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SiteUpdateInput) => api.put<SiteDetail>(`/api/sites/${id}`, body, { display: 'ignore' }),
    onSuccess: (site) => refresh(site),
  });
}

/** DELETE /api/sites/:id; a refusal comes back as a toast with the server's message. */
export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/sites/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.sites.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.sites.lists() });
    },
  });
}

/** GET /api/sites with `X-Export: xlsx`, saved as co-so-quan-trac-YYYY-MM-DD.xlsx. */
export function useExportSites() {
  return useMutation({
    mutationFn: (query: Omit<SiteListQuery, 'page' | 'per_page'>) =>
      api.download('/api/sites', query, `co-so-quan-trac-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
