import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, createRole, createUser, signInUi, unique } from './helpers';

/** Clicks "Xuất Excel" and checks the saved file: its name and that it is a real, non-empty .xlsx. */
async function expectXlsxExport(page: Page, name: RegExp): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);
  expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
}

/** Opens an Ant Design select / tree select by its label, types to filter, and picks the option with this text. */
async function pick(page: Page, label: string, search: string, option = search): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('Phòng ban', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm (có cấp trên, trưởng phòng) → sửa → dạng cây / danh sách → xuất Excel', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await adminLogin(request);
    const id = unique();
    const parent = await createDepartment(request, token, { code: `TT-${id}`, name: `Trung tâm Quan trắc ${id}` });
    const role = await createRole(request, token, { code: `tp-${id}`, name: `Trưởng phòng ${id}`, permissions: [] });
    const head = await createUser(request, token, {
      name: `Trần Quốc Bảo ${id}`,
      username: `bao.${id}`,
      password: 'MatKhau#2026',
      role_id: role.id,
    });
    const name = `Phòng Quan trắc hiện trường ${id}`;

    await page.goto('/admin/departments');
    await expect(page.getByRole('heading', { name: 'Phòng ban', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm phòng ban' }).first().click();
    await expect(page).toHaveURL(/\/admin\/departments\/create$/);
    await expect(page.getByRole('heading', { name: 'Thêm phòng ban', level: 3 })).toBeVisible();

    await page.getByRole('button', { name: 'Thêm phòng ban' }).click();
    await expect(page.getByText('Vui lòng nhập mã phòng ban')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên phòng ban')).toBeVisible();

    // The server's 422 lands under the field.
    await page.getByLabel('Mã phòng ban').fill(`TT-${id}`);
    await page.getByLabel('Tên phòng ban').fill(name);
    await page.getByRole('button', { name: 'Thêm phòng ban' }).click();
    await expect(page.getByText('Mã phòng ban đã tồn tại.')).toBeVisible();

    await page.getByLabel('Mã phòng ban').fill(`PQT-${id}`);
    await pick(page, 'Trực thuộc', `trung tam quan trac ${id}`, parent.name);
    await pick(page, 'Trưởng phòng', `tran quoc bao ${id}`, head.name);
    await page.getByLabel('Mô tả').fill('Lấy mẫu không khí, nước thải tại hiện trường');
    await page.getByRole('button', { name: 'Thêm phòng ban' }).click();

    await expect(page).toHaveURL(/\/admin\/departments\/\d+$/);
    const departmentId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: parent.name })).toBeVisible();
    await expect(page.getByRole('link', { name: head.name })).toBeVisible();
    await expect(page.getByText('Chưa có nhân viên nào')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tạo mới');

    // Edit: new name; the department itself cannot be its own parent.
    await page.getByRole('button', { name: 'Sửa' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/departments/${departmentId}/edit$`));
    await expect(page.getByLabel('Tên phòng ban')).toHaveValue(name);
    await page.getByLabel('Trực thuộc').click();
    const self = page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: name });
    await expect(self).toHaveClass(/ant-select-tree-treenode-disabled/);
    await page.keyboard.press('Escape');
    await page.getByLabel('Tên phòng ban').fill(`Phòng Quan trắc môi trường ${id}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/departments/${departmentId}$`));
    await expect(page.getByRole('heading', { name: `Phòng Quan trắc môi trường ${id}`, level: 3 })).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tên phòng ban');

    // Tree view (default): the child sits under its parent; the search keeps the parent of a match.
    await page.goto('/admin/departments');
    await page.getByRole('searchbox').fill(`quan trac moi truong ${id}`);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0)).toContainText(parent.name);
    await expect(rows(page).nth(1)).toContainText(`Phòng Quan trắc môi trường ${id}`);
    await expect(rows(page).nth(1)).toHaveClass(/ant-table-row-level-1/);
    await expect(rows(page).nth(1)).toContainText(head.name);

    // List view: flat, with the parent named.
    await page.getByText('Danh sách', { exact: true }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`PQT-${id}`);
    await expect(rows(page).first()).toContainText(parent.name);

    await page.getByRole('searchbox').fill('khong-co-phong-ban-nay');
    await expect(page.getByText('Không tìm thấy phòng ban nào khớp với “khong-co-phong-ban-nay”')).toBeVisible();
    await page.getByRole('searchbox').fill(id);
    await expect(rows(page)).toHaveCount(2);

    await expectXlsxExport(page, /^phong-ban-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  test('xóa: máy chủ từ chối khi còn phòng ban trực thuộc; thêm phòng ban trực thuộc từ trang chi tiết', async ({
    page,
    request,
  }) => {
    const token = await adminLogin(request);
    const id = unique();
    const parent = await createDepartment(request, token, { code: `KT-${id}`, name: `Khối Kỹ thuật ${id}` });

    await page.goto(`/admin/departments/${parent.id}`);
    await expect(page.getByText('Chưa có phòng ban trực thuộc')).toBeVisible();
    await page.getByRole('button', { name: 'Thêm phòng ban trực thuộc' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/departments/create\\?parent_id=${parent.id}$`));
    await expect(page.locator('form').getByText(parent.name, { exact: true })).toBeVisible();
    await page.getByLabel('Mã phòng ban').fill(`TB-${id}`);
    await page.getByLabel('Tên phòng ban').fill(`Tổ Thiết bị ${id}`);
    await page.getByRole('button', { name: 'Thêm phòng ban' }).click();
    await expect(page.getByRole('heading', { name: `Tổ Thiết bị ${id}`, level: 3 })).toBeVisible();
    const childId = Number(page.url().split('/').pop());

    await page.goto(`/admin/departments/${parent.id}`);
    await expect(page.getByText('Phòng ban trực thuộc (1)')).toBeVisible();
    await page.getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Xóa phòng ban “${parent.name}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.locator('.ant-notification-notice')).toContainText(
      'Không thể xóa phòng ban đang có 1 phòng ban trực thuộc.',
    );
    await expect(page).toHaveURL(new RegExp(`/admin/departments/${parent.id}$`));

    await page.goto(`/admin/departments?view=list&search=${id}`);
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('button', { name: `Xóa phòng ban Tổ Thiết bị ${id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(rows(page)).toHaveCount(1);
    await page.goto(`/admin/departments/${childId}`);
    await expect(page.getByText('Không tìm thấy phòng ban', { exact: true })).toBeVisible();
  });
});
