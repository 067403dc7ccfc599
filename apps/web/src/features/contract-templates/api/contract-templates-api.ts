import type { Paginated } from '@qlcv/common/schemas/common';
import type { ContractTemplate, TemplateKind, TemplatePlaceholderCatalogue } from '@qlcv/common/schemas/contract-templates';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toFormData } from '@/lib/api/form-data';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface ContractTemplateListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `1` in use, `0` not. */
  active?: string;
  /** `contract` or `test_report`. */
  kind?: string;
}

/** What a create or update sends: the fields, and the .docx when one was chosen. */
export interface ContractTemplateInput {
  code: string;
  name: string;
  description: string | null;
  active: boolean;
  /** Sent on create only: a template's kind never changes. */
  kind?: TemplateKind;
  file?: File | null;
}

/** GET /api/contract-templates → a page of templates. */
export function useContractTemplates(query: ContractTemplateListQuery) {
  return useQuery({
    queryKey: queryKeys.contractTemplates.list(query),
    queryFn: () => api.get<Paginated<ContractTemplate>>('/api/contract-templates', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/contract-templates/:id */
export function useContractTemplate(id: number) {
  return useQuery({
    queryKey: queryKeys.contractTemplates.detail(id),
    queryFn: () => api.get<ContractTemplate>(`/api/contract-templates/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/contract-templates/placeholders?kind=: the merge fields by group of a kind (the form's help panel). */
export function usePlaceholderCatalogue(kind: TemplateKind = 'contract') {
  return useQuery({
    queryKey: queryKeys.contractTemplates.placeholders(kind),
    queryFn: () =>
      api.get<TemplatePlaceholderCatalogue>('/api/contract-templates/placeholders', { params: { kind }, display: 'ignore' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const formOf = (input: ContractTemplateInput, version?: number) =>
  toFormData({
    code: input.code,
    name: input.name,
    description: input.description ?? '',
    active: input.active,
    ...(input.kind && version === undefined ? { kind: input.kind } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(input.file ? { file: input.file } : {}),
  });
const MULTIPART = { 'Content-Type': 'multipart/form-data' };

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.contractTemplates.all });
}

/** POST /api/contract-templates (multipart); a template with problems is refused with each one (422, field `file`). */
export function useCreateContractTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ContractTemplateInput) =>
      api.post<ContractTemplate>('/api/contract-templates', formOf(input), { display: 'ignore', headers: MULTIPART }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/contract-templates/:id (multipart) with the version that was loaded; a new file is checked again. */
export function useUpdateContractTemplate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ version, ...input }: ContractTemplateInput & { version: number }) =>
      api.put<ContractTemplate>(`/api/contract-templates/${id}`, formOf(input, version), {
        display: 'ignore',
        headers: MULTIPART,
      }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/contract-templates/:id; one a contract uses is refused (409, shown as a toast). */
export function useDeleteContractTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/contract-templates/${id}`),
    onSuccess: () => refresh(),
  });
}

/** The .docx downloads: the suggested sample, a template's file, a template filled with sample data. */
export function useTemplateDownloads() {
  return {
    sample: useMutation({
      mutationFn: () => api.download('/api/contract-templates/sample', undefined, 'mau-hop-dong-quan-trac-moi-truong.docx'),
    }),
    file: useMutation({
      mutationFn: (t: Pick<ContractTemplate, 'id' | 'code' | 'file'>) =>
        api.download(`/api/contract-templates/${t.id}/file`, undefined, t.file?.original_name ?? `${t.code}.docx`),
    }),
    preview: useMutation({
      mutationFn: (t: Pick<ContractTemplate, 'id' | 'code'>) =>
        api.download(`/api/contract-templates/${t.id}/preview`, undefined, `xem-thu-${t.code}.docx`),
    }),
  };
}

/** GET /api/contract-templates with `X-Export: xlsx`. */
export function useExportContractTemplates() {
  return useMutation({
    mutationFn: (query: Omit<ContractTemplateListQuery, 'page' | 'per_page'>) =>
      api.download('/api/contract-templates', query, `mau-hop-dong-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
