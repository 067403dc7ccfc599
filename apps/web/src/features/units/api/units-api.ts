import type { Paginated } from '@qlcv/common/schemas/common';
import type { Unit, UnitOption, unitCreateBody, unitUpdateBody } from '@qlcv/common/schemas/units';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface UnitListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `true` / `false`: in use or not. */
  active?: string;
}
export type UnitCreateInput = z.input<typeof unitCreateBody>;
export type UnitUpdateInput = z.input<typeof unitUpdateBody>;

/** GET /api/units → a page of units with how many services use each. */
export function useUnits(query: UnitListQuery) {
  return useQuery({
    queryKey: queryKeys.units.list(query),
    queryFn: () => api.get<Paginated<Unit>>('/api/units', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/units/:id */
export function useUnit(id: number) {
  return useQuery({
    queryKey: queryKeys.units.detail(id),
    queryFn: () => api.get<Unit>(`/api/units/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/units/options: every unit, active first (any signed-in user: the service form's picker). */
export function useUnitOptions() {
  return useQuery({
    queryKey: queryKeys.units.options(),
    queryFn: () => api.get<UnitOption[]>('/api/units/options', { display: 'ignore' }),
    staleTime: 60_000,
  });
}

/** Units and the services' unit names move together: a rename shows in the catalogue too. */
function useRefreshUnits() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.units.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
    ]);
}

/** POST /api/units (errors are shown by the form). */
export function useCreateUnit() {
  const refresh = useRefreshUnits();
  return useMutation({
    mutationFn: (body: UnitCreateInput) => api.post<Unit>('/api/units', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/units/:id with the version that was loaded; an old version answers 409. */
export function useUpdateUnit(id: number) {
  const refresh = useRefreshUnits();
  return useMutation({
    mutationFn: (body: UnitUpdateInput) => api.put<Unit>(`/api/units/${id}`, body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/units/:id; a refusal (services use it) comes back as a toast with the server's message. */
export function useDeleteUnit() {
  const refresh = useRefreshUnits();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/units/${id}`),
    onSuccess: () => refresh(),
  });
}

/** GET /api/units with `X-Export: xlsx`, saved as don-vi-tinh-YYYY-MM-DD.xlsx. */
export function useExportUnits() {
  return useMutation({
    mutationFn: (query: Omit<UnitListQuery, 'page' | 'per_page'>) =>
      api.download('/api/units', query, `don-vi-tinh-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
