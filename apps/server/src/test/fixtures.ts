import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './harness';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Asserts the error body of PRODUCT.md §1 and returns it. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string; errors: { field?: string; message: string }[]; error_code: string };
  expect(body.error_code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(Array.isArray(body.errors)).toBe(true);
  if (field) {
    const hit = body.errors.find((e) => e.field === field);
    expect(hit, `no error for field ${field}: ${res.body}`).toBeDefined();
    expect(hit?.message.length).toBeGreaterThan(0);
  }
  return body;
}

/** Vietnamese text: at least one letter outside ASCII (every server message is written in Vietnamese). */
export const looksVietnamese = (s: string) => /[À-ỹđĐ]/.test(s);

/** The rows of the first sheet as plain values (row 1 is the header). */
export async function readXlsx(res: LightMyRequestResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return rows;
}

/** The number format of a cell of the first sheet (1-based row and column), e.g. `dd/mm/yyyy`. */
export async function xlsxNumFmt(res: LightMyRequestResponse, row: number, col: number): Promise<string | undefined> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]?.getRow(row).getCell(col).numFmt;
}

/** Checks the export answer: content type, a file name, and returns the sheet rows. */
export async function expectXlsx(res: LightMyRequestResponse, filePrefix: string): Promise<unknown[][]> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`^attachment; filename="${filePrefix}[-0-9]*\\.xlsx"`));
  return readXlsx(res);
}

/** No response body ever carries internal columns. */
export function expectNoSecrets(res: LightMyRequestResponse) {
  for (const word of ['password_hash', 'search_text', 'token_hash', 'code_hash', '$argon2']) {
    expect(res.body).not.toContain(word);
  }
}

let seq = 0;
/** A short unique tag for codes and user names within one test file. */
export const uniq = (prefix = 'x') => {
  seq += 1;
  return `${prefix}${seq}`;
};

export interface Created {
  id: number;
  version: number;
  [key: string]: unknown;
}

export async function createRole(t: TestApp, payload: Record<string, unknown>, token = t.adminToken): Promise<Created> {
  const res = await t.call({ method: 'POST', url: '/api/roles', token, payload });
  if (res.statusCode !== 201) throw new Error(`role: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createDepartment(t: TestApp, payload: Record<string, unknown>, token = t.adminToken): Promise<Created> {
  const res = await t.call({ method: 'POST', url: '/api/departments', token, payload });
  if (res.statusCode !== 201) throw new Error(`department: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createUser(t: TestApp, payload: Record<string, unknown>, token = t.adminToken): Promise<Created> {
  const res = await t.call({ method: 'POST', url: '/api/users', token, payload });
  if (res.statusCode !== 201) throw new Error(`user: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The audit entries of one record, newest first. */
export async function auditOf(t: TestApp, entity: string, id: number, token = t.adminToken) {
  const res = await t.call({ method: 'GET', url: `/api/audit-logs?entity=${entity}&entity_id=${id}&per_page=100`, token });
  if (res.statusCode !== 200) throw new Error(`audit: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    id: number;
    action: string;
    changes: Record<string, [unknown, unknown]> | null;
    user: { id: number; name: string } | null;
    entity: string;
    entity_id: number;
    created_at: string;
  }[];
}
