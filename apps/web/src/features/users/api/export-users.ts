import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import type { UserListQuery } from './get-users';

/** GET /api/users with `X-Export: xlsx`: every user matching the filters, saved as nguoi-dung-YYYY-MM-DD.xlsx. */
export function exportUsers(query: Omit<UserListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/users', query, `nguoi-dung-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
