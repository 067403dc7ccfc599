import { regulationCreateBody } from '@qlcv/common/schemas/regulations';
import type { FormInstance } from 'antd';
import { flushSync } from 'react-dom';
import { ApiError } from '@/lib/api/api-error';
import { notifyError } from '@/lib/notify/notify';
import type { toRegulationBody } from './regulation-form-values';

export type FieldErrors = { name: (string | number)[]; errors: string[] }[];

/**
 * Rows of the limits editor that must show their fields (the ones with an error), per form: the editor registers how to
 * open them, `showFieldErrors` asks before it puts the messages on the fields.
 */
const OPEN_LIMIT_ROWS = new WeakMap<FormInstance, (indexes: number[]) => void>();

/** The limits editor of `form` says how to open rows; it unregisters on unmount. */
export function registerLimitRows(form: FormInstance, open: (indexes: number[]) => void): () => void {
  OPEN_LIMIT_ROWS.set(form, open);
  return () => {
    OPEN_LIMIT_ROWS.delete(form);
  };
}

/**
 * Puts field errors on the form (`['limits', 3, 'max']` on the fourth limit's max), opening the limit rows they belong to
 * first (a row shows its fields only while it is edited), and scrolls to the first.
 */
export function showFieldErrors(form: FormInstance, fields: FieldErrors) {
  const rows = fields.filter((f) => f.name[0] === 'limits' && typeof f.name[1] === 'number').map((f) => f.name[1] as number);
  if (rows.length > 0) flushSync(() => OPEN_LIMIT_ROWS.get(form)?.(rows));
  form.setFields(fields);
  if (fields[0]) form.scrollToField(fields[0].name, { block: 'center' });
}

/**
 * A 422's errors on fields inside the lists (`limits.3.max`, `factors.0.values.1.value`), each on its field. Returns
 * true when every field error of the answer was placed here; top-level ones are left to `handleSubmitError`.
 */
export function placeRegulationErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const withField = error.errors.filter((e) => e.field);
  const nested = withField.filter((e) => e.field?.includes('.'));
  if (nested.length === 0) return false;
  const byPath = new Map<string, FieldErrors[number]>();
  for (const e of nested) {
    const entry = byPath.get(e.field!) ?? {
      name: e.field!.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [],
    };
    entry.errors.push(e.message);
    byPath.set(e.field!, entry);
  }
  showFieldErrors(form, [...byPath.values()]);
  return nested.length === withField.length;
}

/**
 * The rules that span fields (a limit's column and factors among the regulation's, min ≤ max, one limit per analyte ×
 * column × period, unique codes), checked with the API's own schema before sending, each message put on its field.
 * Returns true when the body passes.
 */
export function checkRegulationForm(form: FormInstance, body: ReturnType<typeof toRegulationBody>) {
  const result = regulationCreateBody.safeParse(body);
  if (result.success) return true;
  const byPath = new Map<string, FieldErrors[number]>();
  for (const issue of result.error.issues) {
    let name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    // A limit's factor (`limits.3.factors.1`) is one field, the multi-select.
    if (name[0] === 'limits' && name[2] === 'factors') name = name.slice(0, 3);
    if (name.length === 0) continue;
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byPath.set(key, entry);
  }
  const fields = [...byPath.values()];
  if (fields.length === 0) {
    notifyError(result.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ.');
    return false;
  }
  showFieldErrors(form, fields);
  return false;
}
