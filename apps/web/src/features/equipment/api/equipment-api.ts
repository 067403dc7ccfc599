import type { Paginated } from '@qlcv/common/schemas/common';
import type { Equipment, EquipmentOption, equipmentCreateBody, equipmentUpdateBody } from '@qlcv/common/schemas/equipment';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface EquipmentListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `instrument` / `vehicle`. */
  kind?: string;
  /** `lapsed` / `due_soon` / `valid` / `none`, on Vietnam's today. */
  calibration?: string;
  /** `true` / `false`: in use or not. */
  active?: string;
}
export type EquipmentCreateInput = z.input<typeof equipmentCreateBody>;
export type EquipmentUpdateInput = z.input<typeof equipmentUpdateBody>;

/** GET /api/equipment → a page of instruments and vehicles, each with its calibration state today. */
export function useEquipmentList(query: EquipmentListQuery) {
  return useQuery({
    queryKey: queryKeys.equipment.list(query),
    queryFn: () => api.get<Paginated<Equipment>>('/api/equipment', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/equipment/:id */
export function useEquipment(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.equipment.detail(id),
    queryFn: () => api.get<Equipment>(`/api/equipment/${id}`, { display: 'ignore' }),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

function useRefreshEquipment() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.equipment.all });
}

/** POST /api/equipment (errors are shown by the form). */
export function useCreateEquipment() {
  const refresh = useRefreshEquipment();
  return useMutation({
    mutationFn: (body: EquipmentCreateInput) => api.post<Equipment>('/api/equipment', body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/equipment/:id with the version that was loaded; an old version answers 409. */
export function useUpdateEquipment(id: number) {
  const refresh = useRefreshEquipment();
  return useMutation({
    mutationFn: (body: EquipmentUpdateInput) => api.put<Equipment>(`/api/equipment/${id}`, body, { display: 'ignore' }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/equipment/:id; a refusal comes back as a toast with the server's message. */
export function useDeleteEquipment() {
  const refresh = useRefreshEquipment();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/equipment/${id}`),
    onSuccess: () => refresh(),
  });
}

/** GET /api/equipment with `X-Export: xlsx`, saved as thiet-bi-phuong-tien-YYYY-MM-DD.xlsx. */
export function useExportEquipment() {
  return useMutation({
    mutationFn: (query: Omit<EquipmentListQuery, 'page' | 'per_page'>) =>
      api.download('/api/equipment', query, `thiet-bi-phuong-tien-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}

/**
 * GET /api/equipment/options?kind=&on=&active=: a trip's pickers, each marked `lapsed` on the trip's date
 * (equipment.index or monitoring.index).
 */
export function useEquipmentOptions(
  query: { kind?: string; on?: string; active?: string } = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.equipment.options(query),
    queryFn: () => api.get<EquipmentOption[]>('/api/equipment/options', { params: query, display: 'ignore' }),
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
}
