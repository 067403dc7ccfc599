import type { FormInstance } from 'antd';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';

/**
 * After a save: errors on line items (`items.2.unit_price`) go under that row's field, which the shared helper
 * leaves out; the rest (top-level fields, 409, toasts) as every form does.
 */
export function handleContractError(form: FormInstance, error: unknown, onConflict?: (message: string) => void): void {
  if (error instanceof ApiError && error.status === 422) {
    const nested = error.errors.filter((e) => e.field?.startsWith('items.'));
    if (nested.length > 0) {
      const fields = nested.map((e) => ({
        name: e.field!.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        errors: [e.message],
      }));
      form.setFields(fields);
      form.scrollToField(fields[0]!.name, { block: 'center' });
      if (nested.length === error.errors.filter((e) => e.field).length) return;
    }
  }
  handleSubmitError(form, error, onConflict);
}
