import type { Paginated } from '@qlcv/common/schemas/common';
import type { Trip, TripDetail, TripRoundOption, tripCreateBody, tripUpdateBody } from '@qlcv/common/schemas/sampling-trips';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

export interface TripListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  status?: string;
  from?: string;
  to?: string;
  /** `true`: only the trips I lead or am on. */
  mine?: string;
}
export type TripCreateInput = z.input<typeof tripCreateBody>;
export type TripUpdateInput = z.input<typeof tripUpdateBody>;
export type TripVerb = 'start' | 'finish' | 'cancel';

/** GET /api/sampling-trips → a page of the trips the caller's scope holds. */
export function useTrips(query: TripListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.samplingTrips.list(query),
    queryFn: () => api.get<Paginated<Trip>>('/api/sampling-trips', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/sampling-trips/:id → the trip with its team, kit, rounds and checklist. */
export function useTrip(id: number) {
  return useQuery({
    queryKey: queryKeys.samplingTrips.detail(id),
    queryFn: () => api.get<TripDetail>(`/api/sampling-trips/${id}`, { display: 'ignore' }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/sampling-trips/round-options?search=: planned rounds, soonest due first. */
export function useRoundOptions(search: string) {
  return useQuery({
    queryKey: queryKeys.samplingTrips.roundOptions(search),
    queryFn: () =>
      api.get<TripRoundOption[]>('/api/sampling-trips/round-options', {
        params: { search: search || undefined },
        display: 'ignore',
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (trip?: TripDetail) => {
    if (trip) queryClient.setQueryData(queryKeys.samplingTrips.detail(trip.id), trip);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.samplingTrips.lists() }),
      trip ? queryClient.invalidateQueries({ queryKey: queryKeys.samplingTrips.history(trip.id) }) : undefined,
    ]);
  };
}

/** POST /api/sampling-trips (errors are shown by the form). */
export function useCreateTrip() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TripCreateInput) => api.post<TripDetail>('/api/sampling-trips', body, { display: 'ignore' }),
    onSuccess: (trip) => refresh(trip),
  });
}

/** PUT /api/sampling-trips/:id with the version that was loaded. */
export function useUpdateTrip(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TripUpdateInput) => api.put<TripDetail>(`/api/sampling-trips/${id}`, body, { display: 'ignore' }),
    onSuccess: (trip) => refresh(trip),
  });
}

/** POST /api/sampling-trips/:id/{start|finish|cancel} at the version shown. */
export function useMoveTrip(id: number) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, version }: { verb: TripVerb; version: number }) =>
      api.post<TripDetail>(`/api/sampling-trips/${id}/${verb}`, { version }, { display: 'ignore' }),
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.samplingTrips.detail(id) }),
    onSuccess: (trip) => refresh(trip),
  });
}

/** DELETE /api/sampling-trips/:id; a refusal comes back as a toast with the server's message. */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/sampling-trips/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.samplingTrips.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.samplingTrips.lists() });
    },
  });
}

/** GET /api/sampling-trips with `X-Export: xlsx`, saved as chuyen-lay-mau-YYYY-MM-DD.xlsx. */
export function useExportTrips() {
  return useMutation({
    mutationFn: (query: Omit<TripListQuery, 'page' | 'per_page'>) =>
      api.download('/api/sampling-trips', query, `chuyen-lay-mau-${dayjs().format('YYYY-MM-DD')}.xlsx`),
  });
}
