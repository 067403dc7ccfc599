import type { FormInstance } from 'antd';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { applyServerErrors } from '@/lib/forms';
import { notifyError } from '@/lib/notify/notify';

/**
 * After a save called with `display: 'ignore'`: a 409 goes to `onConflict` (shown with "Tải lại"),
 * a 422 puts the server's messages under the fields (a toast when no field matches), anything else a toast.
 */
export function handleSubmitError(form: FormInstance, error: unknown, onConflict?: (message: string) => void): void {
  if (error instanceof ApiError) {
    if (error.canceled) return;
    if (error.status === 409 && onConflict) {
      onConflict(error.message);
      return;
    }
    if (error.status === 422 && applyServerErrors(form, error)) {
      const first = error.errors.find((e) => e.field)?.field;
      if (first) form.scrollToField(first, { block: 'center' });
      return;
    }
    notifyError(error.message);
    return;
  }
  notifyError(DEFAULT_ERROR_MESSAGE);
}
