import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminLogin,
  apiLogin,
  createDepartment,
  createRole,
  createUser,
  randomMobile,
  setDepartmentHead,
  signInUi,
  spareYear,
  unique,
} from './helpers';

// Four people's pages and the server on a shared machine: waits allow for a slow answer.
const expect = baseExpect.configure({ timeout: 30_000 });
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;

/**
 * HR (evaluations and user evaluations, every key), a department with its head and one employee (user evaluations:
 * list and show), and two KPI types: works done (computed, 60 %) and customer satisfaction (manual, 40 %).
 */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const password = 'Matkhau@2026';
  const hrRole = await createRole(request, token, {
    code: `hr-kpi-${id}`,
    name: `Nhân sự KPI ${id}`,
    permissions: [
      'kpi_types.index',
      'evaluations.index',
      'evaluations.create',
      'evaluations.show',
      'evaluations.edit',
      'user_evaluations.index',
      'user_evaluations.show',
      'user_evaluations.edit',
    ],
  });
  const staffRole = await createRole(request, token, {
    code: `nv-kpi-${id}`,
    name: `Nhân viên KPI ${id}`,
    permissions: ['user_evaluations.index', 'user_evaluations.show'],
  });
  const dep = await createDepartment(request, token, { code: `KT-${id}`, name: `Phòng Kỹ thuật ${id}` });
  const hr = await createUser(request, token, {
    name: `Trần Thu Hà ${id}`,
    username: `ha.${id}`,
    password,
    role_id: hrRole.id,
    mobile: randomMobile(),
  });
  const head = await createUser(request, token, {
    name: `Nguyễn Văn Hùng ${id}`,
    username: `hung.${id}`,
    password,
    role_id: staffRole.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  await setDepartmentHead(request, token, dep, head.id);
  const employee = await createUser(request, token, {
    name: `Phạm Minh Anh ${id}`,
    username: `anh.${id}`,
    password,
    role_id: staffRole.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const kpi = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/kpi-types', { headers: auth(token), data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; code: string; name: string };
  };
  const worksDone = await kpi({
    code: `CV-${id}`,
    name: `Công việc hoàn thành ${id}`,
    unit: 'công việc',
    direction: 'higher',
    measure: 'works_done',
    default_weight: 60,
    default_target: 10,
  });
  const satisfaction = await kpi({
    code: `HL-${id}`,
    name: `Mức hài lòng của khách hàng ${id}`,
    unit: '%',
    direction: 'higher',
    measure: 'manual',
    default_weight: 40,
    default_target: 90,
  });
  return {
    dep,
    hr,
    head,
    employee,
    password,
    worksDone,
    satisfaction,
    usernames: { hr: `ha.${id}`, head: `hung.${id}`, employee: `anh.${id}` },
  };
}

async function signInFresh(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInUi(page, username, password);
  return { context, page };
}

const visibleDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible').last();

async function pickKpi(page: Page, row: number, name: string) {
  await page.getByLabel(`Loại KPI dòng ${row}`).click();
  await visibleDropdown(page).getByText(name, { exact: false }).first().click();
}

/** Fills the scores of a criterion row, found by its KPI name, in the column named by `label`. */
async function score(page: Page, label: string, kpiName: string, value: string) {
  const input = page.getByLabel(`${label} ${kpiName}`);
  await input.fill(value);
  await input.press('Tab');
}

async function confirm(page: Page, button: string) {
  // Several signed-in pages are open: the one in front runs its animations (a closing dialog's among them).
  await page.bringToFront();
  const dialog = page.locator('.ant-modal-confirm:visible, .ant-modal:visible').last();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Đánh giá KPI', () => {
  test('nhân sự mở kỳ quý, nhân viên tự đánh giá, trưởng phòng chấm, nhân sự phê duyệt và xuất kết quả', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const id = unique();
    const s = await setup(request, id);

    // HR: the list, then a new quarter.
    const hr = await signInFresh(browser, s.usernames.hr, s.password);
    await hr.page.goto('/admin/evaluations');
    await expect(hr.page.getByRole('heading', { name: 'Kỳ đánh giá' }).first()).toBeVisible();
    await hr.page.screenshot({ path: shot('evaluations-list'), fullPage: true });
    await hr.page.getByRole('button', { name: 'Tạo kỳ đánh giá' }).first().click();
    await expect(hr.page).toHaveURL(/\/admin\/evaluations\/create$/);

    // The quick picker fills the period and the suggested name (the current quarter).
    const now = new Date();
    const quarter = Math.floor(now.getMonth() / 3) + 1;
    const roman = ['I', 'II', 'III', 'IV'][quarter - 1];
    const picker = hr.page.getByLabel('Chọn nhanh quý');
    await picker.click();
    await hr.page
      .locator('.ant-picker-dropdown:visible .ant-picker-cell-inner')
      .nth(quarter - 1)
      .click();
    const name = `Đánh giá KPI quý ${roman}/${now.getFullYear()}`;
    await expect(hr.page.getByLabel('Tên kỳ đánh giá')).toHaveValue(name);
    const uniqueName = `${name} ${id}`;
    await hr.page.getByLabel('Tên kỳ đánh giá').fill(uniqueName);
    // The same quarter of a spare year: one evaluation per type and dates, so a retry (or another run on this
    // database) would otherwise meet the quarter this attempt created.
    const year = spareYear();
    const first = (quarter - 1) * 3 + 1;
    const pad = (n: number) => String(n).padStart(2, '0');
    for (const [label, value] of [
      ['Từ ngày', `01/${pad(first)}/${year}`],
      ['Đến ngày', `${new Date(year, first + 2, 0).getDate()}/${pad(first + 2)}/${year}`],
    ] as const) {
      const input = hr.page.getByLabel(label, { exact: true });
      await input.click();
      await input.fill(value);
      await input.press('Tab');
      await expect(input).toHaveValue(value);
    }

    // Departments: the tree select.
    const deps = hr.page.getByLabel('Phòng ban áp dụng');
    await deps.click();
    await deps.fill(s.dep.name);
    await hr.page.locator('.ant-select-dropdown:visible').getByTitle(s.dep.name).click();
    await hr.page.keyboard.press('Escape');

    // Two criteria: their KPI types fill weight and target (60 + 40); 30 instead of 40 gives 90 and the error.
    await hr.page.getByRole('button', { name: 'Thêm tiêu chí' }).click();
    await pickKpi(hr.page, 1, s.worksDone.name);
    await expect(hr.page.getByLabel('Trọng số dòng 1')).toHaveValue('60');
    await expect(hr.page.getByLabel('Mục tiêu dòng 1')).toHaveValue('10');
    await hr.page.getByRole('button', { name: 'Thêm tiêu chí' }).click();
    await pickKpi(hr.page, 2, s.satisfaction.name);
    await expect(hr.page.getByLabel('Trọng số dòng 2')).toHaveValue('40');
    await hr.page.getByLabel('Trọng số dòng 2').fill('30');
    await expect(hr.page.getByTestId('weight-sum')).toHaveText('Tổng trọng số: 90/100');
    await expect(hr.page.getByTestId('weight-error')).toContainText('phải bằng 100 (hiện tại 90)');
    await hr.page.getByRole('button', { name: 'Tạo kỳ đánh giá' }).click();
    await expect(hr.page).toHaveURL(/\/admin\/evaluations\/create$/);
    await hr.page.screenshot({ path: shot('evaluations-form-weight-error'), fullPage: true });
    await hr.page.getByLabel('Trọng số dòng 2').fill('40');
    await expect(hr.page.getByTestId('weight-sum')).toHaveText('Tổng trọng số: 100/100');
    await expect(hr.page.getByTestId('weight-error')).toHaveCount(0);
    await hr.page.getByRole('button', { name: 'Tạo kỳ đánh giá' }).click();
    await expect(hr.page).toHaveURL(/\/admin\/evaluations\/\d+$/);
    const evaluationUrl = hr.page.url();
    await expect(hr.page.getByTestId('evaluation-status').first()).toHaveText('Nháp');

    // Open it: one user evaluation each for the head and the employee.
    await hr.page.getByRole('button', { name: 'Mở kỳ đánh giá' }).click();
    await confirm(hr.page, 'Mở kỳ đánh giá');
    await expect(hr.page.getByTestId('evaluation-status').first()).toHaveText('Đang mở');
    await expect(hr.page.getByTestId('evaluation-counts')).toContainText('2');
    await hr.page.screenshot({ path: shot('evaluations-show-open'), fullPage: true });

    // The employee self-assesses.
    const emp = await signInFresh(browser, s.usernames.employee, s.password);
    await emp.page.goto('/admin/user-evaluations');
    const myRow = emp.page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: uniqueName });
    await expect(myRow).toHaveCount(1);
    await expect(myRow).toContainText('Chưa tự đánh giá');
    await emp.page.screenshot({ path: shot('user-evaluations-list'), fullPage: true });
    await myRow.getByRole('link', { name: s.employee.name }).click();
    await expect(emp.page).toHaveURL(/\/admin\/user-evaluations\/\d+$/);
    const ueUrl = emp.page.url();
    await expect(emp.page.getByTestId('computed-actual')).toContainText('Tự động');
    // Out of 0–100: the cell's error, the figure left as typed (issue 21: it became 100 in silence).
    await score(emp.page, 'Tự chấm', s.worksDone.name, '120');
    await expect(emp.page.getByLabel(`Tự chấm ${s.worksDone.name}`)).toHaveValue('120');
    await expect(emp.page.getByText('Điểm tự đánh giá từ 0 đến 100')).toBeVisible();
    // It counts for nothing in the total until fixed.
    await expect(emp.page.getByTestId('ue-total')).not.toContainText('72');
    await emp.page.screenshot({ path: shot('user-evaluation-score-error'), fullPage: true });
    await score(emp.page, 'Tự chấm', s.worksDone.name, '80');
    await expect(emp.page.getByText('Điểm tự đánh giá từ 0 đến 100')).toHaveCount(0);
    await score(emp.page, 'Tự chấm', s.satisfaction.name, '90');
    // 60 × 80 + 40 × 90 = 84 → B.
    await expect(emp.page.getByTestId('ue-total')).toContainText('84');
    await expect(emp.page.getByTestId('ue-grade')).toContainText('B · Tốt');
    await emp.page.screenshot({ path: shot('user-evaluation-draft'), fullPage: true });
    await emp.page.getByRole('button', { name: 'Gửi tự đánh giá' }).click();
    await confirm(emp.page, 'Gửi tự đánh giá');
    await expect(emp.page.getByTestId('user-evaluation-status').first()).toHaveText('Đã tự đánh giá');
    await expect(emp.page.getByLabel(`Tự chấm ${s.worksDone.name}`)).toHaveCount(0);
    await emp.page.screenshot({ path: shot('user-evaluation-self-assessed'), fullPage: true });
    await emp.context.close();

    // The head reviews it from "Cần tôi đánh giá".
    const head = await signInFresh(browser, s.usernames.head, s.password);
    await head.page.goto('/admin/user-evaluations');
    await expect(head.page.getByTestId('to-review-count')).toContainText('1');
    await head.page.getByRole('tab', { name: /Cần tôi đánh giá/ }).click();
    await head.page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: s.employee.name })
      .getByRole('link')
      .first()
      .click();
    await expect(head.page).toHaveURL(ueUrl);
    await head.page.getByLabel(`Thực tế dòng ${s.satisfaction.name}`).fill('95');
    await score(head.page, 'Quản lý chấm', s.worksDone.name, '95');
    await score(head.page, 'Quản lý chấm', s.satisfaction.name, '90');
    // 60 × 95 + 40 × 90 = 93 → A.
    await expect(head.page.getByTestId('ue-total')).toContainText('93');
    await expect(head.page.getByTestId('ue-grade')).toContainText('A · Xuất sắc');
    await head.page.getByRole('button', { name: 'Hoàn thành đánh giá' }).click();
    await confirm(head.page, 'Hoàn thành đánh giá');
    await expect(head.page.getByTestId('user-evaluation-status').first()).toHaveText('Quản lý đã đánh giá');
    await head.page.screenshot({ path: shot('user-evaluation-reviewed'), fullPage: true });
    await head.context.close();

    // HR approves, then exports the results.
    await hr.page.goto(ueUrl);
    await hr.page.getByRole('button', { name: 'Phê duyệt' }).click();
    await confirm(hr.page, 'Phê duyệt');
    await expect(hr.page.getByTestId('user-evaluation-status').first()).toHaveText('Đã duyệt');
    await hr.page.screenshot({ path: shot('user-evaluation-approved'), fullPage: true });

    await hr.page.goto(evaluationUrl);
    const resultRow = hr.page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: s.employee.name });
    await expect(resultRow).toContainText('93');
    await expect(resultRow).toContainText('A · Xuất sắc');
    await expect(hr.page.getByTestId('grade-bar-A')).toContainText('1 (100%)');
    await hr.page.screenshot({ path: shot('evaluations-results'), fullPage: true });
    const [download] = await Promise.all([
      hr.page.waitForEvent('download'),
      hr.page.getByRole('button', { name: 'Xuất Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ket-qua-danh-gia-.+\.xlsx$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await hr.context.close();
  });
  test('trưởng phòng trả lại phiếu tự đánh giá kèm lý do; nhân viên sửa và gửi lại; kỳ đã khóa chỉ để xem', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    // Through the API: a quarter opened by HR, the employee's self scores sent.
    const year = spareYear();
    const hrToken = await apiLogin(request, s.usernames.hr, s.password);
    const created = await request.post('/api/evaluations', {
      headers: auth(hrToken),
      data: {
        // A quarter of its own: periods are unique by type and dates, and a retry must not meet the first try's.
        name: `Đánh giá KPI quý III/${year} ${id}`,
        period_type: 'quarter',
        period_start: `${year}-07-01`,
        period_end: `${year}-09-30`,
        self_deadline: `${year}-10-05`,
        review_deadline: `${year}-10-10`,
        department_ids: [s.dep.id],
        criteria: [
          { kpi_type_id: s.worksDone.id, weight: 60, target: 10 },
          { kpi_type_id: s.satisfaction.id, weight: 40, target: 90 },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const evaluation = (await created.json()) as { id: number; version: number };
    const opened = await request.post(`/api/evaluations/${evaluation.id}/open`, {
      headers: auth(hrToken),
      data: { version: evaluation.version },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const empToken = await apiLogin(request, s.usernames.employee, s.password);
    const mine = (await (
      await request.get(`/api/user-evaluations?tab=mine&evaluation_id=${evaluation.id}`, { headers: auth(empToken) })
    ).json()) as { data: { id: number }[] };
    const ueId = mine.data[0]!.id;
    const detail = (await (await request.get(`/api/user-evaluations/${ueId}`, { headers: auth(empToken) })).json()) as {
      version: number;
      criteria: { id: number }[];
    };
    const saved = await request.put(`/api/user-evaluations/${ueId}`, {
      headers: auth(empToken),
      data: { version: detail.version, scores: detail.criteria.map((c) => ({ criterion_id: c.id, self_score: 100 })) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const sent = await request.post(`/api/user-evaluations/${ueId}/submit-self`, { headers: auth(empToken), data: {} });
    expect(sent.status(), await sent.text()).toBe(200);

    // The head returns it with a reason; the deadlines passed: the review one shows late.
    const head = await signInFresh(browser, s.usernames.head, s.password);
    await head.page.goto(`/admin/user-evaluations/${ueId}`);
    await expect(head.page.getByTestId('late').first()).toBeVisible();
    await head.page.getByRole('button', { name: 'Trả lại' }).click();
    const dialog = head.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Trả lại' }).click();
    await expect(dialog.getByText('Vui lòng nhập lý do trả lại')).toBeVisible();
    await dialog.getByLabel('Lý do trả lại').fill('Điểm tự chấm 100 chưa có căn cứ, đề nghị xem lại số công việc.');
    await dialog.getByRole('button', { name: 'Trả lại' }).click();
    await expect(head.page.getByTestId('user-evaluation-status').first()).toHaveText('Chưa tự đánh giá');
    await head.context.close();

    // The employee sees the reason and sends again.
    const emp = await signInFresh(browser, s.usernames.employee, s.password);
    await emp.page.goto(`/admin/user-evaluations/${ueId}`);
    // The reason shows in the notice on top and, once the history loads, as its step there.
    const returned = emp.page.getByRole('alert').filter({ hasText: 'Phiếu đã bị trả lại' });
    await expect(returned).toContainText('Điểm tự chấm 100 chưa có căn cứ, đề nghị xem lại số công việc.');
    await expect(emp.page.getByText('Trả lại — Điểm tự chấm 100 chưa có căn cứ')).toBeVisible();
    await score(emp.page, 'Tự chấm', s.worksDone.name, '70');
    await expect(emp.page.getByTestId('ue-total')).toContainText('82');
    await emp.page.screenshot({ path: shot('user-evaluation-returned'), fullPage: true });
    await emp.page.getByRole('button', { name: 'Gửi tự đánh giá' }).click();
    await confirm(emp.page, 'Gửi tự đánh giá');
    await expect(emp.page.getByTestId('user-evaluation-status').first()).toHaveText('Đã tự đánh giá');

    // HR closes the period: the page is read-only.
    const hr = await signInFresh(browser, s.usernames.hr, s.password);
    await hr.page.goto(`/admin/evaluations/${evaluation.id}`);
    await hr.page.getByRole('button', { name: 'Đóng kỳ' }).click();
    await confirm(hr.page, 'Đóng kỳ');
    await expect(hr.page.getByTestId('evaluation-status').first()).toHaveText('Đã khóa');
    await hr.context.close();
    await emp.page.reload();
    await expect(emp.page.getByText('Kỳ đánh giá đã khóa: phiếu chỉ để xem')).toBeVisible();
    await expect(emp.page.getByRole('button', { name: 'Lưu' })).toHaveCount(0);
    await expect(emp.page.getByRole('button', { name: 'Gửi tự đánh giá' })).toHaveCount(0);
    await emp.page.screenshot({ path: shot('user-evaluation-closed'), fullPage: true });
    await emp.context.close();
  });
});
