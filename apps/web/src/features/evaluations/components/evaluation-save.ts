import type { FormInstance } from 'antd';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';
import type { EvaluationFormValues } from './evaluation-form';

/**
 * A refused save: errors about the criteria as a whole (the weights' sum, a KPI type twice) go above the criteria
 * table (`setCriteriaError`), the rest as the house does (fields, 409, toast).
 */
export function handleEvaluationError(
  form: FormInstance<EvaluationFormValues>,
  error: unknown,
  setCriteriaError: (message: string | null) => void,
  onConflict?: (message: string) => void,
) {
  if (error instanceof ApiError && error.status === 422) {
    const criteria = error.errors.filter((e) => e.field?.startsWith('criteria'));
    if (criteria.length > 0) setCriteriaError(criteria.map((e) => e.message).join(' '));
    if (criteria.length === error.errors.length && criteria.length > 0) return;
  }
  handleSubmitError(form, error, onConflict);
}
