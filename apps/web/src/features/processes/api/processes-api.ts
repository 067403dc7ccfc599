import type { Paginated } from '@qlcv/common/schemas/common';
import type {
  Process,
  ProcessDetail,
  ProcessStep,
  processCreateBody,
  processStepCreateBody,
  processStepUpdateBody,
  processUpdateBody,
} from '@qlcv/common/schemas/processes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/process-steps/:id */
export function getProcessStep(id: number): Promise<ProcessStep> {
  return api.get<ProcessStep>(`/api/process-steps/${id}`, { display: 'ignore' });
}

export function useProcessStep(id: number) {
  return useQuery({
    queryKey: queryKeys.processes.step(id),
    queryFn: () => getProcessStep(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /api/processes/:id → the process with its steps in order. */
export function getProcess(id: number): Promise<ProcessDetail> {
  return api.get<ProcessDetail>(`/api/processes/${id}`, { display: 'ignore' });
}

export function useProcess(id: number) {
  return useQuery({
    queryKey: queryKeys.processes.detail(id),
    queryFn: () => getProcess(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface ProcessListQuery {
  page?: number;
  per_page?: number | 'all';
  sort?: string;
  search?: string;
  /** `true`: in use; `false`: no longer used. */
  active?: string;
}

/** GET /api/processes → a page of processes with their step count and total SLA. */
export function getProcesses(query: ProcessListQuery): Promise<Paginated<Process>> {
  return api.get<Paginated<Process>>('/api/processes', { params: query, display: 'ignore' });
}

export function useProcesses(query: ProcessListQuery) {
  return useQuery({
    queryKey: queryKeys.processes.list(query),
    queryFn: () => getProcesses(query),
    placeholderData: keepPreviousData,
  });
}

export type ProcessStepCreateInput = z.input<typeof processStepCreateBody>;

/** POST /api/processes/:id/steps → the new step, last unless `position` places it. */
export function createProcessStep(processId: number, body: ProcessStepCreateInput): Promise<ProcessStep> {
  return api.post<ProcessStep>(`/api/processes/${processId}/steps`, body, { display: 'ignore' });
}

export function useCreateProcessStep(processId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessStepCreateInput) => createProcessStep(processId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.detail(processId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(processId) }),
      ]),
  });
}

export type ProcessCreateInput = z.input<typeof processCreateBody>;

/** POST /api/processes → the new process (errors are shown by the form). */
export function createProcess(body: ProcessCreateInput): Promise<ProcessDetail> {
  return api.post<ProcessDetail>('/api/processes', body, { display: 'ignore' });
}

export function useCreateProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProcess,
    onSuccess: (process) => {
      queryClient.setQueryData(queryKeys.processes.detail(process.id), process);
      return queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() });
    },
  });
}

export type ProcessStepUpdateInput = z.input<typeof processStepUpdateBody>;

/** PUT /api/process-steps/:id with the step's version; an old version answers 409. */
export function updateProcessStep(id: number, body: ProcessStepUpdateInput): Promise<ProcessStep> {
  return api.put<ProcessStep>(`/api/process-steps/${id}`, body, { display: 'ignore' });
}

export function useUpdateProcessStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessStepUpdateInput) => updateProcessStep(id, body),
    onSuccess: (step) => {
      queryClient.setQueryData(queryKeys.processes.step(id), step);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.detail(step.process_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(step.process_id) }),
      ]);
    },
  });
}

export type ProcessUpdateInput = z.input<typeof processUpdateBody>;

/** PUT /api/processes/:id with the version that was loaded; an old version answers 409. */
export function updateProcess(id: number, body: ProcessUpdateInput): Promise<ProcessDetail> {
  return api.put<ProcessDetail>(`/api/processes/${id}`, body, { display: 'ignore' });
}

export function useUpdateProcess(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessUpdateInput) => updateProcess(id, body),
    onSuccess: (process) => {
      queryClient.setQueryData(queryKeys.processes.detail(id), process);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.options() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(id) }),
      ]);
    },
  });
}

/** DELETE /api/process-steps/:id; the steps after it move up one place. */
export function deleteProcessStep(id: number): Promise<void> {
  return api.delete<void>(`/api/process-steps/${id}`);
}

export function useDeleteProcessStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Pick<ProcessStep, 'id' | 'process_id'>) => deleteProcessStep(step.id),
    onSuccess: (_data, step) => {
      queryClient.removeQueries({ queryKey: queryKeys.processes.step(step.id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.detail(step.process_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(step.process_id) }),
      ]);
    },
  });
}

/** DELETE /api/processes/:id; a refusal (used by request types or requests) comes back as a toast with the server's message. */
export function deleteProcess(id: number): Promise<void> {
  return api.delete<void>(`/api/processes/${id}`);
}

export function useDeleteProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProcess,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.processes.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.processes.lists() });
    },
  });
}

/** GET /api/processes with `X-Export: xlsx`: every process matching the filters, saved as quy-trinh-YYYY-MM-DD.xlsx. */
export function exportProcesses(query: Omit<ProcessListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/processes', query, `quy-trinh-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportProcesses() {
  return useMutation({ mutationFn: exportProcesses });
}

export interface StepOrderInput {
  /** Every step id of the process, first step first. */
  step_ids: number[];
  /** The process version the order was read from: a stale one answers 409. */
  version: number;
}

/** PUT /api/processes/:id/steps/order → the process in its new order (errors are shown by the page). */
export function reorderProcessSteps(processId: number, body: StepOrderInput): Promise<ProcessDetail> {
  return api.put<ProcessDetail>(`/api/processes/${processId}/steps/order`, body, { display: 'ignore' });
}

export function useReorderProcessSteps(processId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StepOrderInput) => reorderProcessSteps(processId, body),
    onSuccess: (process) => {
      queryClient.setQueryData(queryKeys.processes.detail(processId), process);
      return queryClient.invalidateQueries({ queryKey: queryKeys.processes.history(processId) });
    },
  });
}
