import type { CompanySettings } from '@qlcv/common/schemas/company-settings';
import type { ContractTemplateOption } from '@qlcv/common/schemas/contract-templates';
import type {
  ContractDetail,
  ContractList,
  ContractPrefill,
  ContractVerb,
  contractCreateBody,
  contractUpdateBody,
  VatRule,
} from '@qlcv/common/schemas/contracts';
import type { CustomerOption } from '@qlcv/common/schemas/customers';
import type { ServiceOption } from '@qlcv/common/schemas/services';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface ContractListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** Statuses, comma-separated. */
  status?: string;
  customer_id?: string | number;
  request_id?: string | number;
  /** `1`: signed or in progress and ending within 30 days. */
  expiring?: string;
  /** Signed date range, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export type ContractCreateInput = z.input<typeof contractCreateBody>;
export type ContractUpdateInput = z.input<typeof contractUpdateBody>;

/** GET /api/contracts → a page of contracts; `meta.sums` counts and sums every row the filters match, by group. */
export function useContracts(query: ContractListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.contracts.list(query),
    queryFn: () => api.get<ContractList>('/api/contracts', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/contracts with `X-Export: xlsx`, saved as hop-dong-YYYY-MM-DD.xlsx. */
export function useExportContracts() {
  return useMutation({
    mutationFn: (query: ContractListQuery) =>
      api.download('/api/contracts', { ...query }, `hop-dong-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}

/** GET /api/contracts/:id. */
export function useContract(id: number) {
  return useQuery({
    queryKey: queryKeys.contracts.detail(id),
    queryFn: () => api.get<ContractDetail>(`/api/contracts/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/contracts/prefill?request_id= → a new contract's customer, title and services from a request. */
export function useContractPrefill(requestId: number | null) {
  return useQuery({
    queryKey: queryKeys.contracts.prefill(requestId ?? 0),
    queryFn: () => api.get<ContractPrefill>('/api/contracts/prefill', { params: { request_id: requestId }, display: 'ignore' }),
    enabled: !!requestId && requestId > 0,
    retry: false,
  });
}

/** GET /api/vat-rules: the dated reductions (e.g. 10 % → 8 %), for the form's live totals. */
export function useVatRules() {
  return useQuery({
    queryKey: queryKeys.vatRules.list(),
    queryFn: () => api.get<VatRule[]>('/api/vat-rules', { display: 'ignore' }),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/services/options?search=&active=1: the line-item service picker (first matches). */
export function useServiceOptions(search: string) {
  return useQuery({
    queryKey: queryKeys.services.options(search),
    queryFn: () =>
      api.get<ServiceOption[]>('/api/services/options', {
        params: { search: search || undefined, active: 1 },
        display: 'ignore',
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/customers/options?search=: the customer picker (first matches: id, code, name, phone). */
export function useCustomerOptions(search: string) {
  return useQuery({
    queryKey: queryKeys.customers.options(search),
    queryFn: () =>
      api.get<CustomerOption[]>('/api/customers/options', { params: { search: search || undefined }, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/customers/options?ids=: one customer's label (a new contract opened with `?customer_id=`). */
export function useCustomerOption(id: number | null) {
  return useQuery({
    queryKey: queryKeys.customers.optionsOf(String(id ?? 0)),
    queryFn: () => api.get<CustomerOption[]>('/api/customers/options', { params: { ids: id }, display: 'ignore' }),
    enabled: !!id && id > 0,
    select: (list) => list[0] ?? null,
  });
}

/** The company's contract number pattern (GET /api/settings/company), for the form's hint. */
export function useCompanyNumberPattern(): string | undefined {
  const settings = useQuery({
    queryKey: queryKeys.companySettings.detail(),
    queryFn: () => api.get<CompanySettings>('/api/settings/company', { display: 'ignore' }),
    staleTime: 60_000,
  });
  return settings.data?.contract_number_pattern;
}

/** GET /api/contract-templates/options: the active templates, for the template picker. */
export function useTemplateOptions() {
  return useQuery({
    queryKey: queryKeys.contractTemplates.options(),
    queryFn: () => api.get<ContractTemplateOption[]>('/api/contract-templates/options', { display: 'ignore' }),
    staleTime: 60_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (contract?: ContractDetail) => {
    if (contract) queryClient.setQueryData(queryKeys.contracts.detail(contract.id), contract);
    return Promise.all([
      queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'contracts' && !(contract && q.queryKey[1] === 'detail' && q.queryKey[2] === contract.id),
      }),
    ]);
  };
}

/** POST /api/contracts; the number is generated from the company's pattern when left empty. */
export function useCreateContract() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContractCreateInput) => api.post<ContractDetail>('/api/contracts', body, { display: 'ignore' }),
    onSuccess: (contract) => refresh(contract),
  });
}

/** PUT /api/contracts/:id (draft or pending approval); an old version answers 409. */
export function useUpdateContract(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContractUpdateInput) => api.put<ContractDetail>(`/api/contracts/${id}`, body, { display: 'ignore' }),
    onSuccess: (contract) => refresh(contract),
  });
}

/** DELETE /api/contracts/:id (draft only); a refusal shows as a toast. */
export function useDeleteContract(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/contracts/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.contracts.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.contracts.lists() });
    },
  });
}

/** POST /api/contracts/:id/<verb>; a status the verb does not leave answers 409. */
export function useTransitionContract(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ verb, body }: { verb: ContractVerb; body: Record<string, unknown> }) =>
      api.post<ContractDetail>(`/api/contracts/${id}/${verb}`, body, { display: 'ignore' }),
    onSuccess: (contract) => refresh(contract),
  });
}

/** `015/2026/HĐ-QT` → `015-2026-HĐ-QT.docx`, the name the server gives the document too. */
export const documentFileName = (number: string) => `${number.replace(/\//g, '-')}.docx`;

/** GET /api/contracts/:id/document → the contract filled into its template; the server's message when it cannot. */
export function useDownloadContractDocument() {
  return useMutation({
    mutationFn: (contract: { id: number; number: string }) =>
      api.download(`/api/contracts/${contract.id}/document`, undefined, documentFileName(contract.number)),
  });
}
