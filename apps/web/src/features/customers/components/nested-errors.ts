import type { FormInstance } from 'antd';
import { ApiError } from '@/lib/api/api-error';

/**
 * Puts a 422's errors on fields inside lists (`contacts.1.phone` → the phone of the second contact), which the shared
 * helper leaves out. Returns true when every field error of the answer was placed here.
 */
export function placeNestedErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const withField = error.errors.filter((e) => e.field);
  const nested = withField.filter((e) => e.field?.includes('.'));
  if (nested.length === 0) return false;
  const byPath = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const e of nested) {
    const key = e.field!;
    const entry = byPath.get(key) ?? { name: key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [] };
    entry.errors.push(e.message);
    byPath.set(key, entry);
  }
  const fields = [...byPath.values()];
  form.setFields(fields);
  form.scrollToField(fields[0]!.name, { block: 'center' });
  return nested.length === withField.length;
}
