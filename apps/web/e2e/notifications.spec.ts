import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminLogin, createRole, createUser, signInUi, unique } from './helpers';

// Live notifications (issue 9): a work assigned by one person changes the badge of the assignee's open page without a
// reload; the bell's drop-down opens the record; the notifications page marks read; another tab follows.

const PASSWORD = 'Matkhau@2026';

async function newStaff(request: APIRequestContext, admin: string) {
  const u = unique();
  const role = await createRole(request, admin, {
    code: `tb${u}`,
    name: `Nhân viên ${u}`,
    permissions: ['works.show'],
  });
  const username = `nv.${u}`;
  const user = await createUser(request, admin, { name: `Nguyễn Văn ${u}`, username, password: PASSWORD, role_id: role.id });
  return { ...user, username };
}

async function assignWork(request: APIRequestContext, admin: string, assigneeId: number, title: string): Promise<number> {
  const res = await request.post('/api/works', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { title, assignee_id: assigneeId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Signs in and waits until the live stream of the page is open. */
async function openLive(page: Page, username: string) {
  const stream = page.waitForRequest((r) => r.url().includes('/api/notifications/stream?'));
  await signInUi(page, username, PASSWORD);
  await stream;
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Thông báo');
}

const badgeSays = (page: Page, n: number) =>
  page.waitForFunction(
    (label) => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('aria-label') === label,
    n > 0 ? `Thông báo, ${n} chưa đọc` : 'Thông báo',
    { polling: 'raf', timeout: 5000 },
  );

test('a work assigned by one user changes the assignee’s badge without a reload', async ({ browser, request }) => {
  const admin = await adminLogin(request);
  const staff = await newStaff(request, admin);
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLive(page, staff.username);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));

  const title = `Lấy mẫu nước thải ${unique()}`;
  const started = Date.now();
  const workId = await assignWork(request, admin, staff.id, title);
  await badgeSays(page, 1);
  const ms = Date.now() - started;
  console.log(`[figures] browser: work assigned (POST /api/works) → badge on the assignee's open page ${ms} ms`);
  expect(navigations, 'no reload').toEqual([]);
  // And a toast says what came.
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Bạn được giao công việc' })).toBeVisible();

  // The drop-down lists it, unread; a click marks it read and opens the work.
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  const row = panel.getByTestId('notification-row').first();
  await expect(row).toContainText('Bạn được giao công việc');
  await expect(row).toContainText(title);
  await expect(row).toContainText(/vừa xong|giây trước/);
  await expect(row).toHaveAttribute('aria-label', /^Chưa đọc: /);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/works/${workId}$`));
  await badgeSays(page, 0);
  await context.close();
});

test('the notifications page: unread first, tabs, mark read, mark all read; another tab follows', async ({
  browser,
  request,
}) => {
  const admin = await adminLogin(request);
  const staff = await newStaff(request, admin);
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLive(page, staff.username);

  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-panel')).toContainText('Chưa có thông báo');
  await page.getByRole('button', { name: 'Xem tất cả' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Thông báo' })).toBeVisible();
  await expect(page.locator('.qlcv-content').getByText('Chưa có thông báo')).toBeVisible();

  for (const n of [1, 2, 3]) await assignWork(request, admin, staff.id, `Công việc thứ ${n} ${unique()}`);
  // The list follows live too.
  const rows = page.getByRole('list', { name: 'Danh sách thông báo' }).getByTestId('notification-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('tab', { name: 'Chưa đọc (3)' })).toBeVisible();

  // A second tab of the same person: marking read there moves this badge too.
  const other = await context.newPage();
  await other.goto('/admin/notifications?status=unread');
  await expect(other.getByRole('list', { name: 'Danh sách thông báo' }).getByTestId('notification-row')).toHaveCount(3);
  await other
    .getByRole('button', { name: /^Đánh dấu đã đọc: / })
    .first()
    .click();
  await badgeSays(page, 2);
  await expect(other.getByRole('list', { name: 'Danh sách thông báo' }).getByTestId('notification-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
  await badgeSays(page, 0);
  await badgeSays(other, 0);
  await page.getByRole('tab', { name: 'Chưa đọc' }).click();
  await expect(page).toHaveURL(/status=unread/);
  await expect(page.locator('.qlcv-content').getByText('Không còn thông báo chưa đọc')).toBeVisible();
  await page.getByRole('tab', { name: 'Tất cả' }).click();
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).not.toHaveAttribute('aria-label', /^Chưa đọc/);
  await context.close();
});

test('the stream stops on logout and the page does not keep asking', async ({ browser, request }) => {
  const admin = await adminLogin(request);
  const staff = await newStaff(request, admin);
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLive(page, staff.username);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  const tickets: string[] = [];
  page.on('request', (r) => r.url().includes('/api/notifications/stream') && tickets.push(r.url()));
  await page.waitForTimeout(2500);
  expect(tickets).toEqual([]);
  await context.close();
});
