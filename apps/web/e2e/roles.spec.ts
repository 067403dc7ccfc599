import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createRole, createUser, signInUi, unique } from './helpers';

/** Clicks "Xuất Excel" and checks the saved file: its name and that it is a real, non-empty .xlsx. */
async function expectXlsxExport(page: Page, name: RegExp): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip archive
  expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);
  expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
}

const group = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test.describe('Vai trò', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm → sửa → tìm trong danh sách → xuất Excel', async ({ page }) => {
    // The whole permission tree is ticked and saved twice: on a loaded CI machine past 30 s (as the other long forms).
    test.setTimeout(60_000);
    const id = unique();
    const name = `Kế toán tổng hợp ${id}`;

    await page.goto('/admin/roles');
    await expect(page.getByRole('heading', { name: 'Vai trò', level: 3 })).toBeVisible();
    // Earlier specs add roles, so the administrator's may be past the first page: the list shows rows.
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Thêm vai trò' }).click();
    await expect(page).toHaveURL(/\/admin\/roles\/create$/);
    await expect(page.getByRole('heading', { name: 'Thêm vai trò' })).toBeVisible();

    // Client-side rules (the shared schemas).
    await page.getByRole('button', { name: 'Thêm vai trò' }).click();
    await expect(page.getByText('Vui lòng nhập mã vai trò')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên vai trò')).toBeVisible();
    await page.getByLabel('Mã vai trò').fill('kế toán');
    await expect(page.getByText('Mã vai trò chỉ gồm chữ không dấu, số và dấu . _ -')).toBeVisible();

    // The server's 422 lands under the field.
    await page.getByLabel('Mã vai trò').fill('admin');
    await page.getByLabel('Tên vai trò').fill(name);
    await page.getByRole('button', { name: 'Thêm vai trò' }).click();
    await expect(page.getByText('Mã vai trò đã tồn tại.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/roles\/create$/);

    await page.getByLabel('Mã vai trò').fill(`ke-toan-${id}`);
    await page.getByLabel('Mô tả').fill('Theo dõi hợp đồng và công nợ khách hàng');
    await group(page, 'Người dùng').getByLabel('Chọn tất cả').check();
    await group(page, 'Phòng ban')
      .getByLabel(/Xem danh sách/)
      .check();
    await expect(group(page, 'Người dùng').getByLabel(/Sửa, xóa/)).toBeChecked();
    await expect(page.getByTestId('permission-count')).toContainText('Đã chọn 5/');
    await page.getByRole('button', { name: 'Thêm vai trò' }).click();

    await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(page.getByText(`ke-toan-${id}`).first()).toBeVisible();
    const granted = page.locator('section[aria-label="Người dùng"]');
    await expect(granted.getByText('Xem danh sách')).toBeVisible();
    await expect(granted.getByText('Sửa, xóa')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tạo mới');
    await expect(page.getByTestId('history-item').first()).toContainText('Quản trị viên');

    // Edit: rename, take one key away.
    await page.getByRole('button', { name: 'Sửa' }).click();
    await expect(page).toHaveURL(/\/admin\/roles\/\d+\/edit$/);
    await expect(page.getByLabel('Tên vai trò')).toHaveValue(name);
    await page.getByLabel('Tên vai trò').fill(`${name} (sửa)`);
    await group(page, 'Người dùng')
      .getByLabel(/Sửa, xóa/)
      .uncheck();
    await expect(group(page, 'Người dùng').getByLabel('Chọn tất cả')).not.toBeChecked();
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);
    await expect(page.getByRole('heading', { name: `${name} (sửa)`, level: 3 })).toBeVisible();
    await expect(granted.getByText('Sửa, xóa')).toHaveCount(0);
    const latest = page.getByTestId('history-item').first();
    await expect(latest).toContainText('Cập nhật');
    await expect(latest).toContainText(`${name} (sửa)`);
    await expect(latest).toContainText('bỏ Người dùng: Sửa, xóa');

    // List: search without accents finds it, with its counts.
    await page.goto('/admin/roles');
    await page.getByRole('searchbox').fill(`ke toan tong hop ${id}`);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('row', { name: new RegExp(`ke-toan-${id}`) });
    await expect(row).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    await expect(row.getByRole('cell').nth(4)).toHaveText('4');

    // The search survives a reload (it lives in the address).
    await page.reload();
    await expect(page.getByRole('searchbox')).toHaveValue(`ke toan tong hop ${id}`);
    await expect(row).toBeVisible();

    await expectXlsxExport(page, /^vai-tro-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  test('sửa cùng lúc: bản cũ bị từ chối (409) và "Tải lại" lấy bản mới', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const role = await createRole(request, token, { code: `ks-${id}`, name: `Kỹ sư ${id}`, permissions: ['users.index'] });

    await page.goto(`/admin/roles/${role.id}/edit`);
    await expect(page.getByLabel('Tên vai trò')).toHaveValue(`Kỹ sư ${id}`);

    // Someone else saves first.
    const res = await request.put(`/api/roles/${role.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: `ks-${id}`, name: `Kỹ sư trưởng ${id}`, description: null, permissions: ['users.index'], version: 1 },
    });
    expect(res.status()).toBe(200);

    await page.getByLabel('Tên vai trò').fill(`Kỹ sư hiện trường ${id}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    const alert = page.getByTestId('conflict-alert');
    await expect(alert).toContainText('Bản ghi đã được người khác cập nhật');
    await expect(page).toHaveURL(/\/edit$/);

    await alert.getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByTestId('conflict-alert')).toHaveCount(0);
    await expect(page.getByLabel('Tên vai trò')).toHaveValue(`Kỹ sư trưởng ${id}`);
    await page.getByLabel('Tên vai trò').fill(`Kỹ sư hiện trường ${id}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByRole('heading', { name: `Kỹ sư hiện trường ${id}`, level: 3 })).toBeVisible();
  });

  test('xóa: hỏi lại, báo lý do khi máy chủ từ chối; vai trò quản trị chỉ xem quyền', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const used = await createRole(request, token, { code: `dung-${id}`, name: `Đang dùng ${id}`, permissions: [] });
    await createUser(request, token, {
      name: `Người giữ ${id}`,
      username: `giu.${id}`,
      password: 'MatKhau#2026',
      role_id: used.id,
    });
    const spare = await createRole(request, token, { code: `thua-${id}`, name: `Không dùng ${id}`, permissions: [] });

    await page.goto(`/admin/roles?search=${id}`);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);

    // In use: the server refuses, its message is shown, the role stays.
    await page.getByRole('button', { name: `Xóa vai trò ${used.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Xóa vai trò “${used.name}”?`);
    await dialog.getByRole('button', { name: 'Xóa' }).click();
    await expect(page.locator('.ant-notification-notice')).toContainText(
      'Không thể xóa vai trò đang được gán cho 1 người dùng. Hãy chuyển họ sang vai trò khác trước.',
    );
    await expect(page.getByRole('row', { name: new RegExp(used.name) })).toBeVisible();

    // Cancel keeps it; confirming removes it.
    await page.getByRole('button', { name: `Xóa vai trò ${spare.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
    await expect(page.getByRole('row', { name: new RegExp(spare.name) })).toBeVisible();
    await page.getByRole('button', { name: `Xóa vai trò ${spare.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByRole('row', { name: new RegExp(spare.name) })).toHaveCount(0);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

    // The admin role: cannot be deleted; its permissions are shown read-only with a note.
    await page.goto('/admin/roles?search=admin');
    const adminRow = page.getByRole('row', { name: /admin/ }).first();
    await expect(adminRow.getByRole('button', { name: /Xóa vai trò/ })).toBeDisabled();
    await adminRow.getByRole('button', { name: /Sửa vai trò/ }).click();
    await expect(page.getByText('Vai trò quản trị luôn có toàn bộ quyền')).toBeVisible();
    await expect(page.getByLabel('Mã vai trò')).toBeDisabled();
    await expect(group(page, 'Người dùng').getByLabel('Chọn tất cả')).toBeDisabled();
    await expect(group(page, 'Người dùng').getByLabel('Chọn tất cả')).toBeChecked();
  });

  test('trạng thái rỗng và lỗi tải có "Thử lại"', async ({ page }) => {
    await page.goto('/admin/roles?search=khong-co-vai-tro-nao-nhu-vay');
    await expect(page.getByText('Không tìm thấy vai trò nào khớp với “khong-co-vai-tro-nao-nhu-vay”')).toBeVisible();
    await page.getByRole('button', { name: 'Xóa tìm kiếm' }).click();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

    await page.route('**/api/roles?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Máy chủ đang bận.', errors: [], error_code: 'INTERNAL' }),
      }),
    );
    await page.goto('/admin/roles?search=loi');
    await expect(page.getByText('Không tải được dữ liệu')).toBeVisible();
    await expect(page.getByText('Máy chủ đang bận.')).toBeVisible();
    await page.unroute('**/api/roles?*');
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await expect(page.getByText('Không tải được dữ liệu')).toHaveCount(0);
  });
});
