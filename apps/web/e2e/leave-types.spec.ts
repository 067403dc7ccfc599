import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './attendance-helpers';
import { ADMIN, adminLogin, createRole, createUser, sidebar, signInUi, spareYear, unique } from './helpers';

// Issue 23's gap: the leave types' settings screen, where HR ticks "Tính là ngày công" (a business trip, CT).

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PASSWORD = 'Matkhau@2026';
const URL = '/admin/settings/leave-types';

interface Type {
  id: number;
  code: string;
  name: string;
  symbol: string;
  paid: boolean;
  uses_balance: boolean;
  counts_as_worked: boolean;
  active: boolean;
  sort_order: number;
  version: number;
}

const rowOf = (page: Page, code: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: ` · ${code}` });

/** Serious and critical axe-core violations (WCAG 2 A/AA) of what the page shows now, as the a11y spec counts them. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary}`).join(', ')}`);
}

async function types(request: APIRequestContext, token: string): Promise<Type[]> {
  const res = await request.get('/api/leave-types', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Type[] }).data;
}

/** A type made through the API and a leave of the admin's own that uses it (so the server refuses its deletion). */
async function typeInUse(request: APIRequestContext, token: string, id: string): Promise<Type> {
  const res = await request.post('/api/leave-types', {
    headers: auth(token),
    data: { code: `dung-${id}`, name: `Nghỉ đã dùng ${id}`, symbol: 'ND', sort_order: 900 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const type = (await res.json()) as Type;
  // A working day of a year nobody else uses: the first weekday that gives a leave.
  const year = spareYear();
  let last = '';
  for (let day = 2; day < 30; day++) {
    const date = `${year}-03-${String(day).padStart(2, '0')}`;
    const leave = await request.post('/api/leaves', {
      headers: auth(token),
      data: { leave_type_id: type.id, start_date: date, end_date: date, reason: 'Việc gia đình' },
    });
    last = `${leave.status()} ${await leave.text()}`;
    if (leave.status() === 201) return type;
  }
  throw new Error(`no leave could be applied with the new type (last: ${last})`);
}

test.describe('Loại nghỉ phép', () => {
  test('thêm loại tính là ngày công, mã trùng, sửa, xóa, từ chối xóa loại đang dùng', async ({ page, request }) => {
    test.setTimeout(240_000);
    const id = unique();
    const code = `ctn-${id}`;
    const token = await adminLogin(request);
    const used = await typeInUse(request, token, id);

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(URL);
    await expect(page.getByRole('heading', { name: 'Loại nghỉ phép', level: 3 })).toBeVisible();
    // In the settings menu.
    await expect(sidebar(page).getByRole('link', { name: 'Loại nghỉ phép' })).toBeVisible();
    // The seeded types, in their order, with their symbols; the trip counts as worked.
    await expect(rowOf(page, 'annual')).toContainText('Nghỉ phép năm');
    await expect(rowOf(page, 'annual').getByText('P', { exact: true })).toBeVisible();
    await expect(rowOf(page, 'sick').getByText('Ô', { exact: true })).toBeVisible();
    await expect(rowOf(page, 'business_trip')).toContainText('Công tác');
    await expect(rowOf(page, 'business_trip').getByText('Tính là ngày công', { exact: true })).toBeVisible();
    await expect(rowOf(page, 'annual').getByText('Tính là ngày công', { exact: true })).toHaveCount(0);
    await expect(page.getByText('được tính là ngày làm việc trong bảng chấm công').first()).toBeVisible();

    // A type the system looks up by its code keeps it, and is not deleted.
    await rowOf(page, 'annual').getByRole('button', { name: 'Sửa loại nghỉ Nghỉ phép năm' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Mã loại nghỉ')).toBeDisabled();
    await expect(dialog.getByText('Hệ thống dùng mã này cho phép năm nên không đổi được.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, 'annual').getByRole('button', { name: /^Xóa/ })).toBeDisabled();

    // Create "Công tác nước ngoài" (CTN), counted as worked.
    await page.getByRole('button', { name: 'Thêm loại nghỉ' }).first().click();
    await expect(dialog.getByText('Thêm loại nghỉ').first()).toBeVisible();
    await dialog.getByLabel('Mã loại nghỉ').fill(code);
    await dialog.getByLabel('Tên loại nghỉ').fill('Công tác nước ngoài');
    await dialog.getByLabel('Ký hiệu chấm công').fill('CTN');
    await dialog.getByLabel('Thứ tự').fill('75');
    await dialog.getByRole('switch', { name: 'Có hưởng lương' }).click();
    await dialog.getByRole('switch', { name: 'Tính là ngày công (công tác)' }).click();
    await dialog.getByRole('button', { name: 'Thêm loại nghỉ' }).click();
    await expect(page.getByText('Đã thêm loại nghỉ “Công tác nước ngoài”.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, code)).toContainText('CTN');
    await expect(rowOf(page, code).getByText('Tính là ngày công', { exact: true })).toBeVisible();
    const created = (await types(request, token)).find((t) => t.code === code);
    expect(created).toMatchObject({
      name: 'Công tác nước ngoài',
      symbol: 'CTN',
      paid: true,
      uses_balance: false,
      counts_as_worked: true,
      active: true,
      sort_order: 75,
    });
    await page.screenshot({ path: shot('leave-types-list'), fullPage: true });

    // The same code again: the server's 422 under the code field, the dialog stays open.
    await page.getByRole('button', { name: 'Thêm loại nghỉ' }).first().click();
    await dialog.getByLabel('Mã loại nghỉ').fill(code);
    await dialog.getByLabel('Tên loại nghỉ').fill('Công tác nước ngoài lần hai');
    await dialog.getByLabel('Ký hiệu chấm công').fill('CT2');
    await dialog.getByRole('button', { name: 'Thêm loại nghỉ' }).click();
    await expect(dialog.getByText('Mã loại nghỉ đã tồn tại.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Thêm loại nghỉ' })).toBeEnabled();
    await page.screenshot({ path: shot('leave-types-duplicate-code'), fullPage: true });
    // The dialog with its error, scanned with the pointer off the button just pressed (its hover colour is fading
    // back: a half-way colour fails contrast for a few frames).
    await page.mouse.move(0, 0);
    // A scan takes seconds on a busy machine: room for a second one.
    await expect(async () => expect(await axeViolations(page)).toEqual([])).toPass({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await expect(dialog).toBeHidden();

    // Edit: another name, no longer paid.
    await rowOf(page, code).getByRole('button', { name: 'Sửa loại nghỉ Công tác nước ngoài' }).click();
    await expect(dialog.getByLabel('Tên loại nghỉ')).toHaveValue('Công tác nước ngoài');
    await expect(dialog.getByRole('switch', { name: 'Tính là ngày công (công tác)' })).toBeChecked();
    await dialog.getByLabel('Tên loại nghỉ').fill('Công tác nước ngoài dài ngày');
    await dialog.getByRole('switch', { name: 'Có hưởng lương' }).click();
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Đã lưu loại nghỉ “Công tác nước ngoài dài ngày”.')).toBeVisible();
    await expect(rowOf(page, code)).toContainText('Công tác nước ngoài dài ngày');
    expect((await types(request, token)).find((t) => t.code === code)).toMatchObject({ paid: false, counts_as_worked: true });

    // Someone else saves it meanwhile: the project's conflict message, and "Tải lại" starts from their version.
    await rowOf(page, code).getByRole('button', { name: 'Sửa loại nghỉ Công tác nước ngoài dài ngày' }).click();
    const current = (await types(request, token)).find((t) => t.code === code)!;
    const put = await request.put(`/api/leave-types/${current.id}`, {
      headers: auth(token),
      data: {
        code: current.code,
        name: 'Công tác nước ngoài (HR sửa)',
        symbol: current.symbol,
        paid: current.paid,
        uses_balance: current.uses_balance,
        counts_as_worked: current.counts_as_worked,
        active: current.active,
        sort_order: current.sort_order,
        version: current.version,
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await dialog.getByLabel('Ký hiệu chấm công').fill('CNN');
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(dialog.getByTestId('conflict-alert')).toContainText('Dữ liệu đã thay đổi');
    await dialog.getByRole('button', { name: 'Tải lại' }).click();
    await expect(dialog.getByLabel('Tên loại nghỉ')).toHaveValue('Công tác nước ngoài (HR sửa)');
    await expect(dialog.getByLabel('Ký hiệu chấm công')).toHaveValue('CTN');
    await expect(dialog.getByTestId('conflict-alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Hủy' }).click();

    // Delete the unused type.
    await rowOf(page, code).getByRole('button', { name: 'Xóa loại nghỉ Công tác nước ngoài (HR sửa)' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Xóa loại nghỉ “Công tác nước ngoài (HR sửa)”?' });
    await confirm.getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText('Đã xóa loại nghỉ “Công tác nước ngoài (HR sửa)”.')).toBeVisible();
    await expect(rowOf(page, code)).toHaveCount(0);

    // A type a leave uses: the server's refusal, the row stays.
    await rowOf(page, used.code)
      .getByRole('button', { name: `Xóa loại nghỉ ${used.name}` })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: `Xóa loại nghỉ “${used.name}”?` })
      .getByRole('button', { name: 'Xóa' })
      .click();
    await expect(page.getByText('Loại nghỉ đã được dùng trong đơn nghỉ, chỉ có thể ngừng sử dụng.')).toBeVisible();
    await expect(rowOf(page, used.code)).toHaveCount(1);
    expect((await types(request, token)).some((t) => t.id === used.id)).toBe(true);
  });

  test('người không có settings.edit không mở được (403)', async ({ page, request }) => {
    test.setTimeout(60_000);
    const id = unique();
    const token = await adminLogin(request);
    const role = await createRole(request, token, { code: `nv-${id}`, name: `Nhân viên ${id}`, permissions: ['leaves.index'] });
    await createUser(request, token, { name: `Lê Văn Nghỉ ${id}`, username: `nghi.${id}`, password: PASSWORD, role_id: role.id });
    await signInUi(page, `nghi.${id}`, PASSWORD);
    await expect(sidebar(page).getByRole('link', { name: 'Loại nghỉ phép' })).toHaveCount(0);
    await page.goto(URL);
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
  });

  test('lỗi tải danh sách → "Thử lại"', async ({ page }) => {
    // A 500 is retried twice (1 s, 2 s) before the error shows.
    test.setTimeout(60_000);
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.route('**/api/leave-types', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { message: 'Máy chủ đang bận.' } })
        : route.continue(),
    );
    await page.goto(URL);
    await expect(page.getByText('Không tải được dữ liệu')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/leave-types');
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await expect(rowOf(page, 'annual')).toContainText('Nghỉ phép năm');
  });

  test('390 px: thẻ thay bảng, không cuộn ngang, hộp sửa vừa màn hình', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(URL);
    await expect(rowOf(page, 'business_trip')).toContainText('Công tác');
    // Cards: the key on top, the other columns as "title: value" lines.
    await expect(page.locator('.qlcv-phone-cards')).toBeVisible();
    await expect(rowOf(page, 'business_trip').getByText('Tính chất')).toBeVisible();
    await expect(rowOf(page, 'business_trip').getByText('Tính là ngày công', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('leave-types-390'), fullPage: true });
    await rowOf(page, 'business_trip').getByRole('button', { name: 'Sửa loại nghỉ Công tác' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Mã loại nghỉ')).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Tính là ngày công (công tác)' })).toBeChecked();
    await expectNoSidewaysScroll(page);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.screenshot({ path: shot('leave-types-390-dialog') });
  });
});
