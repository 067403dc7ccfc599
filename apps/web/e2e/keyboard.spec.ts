import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, sidebar, unique } from './helpers';

// Keyboard alone (issue 13 part 4): sign in, a visible focus ring, the sidebar menu, a list's row, a dialog that traps
// and returns focus, a form whose errors are tied to their inputs. No mouse in here: only page.keyboard.

/** Presses Tab until `target` has focus (at most `max` times), failing with what had focus instead. */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${key} never reached ${target}; focus is on ${focused}`);
}

/** The focused element's ring: its outline or box-shadow, whichever the theme draws ("" when neither). */
async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    // Inputs inside an affix wrapper draw the ring on the wrapper.
    const candidates = [el, el.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number')];
    for (const c of candidates) {
      if (!c) continue;
      const s = getComputedStyle(c);
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0)
        return `outline ${s.outlineWidth} ${s.outlineColor}`;
      if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
    }
    return '';
  });
}

const focused = (page: Page) => page.locator(':focus');

async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto('/auth/login');
  const username = page.getByLabel('Tên đăng nhập', { exact: true });
  await expect(username).toBeFocused(); // autofocus: the first thing to type into
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mật khẩu', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test.describe('Bàn phím', () => {
  test('đăng nhập, vòng focus hiện rõ, menu bên trái mở trang bằng phím mũi tên', async ({ page }) => {
    await signInByKeyboard(page);

    // Every stop of the first Tabs through the header and sidebar shows a ring.
    await page.locator('body').focus();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const name = await focused(page).evaluate((el) => el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40));
      expect(await focusRing(page), `focus ring on ${name}`).not.toBe('');
    }

    // The sidebar: Tab into the menu, arrows to "Quản trị hệ thống", Enter opens it, arrows to "Phòng ban", Enter.
    await tabTo(page, sidebar(page).getByRole('menu').first());
    expect(await focusRing(page), 'focus ring in the menu').not.toBe('');
    await tabTo(page, sidebar(page).getByRole('menuitem', { name: 'Quản trị hệ thống' }), 20, 'ArrowDown');
    await page.keyboard.press('Enter');
    const item = sidebar(page).getByRole('menuitem', { name: 'Phòng ban' });
    await expect(item).toBeVisible();
    await tabTo(page, item, 10, 'ArrowDown');
    expect(await focusRing(page), 'focus ring on a menu item').not.toBe('');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/departments$/);
    await expect(page.getByRole('heading', { name: 'Phòng ban', level: 3 })).toBeVisible();
  });

  test('danh sách: Tab tới liên kết của một dòng, Enter mở; hộp xác nhận giữ focus và trả focus khi đóng', async ({
    page,
    request,
  }) => {
    const token = await adminLogin(request);
    const id = unique();
    const dep = await createDepartment(request, token, { code: `BP-${id}`, name: `Phòng Bàn phím ${id}` });
    await signInByKeyboard(page);
    await page.goto(`/admin/departments?search=${encodeURIComponent(`BP-${id}`)}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: dep.name });
    await expect(row).toHaveCount(1);

    // The row's name is a link: Tab reaches it, Enter opens the department.
    const link = row.getByRole('link', { name: dep.name });
    await page.locator('body').focus();
    await tabTo(page, link, 60);
    expect(await focusRing(page), 'focus ring on the row link').not.toBe('');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/departments/${dep.id}$`));
    await page.goBack();
    await expect(row).toHaveCount(1);

    // Its delete button opens the confirmation: focus moves in, Tab stays in, Escape closes and gives focus back.
    const remove = row.getByRole('button', { name: `Xóa phòng ban ${dep.name}` });
    await page.locator('body').focus();
    await tabTo(page, remove, 80);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Xóa phòng ban “${dep.name}”?`);
    const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect.poll(inside, { message: 'focus moves into the dialog' }).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
      expect(await inside(), `Tab ${i + 1} keeps focus in the dialog, not on ${where}`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), 'Shift+Tab keeps focus in the dialog').toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    // Nothing was deleted.
    await expect(row).toHaveCount(1);
  });

  test('biểu mẫu: ô nhập có nhãn, lỗi được đọc lên và gắn với ô', async ({ page }) => {
    await signInByKeyboard(page);
    await page.goto('/admin/departments/create');
    const code = page.getByLabel('Mã phòng ban');
    const name = page.getByLabel('Tên phòng ban');
    await expect(code).toBeVisible();
    await expect(name).toBeVisible();

    // Submit the empty form from the keyboard: Tab to the submit button, Enter.
    await page.locator('body').focus();
    await tabTo(page, page.getByRole('button', { name: 'Thêm phòng ban' }).last(), 80);
    await page.keyboard.press('Enter');

    // The first invalid field takes focus, so a screen reader reads its name and then its error.
    await expect(page.getByText('Vui lòng nhập mã phòng ban')).toBeVisible();
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(/Vui lòng nhập mã phòng ban/);
    await expect(name).toHaveAccessibleDescription(/Vui lòng nhập tên phòng ban/);
  });
});
