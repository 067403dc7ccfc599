import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  adminLogin,
  apiLogin,
  createDepartment,
  createRole,
  createUser,
  randomMobile,
  setDepartmentHead,
  signInUi,
  unique,
} from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const PASSWORD = 'Matkhau@2026';
const YEAR = new Date().getFullYear();

async function signInFresh(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInUi(page, username, password);
  return { context, page };
}

/** The "Còn lại" figure of the balance, as a number. */
async function remainingOf(scope: Page | Locator): Promise<number> {
  const text = await scope.getByTestId('leave-balance-remaining').locator('.ant-statistic-content-value').textContent();
  return Number((text ?? '').replace(',', '.'));
}

async function pick(page: Page, label: string, name: string) {
  const picker = page.getByRole('combobox', { name: label, exact: true });
  await picker.click();
  await picker.fill(name);
  await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
}

async function setPolicy(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const current = await (await request.get('/api/leaves/policy', { headers: auth(token) })).json();
  const res = await request.put('/api/leaves/policy', { headers: auth(token), data: { ...body, version: current.version } });
  expect(res.status(), await res.text()).toBe(200);
}

test('nhân sự điều chỉnh số ngày phép, đổi chính sách phép và chốt phép cuối năm', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const id = unique();
  const token = await adminLogin(request);
  const hrRole = await createRole(request, token, {
    code: `ns-np-${id}`,
    name: `Nhân sự nghỉ phép ${id}`,
    permissions: ['leaves.index', 'leaves.show', 'leaves.all'],
  });
  const staffRole = await createRole(request, token, {
    code: `nv-sp-${id}`,
    name: `Nhân viên sổ phép ${id}`,
    permissions: ['leaves.index', 'leaves.create', 'leaves.show'],
  });
  await createUser(request, token, {
    name: `Đỗ Thị Hằng ${id}`,
    username: `hang.${id}`,
    password: PASSWORD,
    role_id: hrRole.id,
    mobile: randomMobile(),
  });
  const employeeRes = await request.post('/api/users', {
    headers: auth(token),
    data: {
      name: `Trịnh Quốc Bảo ${id}`,
      username: `bao.${id}`,
      password: PASSWORD,
      role_id: staffRole.id,
      mobile: randomMobile(),
      joined_at: '2018-06-01',
    },
  });
  expect(employeeRes.status(), await employeeRes.text()).toBe(201);
  const employee = (await employeeRes.json()) as { id: number; name: string };
  await setPolicy(request, token, { allow_negative_balance: false, carry_over_cap_days: 5, carry_over_expires: '03-31' });

  const { context, page } = await signInFresh(browser, `hang.${id}`, PASSWORD);
  await page.goto('/admin/leaves');
  await page.getByRole('tab', { name: 'Số ngày phép' }).click();
  await expect(page).toHaveURL(/tab=balances/);
  await expect(page.getByText('Chọn một nhân viên để xem số ngày phép và sổ phép của năm.')).toBeVisible();
  await expect(page.getByTestId('leave-policy-summary')).toContainText('tối đa 5 ngày, hết hạn ngày 31/03');
  await page.screenshot({ path: shot('leave-balances-empty'), fullPage: true });

  // The employee's balance of this year, the ledger unfolded.
  await pick(page, 'Nhân viên xem sổ phép', employee.name);
  const panel = page.locator('.ant-card').filter({ has: page.getByRole('tab', { name: 'Số ngày phép' }) });
  await expect(panel.getByRole('cell', { name: 'Phép năm được hưởng' })).toBeVisible();
  const before = await remainingOf(panel);
  expect(before).toBeGreaterThan(0);

  // Adjust: the form refuses empty and non-half-day values, then +1,5 with a reason.
  await page.getByRole('button', { name: 'Điều chỉnh số ngày' }).click();
  const dialog = page.getByRole('dialog', { name: 'Điều chỉnh số ngày phép' });
  await expect(dialog.getByLabel('Nhân viên được điều chỉnh')).toBeVisible();
  await expect(dialog).toContainText(employee.name);
  await dialog.getByRole('button', { name: 'Lưu điều chỉnh' }).click();
  await expect(dialog.getByText('Vui lòng nhập số ngày')).toBeVisible();
  await expect(dialog.getByText('Vui lòng nhập lý do điều chỉnh')).toBeVisible();
  await dialog.getByLabel('Số ngày điều chỉnh').fill('0,3');
  await expect(dialog.getByText('Số ngày phải khác 0 và theo bước nửa ngày')).toBeVisible();
  await page.screenshot({ path: shot('leave-balances-adjust-invalid'), fullPage: true });
  await dialog.getByLabel('Số ngày điều chỉnh').fill('1,5');
  await dialog.getByLabel('Lý do').fill('Thưởng phép do làm thêm dịp quyết toán quý III');
  await expect(dialog.getByTestId('adjustment-preview')).toContainText(
    `sau điều chỉnh còn ${String(before + 1.5).replace('.', ',')} ngày`,
  );
  await page.screenshot({ path: shot('leave-balances-adjust'), fullPage: true });
  await dialog.getByRole('button', { name: 'Lưu điều chỉnh' }).click();
  await expect(dialog).toBeHidden();
  const adjustmentRow = panel.locator('.ant-table-row').filter({ hasText: 'Thưởng phép do làm thêm dịp quyết toán quý III' });
  await expect(adjustmentRow).toContainText('Điều chỉnh');
  await expect(adjustmentRow).toContainText('+1,5');
  await expect(adjustmentRow).toContainText(`Đỗ Thị Hằng ${id}`);
  await expect.poll(() => remainingOf(panel)).toBe(before + 1.5);
  await page.screenshot({ path: shot('leave-balances-ledger'), fullPage: true });

  // The policy: at most 3 days carried, expiring on 30 April.
  await page.getByRole('button', { name: 'Chính sách phép' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Chính sách phép năm' });
  await expect(drawer.getByLabel('Số ngày chuyển tối đa')).toHaveValue('5');
  await drawer.getByLabel('Số ngày chuyển tối đa').fill('');
  await drawer.getByRole('button', { name: 'Lưu chính sách' }).click();
  await expect(drawer.getByText('Vui lòng nhập số ngày tối đa')).toBeVisible();
  await drawer.getByLabel('Số ngày chuyển tối đa').fill('3');
  // The error's line goes away and the fields below move up: a list opened meanwhile moved under the click (flaky).
  await expect(drawer.getByText('Vui lòng nhập số ngày tối đa')).toBeHidden();
  // By keyboard: the list scrolls to the chosen month as it opens, and a click during that scroll could miss (flaky).
  const monthSelect = drawer.getByLabel('Tháng hết hạn');
  await monthSelect.press('ArrowDown');
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('Tháng 3', { exact: true })).toBeVisible();
  await monthSelect.press('ArrowDown');
  await monthSelect.press('Enter');
  await expect(drawer.getByTitle('Tháng 4', { exact: true })).toBeVisible();
  await drawer.getByLabel('Ngày hết hạn').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Ngày 30', { exact: true }).click();
  await page.screenshot({ path: shot('leave-balances-policy'), fullPage: true });
  await drawer.getByRole('button', { name: 'Lưu chính sách' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('leave-policy-summary')).toContainText('tối đa 3 ngày, hết hạn ngày 30/04');

  // Year-end close of this year: the confirmation says what it does, then what it did.
  await page.getByRole('button', { name: 'Chốt phép cuối năm' }).click();
  const close = page.getByRole('dialog', { name: 'Chốt phép cuối năm' });
  await close.getByLabel('Năm cần chốt').fill(String(YEAR));
  const explain = close.getByTestId('year-end-explain');
  await expect(explain).toContainText(`chuyển sang năm ${YEAR + 1}, tối đa 3 ngày`);
  await expect(explain).toContainText(`hết hạn ngày 30/04/${YEAR + 1}`);
  await expect(close.getByText(`Năm ${YEAR} chưa kết thúc`)).toBeVisible();
  await page.screenshot({ path: shot('leave-balances-year-end'), fullPage: true });
  await close.getByRole('button', { name: `Chốt phép năm ${YEAR}` }).click();
  await expect(close.getByTestId('year-end-result')).toContainText(`Chuyển phép sang năm ${YEAR + 1} cho`);
  await page.screenshot({ path: shot('leave-balances-year-end-done'), fullPage: true });
  await close.getByRole('button', { name: 'Đóng', exact: true }).last().click();

  // Next year's ledger: 3 days carried over, with their expiry.
  const yearPicker = page.getByLabel('Năm', { exact: true });
  await yearPicker.click();
  await page
    .locator('.ant-picker-dropdown:visible')
    .getByText(String(YEAR + 1), { exact: true })
    .click();
  const carry = panel.locator('.ant-table-row').filter({ hasText: 'Phép năm trước chuyển sang' });
  await expect(carry).toContainText('+3');
  await expect(carry).toContainText(`hết hạn 30/04/${YEAR + 1}`);
  await expect(panel.getByText('gồm 3 ngày chuyển từ năm trước')).toBeVisible();
  await page.screenshot({ path: shot('leave-balances-carried'), fullPage: true });

  // Closing again carries nothing twice.
  await page.getByRole('button', { name: 'Chốt phép cuối năm' }).click();
  await close.getByLabel('Năm cần chốt').fill(String(YEAR));
  await close.getByRole('button', { name: `Chốt phép năm ${YEAR}` }).click();
  await expect(close.getByTestId('year-end-result')).toContainText('cho 0 nhân viên');
  await close.getByRole('button', { name: 'Đóng', exact: true }).last().click();
  await expect(carry).toHaveCount(1);
  await context.close();

  // The employee sees the adjustment in their own balance.
  const emp = await signInFresh(browser, `bao.${id}`, PASSWORD);
  await emp.page.goto('/admin/leaves');
  await expect(emp.page.getByRole('tab', { name: 'Số ngày phép' })).toHaveCount(0);
  await expect.poll(() => remainingOf(emp.page)).toBe(before + 1.5);
  await emp.context.close();
  await setPolicy(request, token, { allow_negative_balance: false, carry_over_cap_days: 5, carry_over_expires: '03-31' });
});

test('trưởng phòng không có quyền quản lý nghỉ phép vẫn thấy và đặt được người duyệt thay', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const id = unique();
  const token = await adminLogin(request);
  const staffRole = await createRole(request, token, {
    code: `nv-dt-${id}`,
    name: `Nhân viên duyệt thay ${id}`,
    permissions: ['leaves.index', 'leaves.create', 'leaves.show'],
  });
  const dep = await createDepartment(request, token, { code: `HC-${id}`, name: `Phòng Hành chính ${id}` });
  const head = await createUser(request, token, {
    name: `Vũ Thị Lan ${id}`,
    username: `lan.${id}`,
    password: PASSWORD,
    role_id: staffRole.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const deputy = await createUser(request, token, {
    name: `Bùi Văn Nam ${id}`,
    username: `nam.${id}`,
    password: PASSWORD,
    role_id: staffRole.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  await setDepartmentHead(request, token, dep, head.id);
  const info = await (
    await request.get('/api/auth/info', { headers: auth(await apiLogin(request, `lan.${id}`, PASSWORD)) })
  ).json();
  expect(info.user.headed_department_ids).toEqual([dep.id]);

  // A member of the department with the same role: no button.
  const member = await signInFresh(browser, `nam.${id}`, PASSWORD);
  await member.page.goto('/admin/leaves');
  await expect(member.page.getByText('Chưa có đơn nghỉ nào')).toBeVisible({ timeout: 30_000 });
  await expect(member.page.getByRole('button', { name: 'Người duyệt thay' })).toHaveCount(0);
  await member.context.close();

  // The head: the button, and a substitute named for today.
  const { context, page } = await signInFresh(browser, `lan.${id}`, PASSWORD);
  await page.goto('/admin/leaves');
  await page.getByRole('button', { name: 'Người duyệt thay' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Đang và sắp áp dụng' });
  await expect(drawer.getByText('Chưa có người duyệt thay nào')).toBeVisible();
  await pick(page, 'Người duyệt thay', deputy.name);
  const today = new Date().toLocaleDateString('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' });
  const from = drawer.getByPlaceholder('Từ ngày');
  await from.click();
  await from.fill(today);
  await from.press('Enter');
  const to = drawer.getByPlaceholder('Đến ngày');
  await to.fill(today);
  await to.press('Tab');
  await drawer.getByRole('button', { name: 'Thêm người duyệt thay' }).click();
  await expect(drawer.getByTestId('leave-substitute')).toContainText(`${deputy.name} duyệt thay bạn`);
  // Saved once, and the form is ready for the next one.
  await expect(drawer.getByTestId('leave-substitute')).toHaveCount(1);
  await expect(drawer.locator('.ant-form-item-has-error')).toHaveCount(0);
  await page.screenshot({ path: shot('leave-substitutes-keyless-head'), fullPage: true });
  await context.close();
});
