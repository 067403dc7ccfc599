import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from './api/api-error';

/** An Ant Design form rule that checks a value with a shared zod schema (the server's own rule). */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Giá trị không hợp lệ');
    },
  };
}

/** Puts the server's field errors (422) under the matching form fields; returns true when any was placed. */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const byField = error.fieldErrors();
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const fields = Object.entries(byField)
    .filter(([name]) => known.has(name))
    .map(([name, errors]) => ({ name, errors }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}
