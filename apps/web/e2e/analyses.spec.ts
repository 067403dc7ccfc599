import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PASSWORD, PHONE } from './attendance-helpers';
import { adminLogin, createRole, createUser, randomMobile, signInUi, unique } from './helpers';

// Issue 25 part 2 (screens): three samples received (a normal one, its duplicate, a field blank) make three COD
// analyses; the lab head assigns them; the analyst types the batch on the worksheet by keyboard — a wrong value refused
// under its cell, a date the server refuses (422 rows.1.analysed_on) under its cell, nothing typed lost — and saves; the
// QC flags show; the analyst cannot verify their own results; a second person verifies the batch, returns one with a
// reason (in its history) and releases the rest; the list and the analysis page on a 390 px phone.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};
/** Vietnam's day `offset` days from today, YYYY-MM-DD. */
const vnDay = (offset = 0) => new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const vnText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<T>;
}

/** COD at a wastewater point, a trip of yesterday and today, three samples taken, handed over and received. */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const cod = await post<{ id: number; code: string }>(request, token, '/api/parameters', {
    code: `COD-${id}`.toUpperCase(),
    name: `Nhu cầu oxy hóa học ${id}`,
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'SMEWW 5220C:2017',
    place: 'lab',
    holding_hours: 168,
    lod: '2',
  });
  const customer = await post<{ id: number }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty Dệt nhuộm Thành Công ${id}`,
  });
  const site = await post<{ id: number }>(request, token, '/api/sites', {
    code: `TC-${id}`,
    name: `Nhà máy dệt nhuộm Thành Công ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        plan: [{ parameter_id: cod.id, frequency: 'quarterly' }],
      },
    ],
  });
  const year = vnDay().slice(0, 4);
  const program = await post<{ rounds: { id: number }[] }>(request, token, '/api/monitoring-programs', {
    code: `CT-TC-${id}`,
    name: `Quan trắc nước thải ${id}`,
    site_id: site.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  const role = (code: string, name: string, permissions: string[]) =>
    createRole(request, token, { code: `${code}-${id}`, name: `${name} ${id}`, permissions });
  const fieldRole = await role('lm', 'Lấy mẫu', ['sampling.index']);
  const headRole = await role('tp', 'Trưởng phòng thí nghiệm', ['lab.index', 'lab.receive']);
  // The analyst also holds the verifying key: the screens must still keep them off their own results.
  const analystRole = await role('kn', 'Kiểm nghiệm viên', ['lab.analyse', 'lab.verify']);
  const verifierRole = await role('sx', 'Soát xét', ['lab.index', 'lab.verify']);
  const person = async (username: string, name: string, roleId: number) => {
    const u = { name: `${name} ${id}`, username: `${username}.${id}`, password: PASSWORD };
    await createUser(request, token, { ...u, role_id: roleId, mobile: randomMobile() });
    return u;
  };
  const leader = await createUser(request, token, {
    name: `Đinh Công Thành ${id}`,
    username: `thanh.${id}`,
    password: PASSWORD,
    role_id: fieldRole.id,
    mobile: randomMobile(),
  });
  const head = await person('ha', 'Phạm Thu Hà', headRole.id);
  const analyst = await person('lan', 'Nguyễn Thị Lan', analystRole.id);
  const verifier = await person('minh', 'Trần Văn Minh', verifierRole.id);
  const trip = await post<{ id: number; code: string; checklist: { round_id: number; point: { id: number } }[] }>(
    request,
    token,
    '/api/sampling-trips',
    {
      name: `Lấy mẫu nước thải ${id}`,
      start_date: vnDay(-1),
      end_date: vnDay(0),
      leader_id: leader.id,
      round_ids: [program.rounds[0]!.id],
    },
  );
  const me = ((await (await request.get('/api/auth/info', { headers: auth(token) })).json()) as { user: { id: number } }).user;
  const code = `${trip.code}-NT1`.toUpperCase();
  // Oldest first on the worksheet: the sample, its duplicate, the field blank.
  const samples = [
    { code, qc_kind: 'normal', ago: 3 },
    { code: `${code}-L`, qc_kind: 'duplicate', ago: 2 },
    { code: `${code}-TR`, qc_kind: 'field_blank', ago: 1 },
  ];
  for (const s of samples) {
    const made = await post<{ id: number }>(request, token, '/api/samples', {
      trip_id: trip.id,
      round_id: trip.checklist[0]!.round_id,
      point_id: trip.checklist[0]!.point.id,
      code: s.code,
      qc_kind: s.qc_kind,
      taken_at: new Date(Date.now() - s.ago * 3_600_000).toISOString(),
    });
    await post(request, token, `/api/samples/${made.id}/hand-over`, { to_user_id: me.id, temperature: '4' });
    await post(request, token, `/api/samples/${made.id}/receive`, { intact: true, temperature: '4' });
  }
  return { cod, codes: samples.map((s) => s.code), head, analyst, verifier };
}

async function signedIn(browser: Browser, baseURL: string | undefined, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInUi(page, username, PASSWORD);
  return page;
}

const row = (page: Page, sample: string) => page.locator(`tr.ant-table-row[data-sample="${sample}"]`);
const cellInput = (page: Page, field: string, sample: string) => page.getByLabel(`${field} ${sample}`, { exact: true });

test.describe('Phân tích mẫu', () => {
  test('phân công → nhập bảng kết quả bằng bàn phím (lỗi tại ô, 422 tại ô) → không tự soát xét → người khác soát xét, trả lại một, phát hành; 390 px', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    const [normal, duplicate, blank] = s.codes as [string, string, string];
    const listUrl = `/admin/monitoring/analyses?parameter_id=${s.cod.id}`;

    // The head: the three analyses wait for an analyst; select them all and assign.
    await signInUi(page, s.head.username, PASSWORD);
    await page.goto(listUrl);
    await expect(row(page, normal)).toContainText('Chờ phân công');
    await expect(page.locator('tr.ant-table-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Chọn tất cả các dòng' }).check();
    await page.getByRole('button', { name: /Phân công \(3\)/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Phân công' }).click();
    await expect(dialog.getByText('Vui lòng chọn kiểm nghiệm viên')).toBeVisible();
    await dialog.getByLabel('Kiểm nghiệm viên').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: s.analyst.name }).click();
    await dialog.getByRole('button', { name: 'Phân công' }).click();
    await expect(dialog).toBeHidden();
    for (const c of s.codes) await expect(row(page, c)).toContainText('Đã phân công');
    await expect(row(page, normal)).toContainText(s.analyst.name);
    await fullShot(page, 'analyses-list-assigned');

    // The analyst: the worksheet, empty until a parameter is chosen.
    const lab = await signedIn(browser, baseURL, s.analyst.username);
    await lab.goto('/admin/monitoring/analyses/worksheet');
    await expect(lab.getByTestId('worksheet-empty')).toBeVisible();
    await fullShot(lab, 'analyses-worksheet-empty');
    await lab.getByLabel('Chỉ tiêu', { exact: true }).click();
    await lab.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: s.cod.code }).click();
    await expect(lab).toHaveURL(new RegExp(`parameter_id=${s.cod.id}`));
    await expect(cellInput(lab, 'Kết quả', normal)).toBeVisible();

    // By keyboard: Tab from the qualifier to the value, Enter down the column; a wrong value, then ↑ back.
    await cellInput(lab, 'Dấu', normal).focus();
    await lab.keyboard.press('Tab');
    await expect(cellInput(lab, 'Kết quả', normal)).toBeFocused();
    await lab.keyboard.type('12,50');
    await lab.keyboard.press('Enter');
    await expect(cellInput(lab, 'Kết quả', duplicate)).toBeFocused();
    await lab.keyboard.type('l6,0');
    await lab.keyboard.press('Enter');
    await expect(cellInput(lab, 'Kết quả', blank)).toBeFocused();
    await lab.keyboard.type('3,5');
    // The date column of the duplicate: tomorrow (the server refuses it, the form cannot know the day).
    await lab.keyboard.press('ArrowUp');
    await expect(cellInput(lab, 'Kết quả', duplicate)).toBeFocused();
    await cellInput(lab, 'Ngày phân tích', normal).focus();
    await lab.keyboard.press('ArrowDown');
    await expect(cellInput(lab, 'Ngày phân tích', duplicate)).toBeFocused();
    await lab.keyboard.type(vnText(vnDay(1)));
    await fullShot(lab, 'analyses-worksheet-filled');

    // Saved: the wrong value is refused under its cell, nothing sent, nothing lost.
    await lab.getByRole('button', { name: /Lưu cả bảng \(3\)/ }).click();
    await expect(lab.getByTestId('worksheet-error')).toContainText('Chưa có kết quả nào được lưu');
    const valueCell = row(lab, duplicate)
      .locator('td')
      .filter({ has: cellInput(lab, 'Kết quả', duplicate) });
    await expect(valueCell.getByTestId('cell-error')).toContainText('Kết quả phải là số thập phân');
    await expect(cellInput(lab, 'Kết quả', duplicate)).toBeFocused();
    await expect(cellInput(lab, 'Kết quả', normal)).toHaveValue('12,50');
    // Corrected by keyboard: select all, type again.
    await lab.keyboard.press('ControlOrMeta+a');
    await lab.keyboard.type('16,0');
    await expect(valueCell.getByTestId('cell-error')).toHaveCount(0);

    // The server's 422 on the duplicate's date lands on that cell; the values stay as typed.
    await lab.getByRole('button', { name: /Lưu cả bảng \(3\)/ }).click();
    const dateCell = row(lab, duplicate)
      .locator('td')
      .filter({ has: cellInput(lab, 'Ngày phân tích', duplicate) });
    await expect(dateCell.getByTestId('cell-error')).toContainText('Ngày phân tích không được sau hôm nay');
    await expect(lab.getByTestId('worksheet-error')).toContainText('các giá trị đã gõ vẫn còn');
    await expect(cellInput(lab, 'Kết quả', normal)).toHaveValue('12,50');
    await expect(cellInput(lab, 'Kết quả', blank)).toHaveValue('3,5');
    await fullShot(lab, 'analyses-worksheet-error');
    await expect(cellInput(lab, 'Ngày phân tích', duplicate)).toBeFocused();
    await lab.keyboard.press('ControlOrMeta+a');
    await lab.keyboard.press('Backspace');
    await lab.getByRole('button', { name: /Lưu cả bảng \(3\)/ }).click();

    // Saved all at once; the blank above the LOD and the duplicate pair's RPD are flagged.
    await expect(lab.getByTestId('worksheet-saved')).toContainText('Đã lưu 3 kết quả');
    await expect(lab.getByTestId('worksheet-saved')).toContainText('mẫu trắng vượt LOD');
    await expect(row(lab, blank).getByTestId('qc-flags')).toContainText('Mẫu trắng vượt LOD');
    await expect(row(lab, duplicate).getByTestId('qc-flags')).toContainText('RPD 24,6 %');
    await expect(row(lab, normal)).toContainText('Đã nhập kết quả');
    await expect(cellInput(lab, 'Kết quả', normal)).toHaveValue('12,50');
    await fullShot(lab, 'analyses-worksheet-saved');

    // The analyst cannot verify their own results: disabled, with the reason, on the list and on the page.
    await lab.goto(listUrl);
    await lab.getByRole('checkbox', { name: 'Chọn tất cả các dòng' }).check();
    await expect(lab.getByRole('button', { name: /Soát xét \(3\)/ })).toBeDisabled();
    await row(lab, normal).getByRole('link').first().click();
    await expect(lab).toHaveURL(/\/admin\/monitoring\/analyses\/\d+$/);
    await expect(lab.getByRole('heading', { name: new RegExp(`^${normal} · `) })).toBeVisible();
    await expect(lab.getByTestId('analysis-result')).toHaveText('12,50 mg/L');
    await expect(lab.getByRole('button', { name: 'Soát xét' })).toBeDisabled();
    await lab.getByTestId('verify-disabled').hover();
    await expect(lab.getByRole('tooltip')).toContainText('người soát xét phải là người khác');
    await lab.context().close();

    // A second person verifies the batch…
    const boss = await signedIn(browser, baseURL, s.verifier.username);
    await boss.goto(`${listUrl}&state=entered`);
    await expect(boss.locator('tr.ant-table-row')).toHaveCount(3);
    await boss.getByRole('checkbox', { name: 'Chọn tất cả các dòng' }).check();
    await boss.getByRole('button', { name: /Soát xét \(3\)/ }).click();
    await expect(boss.locator('tr.ant-table-row')).toHaveCount(0);
    await boss.goto(listUrl);
    for (const c of s.codes) await expect(row(boss, c)).toContainText('Đã soát xét');

    // …returns the duplicate with a reason (required)…
    await row(boss, duplicate).getByRole('link').first().click();
    await expect(boss).toHaveURL(/\/admin\/monitoring\/analyses\/\d+$/);
    await expect(boss.getByRole('heading', { name: new RegExp(`^${duplicate} · `) })).toBeVisible();
    await boss.getByRole('button', { name: 'Trả lại' }).click();
    const back = boss.getByRole('dialog');
    await back.getByRole('button', { name: 'Trả lại' }).click();
    await expect(back.getByText('Vui lòng nhập lý do trả lại')).toBeVisible();
    await back.getByLabel('Lý do trả lại').fill('RPD 24,6 % vượt 20 %: phân tích lại mẫu lặp.');
    await back.getByRole('button', { name: 'Trả lại' }).click();
    await expect(back).toBeHidden();
    await expect(boss.getByTestId('analysis-state').first()).toHaveText('Bị trả lại');
    await expect(boss.getByTestId('analysis-returned')).toContainText('phân tích lại mẫu lặp');
    const events = boss.getByTestId('analysis-event');
    await expect(events).toHaveCount(5);
    await expect(events.nth(0)).toContainText('Tạo khi nhận mẫu');
    await expect(events.nth(1)).toContainText(`Phân công`);
    await expect(events.nth(1)).toContainText(s.analyst.name);
    await expect(events.nth(2)).toContainText('16,0 mg/L');
    await expect(events.nth(3)).toContainText(s.verifier.name);
    await expect(events.nth(4)).toContainText('Lý do: RPD 24,6 %');
    await fullShot(boss, 'analyses-page-returned');

    // …and releases the other two.
    await boss.goto(`${listUrl}&state=verified`);
    await expect(boss.locator('tr.ant-table-row')).toHaveCount(2);
    await boss.getByRole('checkbox', { name: 'Chọn tất cả các dòng' }).check();
    await boss.getByRole('button', { name: /Phát hành \(2\)/ }).click();
    await expect(boss.locator('tr.ant-table-row')).toHaveCount(0);
    await boss.goto(listUrl);
    await expect(row(boss, blank)).toContainText('Đã phát hành');
    await expect(row(boss, normal)).toContainText('Đã phát hành');
    await expect(row(boss, duplicate)).toContainText('Bị trả lại');
    await fullShot(boss, 'analyses-list-released');
    await row(boss, normal).getByRole('link').first().click();
    await expect(boss).toHaveURL(/\/admin\/monitoring\/analyses\/\d+$/);
    await expect(boss.getByRole('heading', { name: new RegExp(`^${normal} · `) })).toBeVisible();
    await expect(boss.getByTestId('analysis-event').last()).toContainText('Phát hành');
    await fullShot(boss, 'analyses-page-released');

    // A phone: the list as cards and the analysis page, no sideways scroll.
    await boss.setViewportSize(PHONE);
    await boss.reload();
    await expect(boss.getByTestId('analysis-result')).toHaveText('12,50 mg/L');
    await expectNoSidewaysScroll(boss);
    await fullShot(boss, 'analyses-page-390');
    await boss.goto(listUrl);
    await expect(row(boss, normal)).toBeVisible();
    await expectNoSidewaysScroll(boss);
    await expect(boss.locator('.ant-spin-fullscreen')).toHaveCount(0);
    await fullShot(boss, 'analyses-list-390');
    await boss.goto(`/admin/monitoring/analyses/worksheet?parameter_id=${s.cod.id}`);
    await expect(row(boss, duplicate)).toBeVisible();
    await expectNoSidewaysScroll(boss);
    await fullShot(boss, 'analyses-worksheet-390');
    await boss.context().close();
  });
});
