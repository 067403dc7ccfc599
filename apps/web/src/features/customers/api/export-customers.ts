import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { dayjs } from '@/lib/dayjs';
import type { CustomerListQuery } from './get-customers';

/** GET /api/customers with `X-Export: xlsx`: every customer matching the filters, saved as khach-hang-YYYY-MM-DD.xlsx. */
export function exportCustomers(query: Omit<CustomerListQuery, 'page' | 'per_page'>): Promise<void> {
  return api.download('/api/customers', query, `khach-hang-${dayjs().format('YYYY-MM-DD')}.xlsx`);
}

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers });
}
