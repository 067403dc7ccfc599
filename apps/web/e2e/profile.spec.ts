import { expect, type Page, test } from '@playwright/test';
import { adminLogin, createRole, createUser, randomMobile, signInUi, unique } from './helpers';

/** A fresh employee (so the admin account used by other specs is left alone). */
async function newEmployee(request: Parameters<typeof adminLogin>[0]) {
  const token = await adminLogin(request);
  const id = unique();
  const role = await createRole(request, token, { code: `nv-${id}`, name: `Nhân viên ${id}`, permissions: [] });
  const user = {
    name: `Vũ Minh Châu ${id}`,
    username: `chau.${id}`,
    password: 'ChauMinh#2026',
    role_id: role.id,
    mobile: randomMobile(),
  };
  await createUser(request, token, user);
  return { ...user, id };
}

const field = (page: Page, column: string) => page.getByTestId(`profile-${column}`);

test.describe('Trang cá nhân', () => {
  test('sửa từng trường tại chỗ; họ tên mới còn sau khi tải lại', async ({ page, request }) => {
    const me = await newEmployee(request);
    await signInUi(page, me.username, me.password);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Trang cá nhân' }).click();
    await expect(page).toHaveURL(/\/admin\/personal$/);
    await expect(page.getByRole('heading', { name: 'Trang cá nhân', level: 3 })).toBeVisible();
    await expect(field(page, 'name')).toContainText(me.name);

    // The name cannot be emptied.
    await field(page, 'name').getByRole('button', { name: 'Sửa họ tên' }).click();
    await field(page, 'name').getByLabel('Họ tên').fill('  ');
    await field(page, 'name').getByRole('button', { name: 'Lưu' }).click();
    await expect(field(page, 'name')).toContainText('Vui lòng nhập họ tên');

    // Enter saves; the header shows the new name at once (the local user is updated).
    const newName = `Vũ Thị Minh Châu ${me.id}`;
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/profile/partial') && r.method() === 'PUT');
    await field(page, 'name').getByLabel('Họ tên').fill(newName);
    await field(page, 'name').getByLabel('Họ tên').press('Enter');
    expect((await saved).postDataJSON()).toEqual({ column: 'name', value: newName });
    await expect(page.locator('.ant-notification-notice').first()).toContainText('Đã cập nhật họ tên.');
    await expect(field(page, 'name')).toContainText(newName);
    await expect(page.getByTestId('user-menu')).toContainText(newName);

    // Bad e-mail: the rule of the shared schema; Esc cancels.
    await field(page, 'email').getByRole('button', { name: 'Sửa email' }).click();
    await field(page, 'email').getByLabel('Email').fill('chau@');
    await field(page, 'email').getByLabel('Email').press('Enter');
    await expect(field(page, 'email')).toContainText('Email không hợp lệ');
    await field(page, 'email').getByLabel('Email').press('Escape');
    await expect(field(page, 'email')).toContainText('Chưa cập nhật');

    // Gender through its select.
    await field(page, 'gender').getByRole('button', { name: 'Sửa giới tính' }).click();
    await field(page, 'gender').getByLabel('Giới tính').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Nữ', { exact: true }).click();
    await field(page, 'gender').getByRole('button', { name: 'Lưu' }).click();
    await expect(field(page, 'gender')).toContainText('Nữ');
    await expect(field(page, 'gender').getByRole('button', { name: 'Sửa giới tính' })).toBeVisible();

    await page.reload();
    await expect(field(page, 'name')).toContainText(newName);
    await expect(field(page, 'gender')).toContainText('Nữ');
    await expect(page.getByTestId('user-menu')).toContainText(newName);
  });

  test('đổi mật khẩu rồi đăng nhập bằng mật khẩu mới', async ({ page, request }) => {
    // Five password checks (argon2) and three sign-ins: past 30 s on a busy runner.
    test.setTimeout(60_000);
    const me = await newEmployee(request);
    const newPassword = 'MinhChau#2027';
    await signInUi(page, me.username, me.password);
    await page.goto('/admin/personal');
    const form = page.locator('form#password');

    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await expect(form.getByText('Vui lòng nhập mật khẩu hiện tại')).toBeVisible();
    await expect(form.getByText('Vui lòng nhập lại mật khẩu mới')).toBeVisible();

    await form.getByLabel('Mật khẩu hiện tại').fill('SaiMatKhau#1');
    await form.getByLabel('Mật khẩu mới', { exact: true }).fill(newPassword);
    await form.getByLabel('Nhập lại mật khẩu mới').fill(`${newPassword}x`);
    await expect(form.getByText('Mật khẩu nhập lại không khớp')).toBeVisible();
    await form.getByLabel('Nhập lại mật khẩu mới').fill(newPassword);
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    // The server's 422 on the current password lands under that field.
    await expect(form.getByText('Mật khẩu hiện tại không đúng.')).toBeVisible();

    await form.getByLabel('Mật khẩu hiện tại').fill(me.password);
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await expect(page.locator('.ant-notification-notice').first()).toContainText('Đã đổi mật khẩu.');
    await expect(form.getByLabel('Mật khẩu hiện tại')).toHaveValue('');

    // Still signed in here; sign out, the old password no longer works, the new one does.
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/personal$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await request.post('/api/auth/login', { data: { username: me.username, password: me.password } })).status()).not.toBe(
      200,
    );
    await signInUi(page, me.username, newPassword);
  });
});
