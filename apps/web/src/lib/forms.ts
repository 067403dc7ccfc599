import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from './api/api-error';
import { InvalidDecimal } from './decimal';

const SCHEMA_OF_RULE = new WeakMap<object, z.ZodType>();

/**
 * What is wrong with a value by a shared zod schema, or null. A number field's text it could not take
 * (`InvalidDecimal`, from `DecimalInput`) gets the schema's words when it reads as a number (range, whole number),
 * else its own.
 */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  if (value instanceof InvalidDecimal) return (value.value !== null && firstIssue(schema, value.value)) || value.message;
  return firstIssue(schema, value);
}

function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value ?? undefined);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Giá trị không hợp lệ');
}

/** An Ant Design form rule that checks a value with a shared zod schema (the server's own rule). */
export function zodRule(schema: z.ZodType): Rule {
  const rule: Rule = {
    validator: async (_rule, value) => {
      const error = fieldError(schema, value);
      if (error) throw new Error(error);
    },
  };
  SCHEMA_OF_RULE.set(rule, schema);
  return rule;
}

/** The schema a `zodRule` checks, for a field given only its rule (e.g. a dialog's result field). */
export function schemaOfRule(rule: Rule): z.ZodType | undefined {
  return typeof rule === 'object' ? SCHEMA_OF_RULE.get(rule) : undefined;
}

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

/**
 * The most characters a text schema of the API allows (`.max(n)` on its string), looked up through optional,
 * nullable, default and preprocess/pipe wrappers; undefined when it sets none (e.g. a mobile, normalised instead).
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  if (def.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
  if (def.innerType) return maxLengthOf(def.innerType);
  if (def.type === 'pipe') return (def.in && maxLengthOf(def.in)) ?? (def.out && maxLengthOf(def.out));
  return undefined;
}

/**
 * The props that show a text field's limit, the server's own: `<Input {...textLimit(shape.name)} />` gives
 * `maxLength` from the schema and the "12 / 100" counter (seed house rule: every text field shows its limit).
 */
export function textLimit(schema: z.ZodType): { maxLength?: number; showCount?: boolean } {
  const maxLength = maxLengthOf(schema);
  return maxLength === undefined ? {} : { maxLength, showCount: true };
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
