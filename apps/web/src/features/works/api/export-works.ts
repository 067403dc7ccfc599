import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import type { WorkListQuery } from './get-works';

/** GET /api/works with `X-Export: xlsx`: every work in scope matching the filters, as cong-viec-YYYY-MM-DD.xlsx. */
export function exportWorks(query: Omit<WorkListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/works', query, `cong-viec-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportWorks() {
  return useMutation({ mutationFn: exportWorks });
}

/** GET /api/works/my with `X-Export: xlsx`: the tab's works, as cong-viec-cua-toi-YYYY-MM-DD.xlsx. */
export function exportMyWorks(query: Omit<WorkListQuery, 'page' | 'per_page'> & { tab: string }): Promise<void> {
  return api.download('/api/works/my', query, `cong-viec-cua-toi-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportMyWorks() {
  return useMutation({ mutationFn: exportMyWorks });
}
