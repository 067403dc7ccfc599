import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'Admin@12345' };
export const TOKEN_KEY = 'QLCV_TOKEN';

/** A short suffix that keeps names unique within a run. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * A past year for a record unique by its dates (a KPI period, deadlines long passed), unlikely to meet another spec's
 * or a retry's.
 */
export const spareYear = () => 2001 + Math.floor(Math.random() * 24);

/** A valid Vietnamese mobile nobody else in the run uses. */
export const randomMobile = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export function dataDir(): string {
  const dir = process.env.QLCV_E2E_DATA_DIR;
  if (!dir) throw new Error('QLCV_E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return dir;
}

/** POST /api/auth/login → token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

let adminToken: string | null = null;
export async function adminLogin(request: APIRequestContext): Promise<string> {
  adminToken ??= await apiLogin(request, ADMIN.username, ADMIN.password);
  return adminToken;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createRole(
  request: APIRequestContext,
  token: string,
  role: { code: string; name: string; permissions: string[] },
): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/roles', { headers: auth(token), data: role });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function createDepartment(
  request: APIRequestContext,
  token: string,
  department: { code: string; name: string },
): Promise<{ id: number; code: string; name: string; version: number }> {
  const res = await request.post('/api/departments', { headers: auth(token), data: department });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Makes `headId` the head of a department just created (its version as created). */
export async function setDepartmentHead(
  request: APIRequestContext,
  token: string,
  dep: { id: number; code: string; name: string; version: number },
  headId: number,
): Promise<void> {
  const res = await request.put(`/api/departments/${dep.id}`, {
    headers: auth(token),
    data: { code: dep.code, name: dep.name, head_id: headId, version: dep.version },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface NewUser {
  name: string;
  username: string;
  password: string;
  role_id: number;
  department_id?: number | null;
  mobile?: string;
  email?: string;
}

export async function createUser(
  request: APIRequestContext,
  token: string,
  user: NewUser,
): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/users', { headers: auth(token), data: user });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Puts a token where the app keeps it, without going through the login screen. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.goto('/404');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
}

/** The 6-digit code of the latest SMS the `log` driver wrote for this mobile. */
export async function readSmsCode(mobile: string): Promise<string> {
  const file = path.join(dataDir(), 'sms-log.jsonl');
  let code: string | null = null;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return null;
        const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
        for (let i = lines.length - 1; i >= 0; i--) {
          const sms = JSON.parse(lines[i]!) as { to: string; text: string };
          if (sms.to === mobile || sms.to === `84${mobile.slice(1)}`) {
            code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? null;
            return code;
          }
        }
        return null;
      },
      { message: `SMS for ${mobile} in ${file}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
}

/** The sidebar menu. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu chính' });

/**
 * Picks the option containing `text` in the antd select labelled `label`, typing it first; clicked again until the
 * select shows it (under load a click on an option can be lost: the option stays highlighted, the value unchanged).
 */
export async function pickOption(page: Page, label: string, text: string) {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  const select = picker.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    await picker.click();
    await picker.fill(text);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
