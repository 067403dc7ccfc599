import { expect as baseExpect, type Page, test } from '@playwright/test';
import { attendanceUser, auth, expectNoSidewaysScroll, PHONE, phoneContext, shot, signInAs } from './attendance-helpers';
import { adminLogin, unique, useToken } from './helpers';

// The machine the specs run on is shared and often loaded: a step may take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const asAdmin = async (page: Page, request: Parameters<typeof adminLogin>[0]) => useToken(page, await adminLogin(request));

// Sites and rules (settings.edit) and the time clock import (attendance.all), issue 23 part 4.
test.describe('attendance: sites, rules, time clock import', () => {
  test.setTimeout(180_000);

  test('a site: refused values, "Lấy vị trí hiện tại", chosen people, edit, delete', async ({ browser, baseURL, request }) => {
    const id = unique();
    const picked = await attendanceUser(request, id, 'chon', ['attendance.index']);
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
      geolocation: { latitude: 10.776889, longitude: 106.700806, accuracy: 8 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await asAdmin(page, request);
    await page.goto('/admin/attendance/sites/create');
    await page.getByLabel('Mã địa điểm').fill(`HCM-${id}`);
    await page.getByLabel('Tên địa điểm').fill(`Điểm quan trắc Sài Gòn ${id}`);
    await page.getByLabel('Vĩ độ').fill('95');
    await page.getByLabel('Kinh độ').fill('106,7');
    await page.getByLabel('Bán kính cho phép (m)').fill('5');
    await page.getByRole('button', { name: 'Thêm địa điểm' }).click();
    await expect(page.getByText('Vĩ độ phải từ −90 đến 90')).toBeVisible();
    await expect(page.getByText('Bán kính phải từ 10 đến 50000 m')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('site-form-phone-errors'), fullPage: true });

    await page.getByRole('button', { name: 'Lấy vị trí hiện tại' }).click();
    await expect(page.getByText('Đã lấy vị trí hiện tại (độ chính xác ± 8 m).')).toBeVisible();
    await expect(page.getByLabel('Vĩ độ')).toHaveValue('10,776889');
    await expect(page.getByLabel('Kinh độ')).toHaveValue('106,700806');
    await page.getByLabel('Bán kính cho phép (m)').fill('200');
    await page.getByLabel('Chỉ những người được chọn').check();
    await page.getByRole('button', { name: 'Thêm địa điểm' }).click();
    await expect(page.getByText('Chọn ít nhất một nhân viên')).toBeVisible();
    await page.getByLabel('Nhân viên được chấm công tại đây').click();
    await page.getByLabel('Nhân viên được chấm công tại đây').fill(`Tran Van chon ${id}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: picked.name }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: shot('site-form-phone-filled'), fullPage: true });
    await page.getByRole('button', { name: 'Thêm địa điểm' }).click();
    await expect(page).toHaveURL(/\/admin\/attendance\/sites$/);
    await expect(page.getByText(`Điểm quan trắc Sài Gòn ${id}`, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('sites-phone'), fullPage: true });

    await page.setViewportSize({ width: 1280, height: 720 });
    const row = page.getByRole('row', { name: new RegExp(`Điểm quan trắc Sài Gòn ${id}`) });
    await expect(row).toContainText('1 nhân viên');
    await expect(row).toContainText('200 m');
    await page.screenshot({ path: shot('sites-desktop'), fullPage: true });
    await row.getByRole('button', { name: `Sửa địa điểm Điểm quan trắc Sài Gòn ${id}` }).click();
    await expect(page.getByText(picked.name)).toBeVisible();
    await page.getByLabel('Bán kính cho phép (m)').fill('300');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect(page).toHaveURL(/\/admin\/attendance\/sites$/);
    await expect(row).toContainText('300 m');
    // The site's "Lịch sử" names who changed the radius, from what to what.
    await row.getByRole('button', { name: `Sửa địa điểm Điểm quan trắc Sài Gòn ${id}` }).click();
    const history = page.getByRole('listitem').filter({ hasText: 'Bán kính cho phép (m):' }).last();
    await expect(history).toContainText('200 → 300');
    await page.getByRole('button', { name: 'Hủy' }).click();
    await expect(page).toHaveURL(/\/admin\/attendance\/sites$/);

    // The picked employee sees the site on their phone; it is theirs alone.
    const phone = await phoneContext(browser, baseURL, null);
    const staffPage = await phone.newPage();
    await signInAs(staffPage, request, picked.username);
    await staffPage.goto('/admin/attendance');
    await expect(staffPage.getByText(`Điểm quan trắc Sài Gòn ${id} (bán kính 300 m)`)).toBeVisible();
    await phone.close();

    await row.getByRole('button', { name: 'Xóa' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(`Điểm quan trắc Sài Gòn ${id}`, { exact: true })).toHaveCount(0);
    await context.close();
  });

  test('rules: a refused value, the office network makes "Dùng mạng văn phòng" check in', async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    const id = unique();
    const staff = await attendanceUser(request, id, 'ip', ['attendance.index']);
    await asAdmin(page, request);
    await page.goto('/admin/attendance/settings');
    await expect(page.getByRole('heading', { name: 'Cài đặt chấm công' })).toBeVisible();
    await page.getByLabel('Số phút cho phép (đi muộn, về sớm)').fill('500');
    await page.getByRole('button', { name: 'Lưu quy định' }).click();
    await expect(page.getByText('Số phút cho phép đi muộn phải từ 0 đến 240')).toBeVisible();
    await page.getByLabel('Số phút cho phép (đi muộn, về sớm)').fill('10');
    await page.getByLabel('Mạng văn phòng').fill('không-phải-ip');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Lưu quy định' }).click();
    await expect(page.getByText('“không-phải-ip” không phải địa chỉ IP hoặc dải CIDR')).toBeVisible();
    await page.screenshot({ path: shot('rules-desktop-errors'), fullPage: true });
    // Start again from the saved rules (nothing was saved).
    await page.reload();
    await page.getByLabel('Số phút cho phép (đi muộn, về sớm)').fill('10');
    await page.getByLabel('Mạng văn phòng').fill('127.0.0.0/8');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Lưu quy định' }).click();
    await expect(page.getByText('Đã lưu quy định chấm công.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Mạng văn phòng (địa chỉ IP):' }).first()).toContainText(
      '127.0.0.0/8',
    );
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Lưu quy định' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('rules-phone'), fullPage: true });

    const phone = await phoneContext(browser, baseURL, null);
    const staffPage = await phone.newPage();
    await signInAs(staffPage, request, staff.username);
    await staffPage.goto('/admin/attendance');
    await staffPage.getByRole('button', { name: 'Dùng mạng văn phòng' }).click();
    await expect(staffPage.getByRole('status').filter({ hasText: 'Đã chấm công vào lúc' })).toContainText('Mạng văn phòng');
    await phone.close();

    // Back to no office network, so other specs see the GPS screen as it is by default.
    const token = await adminLogin(request);
    const current = await (await request.get('/api/attendance/settings', { headers: auth(token) })).json();
    const res = await request.put('/api/attendance/settings', {
      headers: auth(token),
      data: { ...current, office_ip_ranges: [], updated_at: undefined },
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  test('time clock import: a dry run lists unknown codes and row errors; a clean file is imported, then ignored as duplicates', async ({
    page,
    request,
  }) => {
    const id = unique();
    const worker = await attendanceUser(request, id, 'clock', ['attendance.index']);
    expect(worker.code).not.toBe('');
    await asAdmin(page, request);
    await page.goto('/admin/attendance/import');
    await expect(page.getByRole('heading', { name: 'Nhập dữ liệu máy chấm công' })).toBeVisible();
    await page.screenshot({ path: shot('import-desktop-empty'), fullPage: true });

    const bad = `Mã nhân viên,Thời gian\n${worker.code},03/11/2026 08:01\nKHONGCO-${id},03/11/2026 08:05\n${worker.code},ngày nào đó\n`;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'may-cham-cong-loi.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(page.getByTestId('import-file-name')).toHaveText('may-cham-cong-loi.csv');
    await page.getByRole('button', { name: 'Kiểm tra tệp' }).click();
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('Số dòng3');
    await expect(page.getByTestId('import-unknown-codes')).toContainText(`KHONGCO-${id}`);
    await expect(report.getByRole('cell', { name: 'Thời gian không hợp lệ', exact: false })).toBeVisible();
    await expect(page.getByText('Tệp còn lỗi: chưa có dòng nào được nhập.')).toBeVisible();
    await expect(page.getByRole('button', { name: /(^| )Nhập$/ })).toHaveCount(0);
    await page.screenshot({ path: shot('import-desktop-errors'), fullPage: true });

    const good = `Mã nhân viên,Thời gian\n${worker.code},03/11/2026 08:01\n${worker.code},03/11/2026 17:32\n`;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'may-cham-cong.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByRole('button', { name: 'Kiểm tra tệp' }).click();
    await expect(report).toContainText('Hợp lệ2');
    await page.getByRole('button', { name: /(^| )Nhập$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Đã nhập 2 lần chấm công' })).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('import-phone-done'), fullPage: true });

    // The same file again: nothing new.
    await page.getByRole('button', { name: 'Kiểm tra tệp' }).click();
    await expect(report).toContainText('Trùng (bỏ qua)2');

    // Without attendance.all: no import screen.
    await signInAs(page, request, worker.username);
    await page.goto('/admin/attendance/import');
    await expect(page).toHaveURL(/\/403$/);
  });
});
