import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  Regulation,
  RegulationImportReport,
  RegulationListItem,
  RegulationOption,
  regulationCreateBody,
  regulationUpdateBody,
} from '@qlcv/common/schemas/regulations';
import { normalizeVi } from '@qlcv/common/vi-text';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

export interface RegulationListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  medium?: string;
  /** YYYY-MM-DD: only those in force that day. */
  in_force_on?: string;
}
export type RegulationCreateInput = z.input<typeof regulationCreateBody>;
export type RegulationUpdateInput = z.input<typeof regulationUpdateBody>;

/** GET /api/regulations → a page of the catalogue (any signed-in person). */
export function useRegulations(query: RegulationListQuery) {
  return useQuery({
    queryKey: queryKeys.regulations.list(query),
    queryFn: () => api.get<Paginated<RegulationListItem>>('/api/regulations', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/regulations/:id: the head, columns, factor tables and limits. */
export function useRegulation(id: number) {
  return useQuery({
    queryKey: queryKeys.regulations.detail(id),
    queryFn: () => api.get<Regulation>(`/api/regulations/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * GET /api/regulations/options: every regulation with its columns and factor tables — the "Thay thế bởi" picker and a
 * monitoring point's regulation picker (the sites feature). The catalogue changes rarely: no refetch mid-form.
 */
export function useRegulationOptions() {
  const query = {};
  return useQuery({
    queryKey: queryKeys.regulations.options(query),
    queryFn: () => api.get<RegulationOption[]>('/api/regulations/options', { params: query, display: 'ignore' }),
    staleTime: 5 * 60_000,
  });
}

function useRefreshRegulations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.regulations.all });
}

/** POST /api/regulations (errors are shown by the form). */
export function useCreateRegulation() {
  const refresh = useRefreshRegulations();
  return useMutation({
    mutationFn: (body: RegulationCreateInput) => api.post<Regulation>('/api/regulations', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/regulations/:id with the version that was loaded; an old version answers 409. */
export function useUpdateRegulation(id: number) {
  const refresh = useRefreshRegulations();
  return useMutation({
    mutationFn: (body: RegulationUpdateInput) => api.put<Regulation>(`/api/regulations/${id}`, body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/regulations/:id; a regulation points use answers 409 REGULATION_IN_USE, shown as a toast. */
export function useDeleteRegulation() {
  const refresh = useRefreshRegulations();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/regulations/${id}`),
    onSuccess: () => refresh(),
  });
}

/** GET /api/regulations/:id/import-template: its limits in the import's layout, to edit and import back. */
export function useRegulationTemplate() {
  return useMutation({
    mutationFn: (r: Pick<Regulation, 'id' | 'code'>) =>
      api.download(`/api/regulations/${r.id}/import-template`, undefined, `gioi-han-${fileSlug(r.code)}.xlsx`),
  });
}

/**
 * POST /api/regulations/:id/import?dry_run= (multipart `file`): the file's limits replace the regulation's; a dry run
 * only checks and counts. A wrong row rejects with the row-by-row report (422).
 */
export function useImportRegulationLimits(id: number) {
  const refresh = useRefreshRegulations();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      api.upload<RegulationImportReport>(`/api/regulations/${id}/import?dry_run=${dryRun}`, { file }, { display: 'ignore' }),
    onSuccess: (report) => {
      if (report.written) refresh();
    },
  });
}

/** "QCVN 40:2011/BTNMT" → "qcvn-40-2011-btnmt", as the server names the template. */
export const fileSlug = (code: string) =>
  normalizeVi(code)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
