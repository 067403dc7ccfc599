import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { adminLogin, createRole, createUser, randomMobile, TOKEN_KEY } from './helpers';

export const SHOTS = process.env.QLCV_E2E_SHOTS ?? '/tmp/attendance-web-shots';
export const shot = (name: string) => `${SHOTS}/${name}.png`;
export const PHONE = { width: 390, height: 844 };
export const PASSWORD = 'Matkhau@2026';
export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The office the specs check in at, and a point ~1,3 km north of it. */
export const OFFICE = { latitude: 21.028511, longitude: 105.804817 };
export const FAR = { latitude: 21.040511, longitude: 105.804817 };

/** A role holding `permissions` and a user with it; answers the user with its staff code. */
export async function attendanceUser(
  request: APIRequestContext,
  id: string,
  who: string,
  permissions: string[],
  extra: { department_id?: number; joined_at?: string } = {},
): Promise<{ id: number; name: string; code: string; username: string }> {
  const token = await adminLogin(request);
  const role = await createRole(request, token, {
    code: `cc-${who}-${id}`,
    name: `Chấm công ${who} ${id}`,
    permissions,
  });
  const username = `cc.${who}.${id}`;
  const user = (await createUser(request, token, {
    name: `Trần Văn ${who} ${id}`,
    username,
    password: PASSWORD,
    role_id: role.id,
    mobile: randomMobile(),
    ...extra,
  })) as { id: number; name: string; code?: string };
  return { id: user.id, name: user.name, code: user.code ?? '', username };
}

/** A site every member of staff may check in at. */
export async function createSite(
  request: APIRequestContext,
  id: string,
  site: Partial<{
    code: string;
    name: string;
    latitude: number;
    longitude: number;
    radius_m: number;
    all_staff: boolean;
    user_ids: number[];
  }> = {},
) {
  const token = await adminLogin(request);
  const res = await request.post('/api/attendance/sites', {
    headers: auth(token),
    data: {
      code: `VP-${id}`,
      name: `Văn phòng Hà Nội ${id}`,
      ...OFFICE,
      radius_m: 150,
      all_staff: true,
      ...site,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** Signs a user in on a page through the API token (no login screen). */
export async function signInAs(page: Page, request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/404');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  return token;
}

/** A phone context: 390 × 844, touch, GPS allowed at `where`. */
export async function phoneContext(
  browser: { newContext: (o: object) => Promise<BrowserContext> },
  baseURL: string | undefined,
  where: { latitude: number; longitude: number; accuracy?: number } | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    ...(where ? { geolocation: { accuracy: 10, ...where }, permissions: ['geolocation'] } : {}),
  });
  return context;
}

/** No horizontal scrolling of the page (phone first). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  // Polled: after a resize the side menu takes a moment to fold away; the page must then not scroll sideways.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: 'the page scrolls sideways',
    })
    .toBeLessThanOrEqual(0);
}
