import { createECDH, randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminLogin, apiLogin, createRole, createUser, useToken as signInWithToken, unique } from './helpers';

// Web Push on the profile ("Thiết bị nhận thông báo") and the push channel in the notification settings. The browser
// tests cannot reach a real push service (headless Chromium has no FCM): devices listed and removed are made through
// the API, and the button's states come from what the page reads of the browser (PushManager, Notification.permission,
// the iPhone user agent, the worker's subscription) — set per test with an init script, said so where it is done.

// The button subscribes through the service worker, which the config blocks for the other specs.
test.use({ serviceWorkers: 'allow' });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A browser's keys as PushSubscription.toJSON() gives them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

async function newEmployee(request: APIRequestContext) {
  const token = await adminLogin(request);
  const id = unique();
  const role = await createRole(request, token, { code: `push-${id}`, name: `Nhận thông báo ${id}`, permissions: [] });
  const user = { name: `Đỗ Thu Trang ${id}`, username: `trang.${id}`, password: 'Matkhau@2026', role_id: role.id };
  await createUser(request, token, user);
  return { ...user, token: await apiLogin(request, user.username, user.password) };
}

async function addDevice(
  request: APIRequestContext,
  token: string,
  label: string,
  endpoint = `https://push.example.com/${unique()}`,
) {
  const res = await request.post('/api/profile/push-subscriptions', {
    headers: auth(token),
    data: { endpoint, keys: browserKeys(), device_label: label },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; endpoint: string };
}

const devices = (page: Page) => page.getByTestId('push-devices');

/** Signed in by token (the sign-in screen has its own spec; on a loaded machine it is the slow part). */
async function openProfile(page: Page, me: { token: string }) {
  await signInWithToken(page, me.token);
  await page.goto('/admin/personal');
  await expect(devices(page).getByText('Thiết bị nhận thông báo')).toBeVisible({ timeout: 30_000 });
}

async function pageWith(browser: Browser, options: Parameters<Browser['newContext']>[0], script?: string) {
  const context = await browser.newContext(options);
  if (script) await context.addInitScript(script);
  return { context, page: await context.newPage() };
}

test.describe('Thiết bị nhận thông báo', () => {
  // The machine is shared and loaded: one of these takes about a minute.
  test.setTimeout(150_000);

  test('lists my devices (not another person’s), removes one after confirming; the last one leaves the empty state', async ({
    page,
    request,
  }) => {
    const me = await newEmployee(request);
    const other = await newEmployee(request);
    await addDevice(request, me.token, 'Chrome trên Android');
    await addDevice(request, me.token, 'Edge trên Windows');
    await addDevice(request, other.token, 'Máy của người khác');
    await openProfile(page, me);
    const rows = devices(page).getByTestId('push-device');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Chrome trên Android');
    await expect(rows.first()).toContainText('Thêm lúc');
    await expect(rows.first()).toContainText('Chưa gửi lần nào');
    await expect(devices(page)).not.toContainText('Máy của người khác');
    await page.screenshot({ path: '/tmp/push-shots/profile-devices.png', fullPage: true });

    // "Gỡ" asks first; "Không" keeps the device.
    await rows.first().getByRole('button', { name: 'Gỡ Chrome trên Android' }).click();
    await expect(page.getByText('Gỡ thiết bị này?')).toBeVisible();
    await page.getByRole('button', { name: 'Không' }).click();
    await expect(rows).toHaveCount(2);
    // The first question gone before the second is asked: its closing popover would otherwise take the click.
    await expect(page.getByText('Gỡ thiết bị này?')).toBeHidden();
    await rows.first().getByRole('button', { name: 'Gỡ Chrome trên Android' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Gỡ' }).click();
    await expect(page.getByText('Đã gỡ thiết bị "Chrome trên Android".')).toBeVisible();
    await expect(rows).toHaveCount(1);
    // After a reload too (the list is the server's): a fresh page, no popover left from the first removal.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: 'Gỡ Edge trên Windows' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Gỡ' }).click();
    await expect(devices(page).getByText('Chưa có thiết bị nào nhận thông báo đẩy')).toBeVisible();
    await page.screenshot({ path: '/tmp/push-shots/profile-devices-empty.png', fullPage: true });
    // The other person's device is still theirs.
    const theirs = await request.get('/api/profile/push-subscriptions', { headers: auth(other.token) });
    expect(((await theirs.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  test('this Chromium (service worker registered) offers "Bật thông báo trên thiết bị này"', async ({ page, request }) => {
    const me = await newEmployee(request);
    await openProfile(page, me);
    // The production build registers /sw.js: the page reads its registration, not a stub.
    await expect
      .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), { timeout: 20_000 })
      .toBe(true);
    await expect(devices(page).getByRole('button', { name: 'Bật thông báo trên thiết bị này' })).toBeVisible();
  });

  test('turning it on subscribes through the worker with the server’s key and saves this device (push service stubbed)', async ({
    browser,
    request,
  }) => {
    const me = await newEmployee(request);
    const keys = browserKeys();
    const endpoint = `https://push.example.com/e2e/${unique()}`;
    // Headless Chromium cannot reach FCM: PushManager.subscribe answers as a browser would, and records the key.
    const stub = `
      (() => {
        let current = null;
        PushManager.prototype.subscribe = async function (options) {
          window.__pushKey = btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey)));
          current = { endpoint: ${JSON.stringify(endpoint)}, unsubscribe: async () => { current = null; return true; },
            toJSON: () => ({ endpoint: ${JSON.stringify(endpoint)}, expirationTime: null, keys: ${JSON.stringify(keys)} }) };
          return current;
        };
        PushManager.prototype.getSubscription = async () => current;
      })();`;
    const { context, page } = await pageWith(browser, { permissions: ['notifications'] }, stub);
    try {
      await openProfile(page, me);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/profile/push-subscriptions') && r.request().method() === 'POST',
      );
      await devices(page).getByRole('button', { name: 'Bật thông báo trên thiết bị này' }).click();
      expect((await saved).status()).toBe(201);
      await expect(page.getByText('Đã bật thông báo trên thiết bị này.')).toBeVisible();
      await expect(devices(page).getByText('Thiết bị này đang nhận thông báo đẩy.')).toBeVisible();
      const row = devices(page).getByTestId('push-device');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Chrome trên Linux');
      await expect(row).toContainText('Thiết bị này');
      // The browser was given the server's VAPID key.
      const key = (
        (await (await request.get('/api/push/public-key', { headers: auth(me.token) })).json()) as { public_key: string }
      ).public_key;
      const given = await page.evaluate(() => (window as unknown as { __pushKey: string }).__pushKey);
      expect(Buffer.from(given, 'base64').toString('base64url')).toBe(key);
      await page.screenshot({ path: '/tmp/push-shots/profile-device-on.png', fullPage: true });
      // Removing this device here ends the browser's subscription too: the button comes back.
      await row.getByRole('button', { name: /^Gỡ / }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Gỡ' }).click();
      await expect(devices(page).getByRole('button', { name: 'Bật thông báo trên thiết bị này' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('says why it cannot: notifications blocked, a browser without push, an iPhone not added to the Home Screen', async ({
    browser,
    request,
  }) => {
    const me = await newEmployee(request);
    const blocked = await pageWith(browser, {}, `Object.defineProperty(Notification, 'permission', { get: () => 'denied' });`);
    try {
      await openProfile(blocked.page, me);
      await expect(devices(blocked.page).getByText('Thông báo đang bị chặn')).toBeVisible();
      await expect(devices(blocked.page).getByRole('button', { name: 'Bật thông báo trên thiết bị này' })).toHaveCount(0);
      await blocked.page.screenshot({ path: '/tmp/push-shots/profile-blocked.png', fullPage: true });
    } finally {
      await blocked.context.close();
    }
    const old = await pageWith(browser, {}, 'delete window.PushManager;');
    try {
      await openProfile(old.page, me);
      await expect(devices(old.page).getByText('Trình duyệt này không hỗ trợ thông báo đẩy')).toBeVisible();
    } finally {
      await old.context.close();
    }
    const iphone = await pageWith(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    try {
      await openProfile(iphone.page, me);
      await expect(devices(iphone.page).getByText('Thêm vào Màn hình chính để nhận thông báo')).toBeVisible();
      await iphone.page.screenshot({ path: '/tmp/push-shots/profile-iphone-390.png', fullPage: true });
    } finally {
      await iphone.context.close();
    }
  });
});

test.describe('Kênh thông báo đẩy', () => {
  // The machine is shared and loaded: one of these takes about a minute.
  test.setTimeout(150_000);

  test('the settings offer "Thông báo đẩy"; chosen for an event, each person can turn it off; usable at 390 px', async ({
    browser,
    page,
    request,
  }) => {
    const admin = await adminLogin(request);
    await signInWithToken(page, admin);
    await page.goto('/admin/settings/notifications');
    const row = page.getByRole('row', { name: /Yêu cầu mới/ });
    await row.getByRole('button', { name: 'Sửa cấu hình Yêu cầu mới' }).click();
    await expect(page).toHaveURL(/\/edit$/);
    const pushBox = page.getByRole('checkbox', { name: 'Thông báo đẩy' });
    if (!(await pushBox.isChecked())) await pushBox.check();
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Đã lưu cấu hình “Yêu cầu mới”.')).toBeVisible();
    await page.goto('/admin/settings/notifications');
    await expect(page.getByRole('row', { name: /Yêu cầu mới/ })).toContainText('Thông báo đẩy');

    // A person's own switches show the channel, at 390 px one block per event (no column off the screen).
    const me = await newEmployee(request);
    const phone = await pageWith(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await openProfile(phone.page, me);
      const prefs = phone.page.getByTestId('notification-preferences');
      const pushSwitch = prefs.getByRole('switch', { name: 'Yêu cầu mới — Thông báo đẩy' });
      await expect(pushSwitch).toBeChecked();
      await pushSwitch.click();
      await expect(pushSwitch).not.toBeChecked();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await pushSwitch.scrollIntoViewIfNeeded();
      await phone.page.screenshot({ path: '/tmp/push-shots/profile-390.png', fullPage: true });
      const stored = await request.get('/api/profile/notification-preferences', { headers: auth(me.token) });
      const event = (
        (await stored.json()) as { events: { event: string; channels: { channel: string; enabled: boolean }[] }[] }
      ).events.find((e) => e.event === 'request.created');
      expect(event?.channels).toContainEqual({ channel: 'push', enabled: false });

      // The settings list at 390 px: the page itself does not scroll sideways.
      await signInWithToken(phone.page, admin);
      await phone.page.goto('/admin/settings/notifications');
      await expect(phone.page.getByText('Yêu cầu mới').first()).toBeVisible();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.page.screenshot({ path: '/tmp/push-shots/settings-list-390.png', fullPage: true });
    } finally {
      await phone.context.close();
    }
  });
});
