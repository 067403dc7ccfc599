import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Shared by the auth, OTP and profile API tests. */

let seq = 0;
const run = String(process.pid % 1000).padStart(3, '0');

/** A valid Vietnamese mobile no other test of this process uses: 09 + 8 digits. */
export function uniqueMobile(): string {
  seq += 1;
  return `09${run}${String(seq).padStart(5, '0')}`;
}

/** A client address of its own, so the per-IP limits of one test do not spill into another. */
export function uniqueIp(): string {
  seq += 1;
  return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
}

export function uniqueName(prefix = 'u'): string {
  seq += 1;
  return `${prefix}${run}${seq}`;
}

/** Vietnamese text: holds at least one letter with a diacritic or đ. */
export const VIETNAMESE = /[àáảãạăắằẳẵặâấầẩẫậèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵđ]/i;

/** The error body of PRODUCT.md §1: exactly message, errors and error_code. */
export function expectErrorBody(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { message: string; errors: { field?: string; message: string }[]; error_code: string };
  expect(Object.keys(body).sort()).toEqual(['error_code', 'errors', 'message']);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(typeof body.error_code).toBe('string');
  expect(Array.isArray(body.errors)).toBe(true);
  for (const e of body.errors) {
    expect(typeof e.message).toBe('string');
    if ('field' in e) expect(typeof e.field).toBe('string');
  }
  if (code) expect(body.error_code).toBe(code);
  return body;
}

export function expectUnauthenticated(res: LightMyRequestResponse) {
  expectErrorBody(res, 401);
  expect(res.json()).toEqual({ message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' });
}

/** A 422 whose message and field errors are Vietnamese and name `field`. */
export function expectFieldError(res: LightMyRequestResponse, field: string, code = 'VALIDATION_FAILED') {
  const body = expectErrorBody(res, 422, code);
  const entry = body.errors.find((e) => e.field === field);
  expect(entry, `no error for field ${field}: ${res.body}`).toBeDefined();
  expect(entry?.message).toMatch(VIETNAMESE);
  expect(body.message).toMatch(VIETNAMESE);
  return body;
}

const SECRET_KEYS = new Set(['password_hash', 'token_hash', 'code_hash', 'password']);

/** Every key path in a JSON value that names a secret, and every string that looks like a stored hash. */
export function secretsIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretsIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(SECRET_KEYS.has(k) ? [`${path}.${k}`] : []),
      ...secretsIn(v, `${path}.${k}`),
    ]);
  }
  if (typeof value === 'string' && (value.startsWith('$argon2') || /^[0-9a-f]{64}$/.test(value))) return [path];
  return [];
}
