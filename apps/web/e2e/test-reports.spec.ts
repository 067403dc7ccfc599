import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PASSWORD } from './attendance-helpers';
import { adminLogin, apiLogin, createRole, createUser, randomMobile, signInUi, unique } from './helpers';

// Issue 25 part 4 (screens): a trip's released results (COD above its QCVN 40 column B limit) make a test report. A
// laboratory clerk drafts it from the list, sees the table and the exceeded verdict, edits the QC statement; the
// analyst may not sign it (SAME_ANALYST), the head signs; the public page checks the code at 390 px; a correction with a
// reason issues v2 and v1's code then warns it is replaced. The fixtures are built through the API as
// analysis-verdicts.spec.ts builds them.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const vnDay = (offset = 0) => new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const PHONE = { width: 390, height: 844 };

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<T>;
}

type Detail = { id: number; version: number };

async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const regulation = await post<{ id: number; code: string }>(request, token, '/api/regulations', {
    code: `QCVN 40:2011/BTNMT-${id}`,
    title: 'Quy chuẩn kỹ thuật quốc gia về nước thải công nghiệp',
    medium: 'wastewater',
    issuer: 'Bộ Tài nguyên và Môi trường',
    valid_from: '2012-03-15',
    source: 'Kiểm thử giao diện',
    columns: [{ code: 'B', meaning: 'Xả vào nguồn nước không dùng cho cấp nước sinh hoạt' }],
    factors: [
      { code: 'Kq', name: 'Hệ số nguồn tiếp nhận', values: [{ label: 'Q ≤ 50 m³/s', value: '0,9' }] },
      { code: 'Kf', name: 'Hệ số lưu lượng xả', values: [{ label: '50 < F ≤ 500 m³/24 giờ', value: '1,1' }] },
    ],
    limits: [{ analyte: 'COD', name: 'COD', unit: 'mg/L', column: 'B', max: '150', factors: ['Kq', 'Kf'] }],
  });
  const cod = await post<{ id: number; code: string }>(request, token, '/api/parameters', {
    code: `COD-${id}`.toUpperCase(),
    name: `Nhu cầu oxy hóa học ${id}`,
    analyte: 'COD',
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'SMEWW 5220C:2017',
    place: 'lab',
    lod: '2',
  });
  const customer = await post<{ id: number; name: string }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty Giấy Sông Cầu ${id}`,
  });
  // A customer without results on the trip: drafting for it is refused (422 NO_RELEASED_RESULTS).
  const other = await post<{ id: number; name: string }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty Bao bì Thái Nguyên ${id}`,
  });
  const site = await post<{ id: number }>(request, token, '/api/sites', {
    code: `SC-${id}`,
    name: `Nhà máy giấy Sông Cầu ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        regulation_id: regulation.id,
        regulation_column: 'B',
        regulation_factors: [
          { code: 'Kq', value: '0.9', reason: 'Sông Cầu Q = 45 m³/s' },
          { code: 'Kf', value: '1.1', reason: 'F = 300 m³/ngày' },
        ],
        plan: [{ parameter_id: cod.id, frequency: 'quarterly' }],
      },
    ],
  });
  const person = async (username: string, name: string, permissions: string[]) => {
    const r = await createRole(request, token, { code: `${username}-${id}`, name: `${username} ${id}`, permissions });
    const u = { name: `${name} ${id}`, username: `${username}.${id}`, password: PASSWORD };
    const made = await createUser(request, token, { ...u, role_id: r.id, mobile: randomMobile() });
    return { ...u, id: made.id, token: await apiLogin(request, u.username, PASSWORD) };
  };
  const owner = await person('ct', 'Lê Minh Chủ trì', ['monitoring.index', 'monitoring.create', 'lab.index']);
  // The analyst also holds lab.approve: the server still refuses them the signature of a report holding their result.
  const analyst = await person('kn', 'Nguyễn Thị Lan', ['lab.analyse', 'lab.index', 'lab.approve']);
  const verifier = await person('sx', 'Trần Văn Minh', ['lab.index', 'lab.verify']);
  const clerk = await person('tn', 'Phạm Thu Hà', ['lab.index', 'lab.receive', 'customer.index']);
  const head = await person('tp', 'Hoàng Đức Anh', ['lab.index', 'lab.approve']);
  const year = vnDay().slice(0, 4);
  const program = await post<{ rounds: { id: number }[] }>(request, owner.token, '/api/monitoring-programs', {
    code: `CT-SC-${id}`,
    name: `Quan trắc nước thải ${id}`,
    site_id: site.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  const leader = await person('lm', 'Đinh Công Thành', ['sampling.index']);
  const trip = await post<{ id: number; code: string; checklist: { round_id: number; point: { id: number } }[] }>(
    request,
    token,
    '/api/sampling-trips',
    {
      name: `Lấy mẫu nước thải ${id}`,
      start_date: vnDay(-1),
      end_date: vnDay(0),
      leader_id: leader.id,
      round_ids: [program.rounds[program.rounds.length - 1]!.id],
    },
  );
  const me = ((await (await request.get('/api/auth/info', { headers: auth(token) })).json()) as { user: { id: number } }).user;
  // Noon in Vietnam on the trip's first day: the same calendar day in UTC and in Vietnam, whatever the hour of the run.
  const takenAt = `${vnDay(-1)}T05:00:00.000Z`;
  const sample = await post<{ id: number; code: string }>(request, token, '/api/samples', {
    trip_id: trip.id,
    round_id: trip.checklist[0]!.round_id,
    point_id: trip.checklist[0]!.point.id,
    code: `${trip.code}-NT1`.toUpperCase(),
    qc_kind: 'normal',
    taken_at: takenAt,
  });
  await post(request, token, `/api/samples/${sample.id}/hand-over`, { to_user_id: me.id, temperature: '4' });
  await post(request, token, `/api/samples/${sample.id}/receive`, { intact: true, temperature: '4' });
  const list = (await (await request.get(`/api/analyses?sample_id=${sample.id}`, { headers: auth(token) })).json()) as {
    data: Detail[];
  };
  const assigned = await post<Detail[]>(request, token, '/api/analyses/assign', {
    analyst_id: analyst.id,
    rows: list.data.map((a) => ({ id: a.id, version: a.version })),
  });
  const entered = await post<Detail[]>(request, analyst.token, '/api/analyses/results', {
    rows: assigned.map((a) => ({ id: a.id, version: a.version, value: '180' })),
  });
  const verified = await post<Detail[]>(request, verifier.token, '/api/analyses/verify', {
    rows: entered.map((a) => ({ id: a.id, version: a.version })),
  });
  await post<Detail[]>(request, verifier.token, '/api/analyses/release', {
    rows: verified.map((a) => ({ id: a.id, version: a.version })),
  });
  // The sampling day as the report prints it: the sample's day in Vietnam.
  const sampledOn = new Date(Date.parse(takenAt) + 7 * 3_600_000).toISOString().slice(0, 10);
  return { customer, other, trip, sample, cod, regulation, analyst, clerk, head, sampledOn };
}

type World = Awaited<ReturnType<typeof setup>>;

async function pick(page: Page, label: string, text: string, typed = text) {
  await page.getByLabel(label, { exact: true }).fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** The public check page in a fresh phone-sized browser, without signing in. */
async function publicPage(browser: Browser, code: string) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/kiem-tra-phieu/${code}`);
  return page;
}

test.describe('Phiếu kết quả thử nghiệm', () => {
  test.describe.configure({ mode: 'serial' });
  let w: World;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    w = await setup(request, unique());
  });

  test('lập, sửa, ký, kiểm tra công khai và sửa đổi phiếu', async ({ page, browser }) => {
    test.setTimeout(180_000);

    // The clerk: an empty (filtered) list, then "Lập phiếu".
    await signInUi(page, w.clerk.username, PASSWORD);
    await page.goto(`/admin/monitoring/test-reports?customer_id=${w.other.id}`);
    await expect(page.getByRole('heading', { name: 'Phiếu kết quả thử nghiệm' })).toBeVisible();
    await expect(page.getByTestId('test-reports-table')).toContainText(
      'Không tìm thấy phiếu kết quả nào phù hợp với điều kiện lọc',
    );
    await page.screenshot({ path: shot('test-reports-empty'), fullPage: true });

    await page.goto('/admin/monitoring/test-reports');
    await page.getByRole('button', { name: 'Lập phiếu' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Lập phiếu kết quả thử nghiệm' });
    await expect(dialog).toBeVisible();
    // Validation: nothing chosen.
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();
    await expect(dialog).toContainText('Vui lòng chọn chuyến lấy mẫu');
    await expect(dialog).toContainText('Vui lòng chọn khách hàng');
    // The server's refusal: a customer without released results on that trip.
    await pick(page, 'Chuyến lấy mẫu', w.trip.code);
    await pick(page, 'Khách hàng', w.other.name);
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();
    await expect(dialog.getByTestId('create-report-error')).toHaveText(
      'Chuyến lấy mẫu chưa có kết quả đã phát hành của khách hàng này để lập phiếu.',
    );
    await page.screenshot({ path: shot('test-reports-create-error'), fullPage: true });
    await pick(page, 'Khách hàng', w.customer.name);
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();

    // The draft: its number, version and state; the table with the exceeded verdict.
    await expect(page).toHaveURL(/\/admin\/monitoring\/test-reports\/\d+$/);
    const draftUrl = page.url();
    await expect(page.getByText(/^Phiếu \d{3}\/\d{4}\/PKQ$/)).toBeVisible();
    const number = ((await page.getByText(/^Phiếu \d{3}\/\d{4}\/PKQ$/).textContent()) ?? '').replace('Phiếu ', '');
    expect(number).toMatch(/^\d{3}\/\d{4}\/PKQ$/);
    await expect(page.getByText('Lần 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Nháp', { exact: true })).toBeVisible();
    const results = page.getByTestId('report-results');
    await expect(results).toContainText(w.sample.code);
    await expect(results).toContainText(`Nhu cầu oxy hóa học`);
    await expect(results).toContainText('180 mg/L');
    await expect(results).toContainText(`${w.regulation.code}, cột B`);
    await expect(results.getByTestId('row-exceeded')).toHaveText('Vượt');
    // The clerk drafts but does not sign.
    await expect(page.getByRole('button', { name: 'Ký phát hành' })).toHaveCount(0);

    // The QC statement.
    await page.getByRole('button', { name: 'Sửa ghi chú' }).click();
    const edit = page.getByRole('dialog', { name: /Sửa ghi chú phiếu/ });
    await edit.getByLabel('Nhận xét kiểm soát chất lượng').fill('Mẫu trắng và mẫu lặp đạt yêu cầu; độ thu hồi 98 %.');
    await edit.getByRole('button', { name: 'Lưu' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('report-qc')).toHaveText('Mẫu trắng và mẫu lặp đạt yêu cầu; độ thu hồi 98 %.');
    await page.screenshot({ path: shot('test-report-draft'), fullPage: true });

    // The list now holds it.
    await page.goto('/admin/monitoring/test-reports');
    const row = page.locator(`[data-report="${number} v1"]`);
    await expect(row).toContainText(w.customer.name);
    await expect(row).toContainText(w.trip.code);
    await expect(row).toContainText('Nháp');
    await expect(row).toContainText('Chưa ký');
    await page.screenshot({ path: shot('test-reports-list'), fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(row).toContainText(w.customer.name);
    await page.screenshot({ path: shot('test-reports-list-390'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The analyst holds lab.approve but analysed COD: the server refuses, the page says why.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInUi(page, w.analyst.username, PASSWORD);
    await page.goto(draftUrl);
    await page.getByRole('button', { name: 'Ký phát hành' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ký phát hành' }).click();
    await expect(page.getByTestId('report-refusal')).toContainText(
      'Người ký phiếu không được là người phân tích của bất kỳ kết quả nào trong phiếu.',
    );
    await page.screenshot({ path: shot('test-report-same-analyst'), fullPage: true });

    // The head signs, on a phone.
    await page.evaluate(() => localStorage.clear());
    await signInUi(page, w.head.username, PASSWORD);
    await page.setViewportSize(PHONE);
    await page.goto(draftUrl);
    await page.getByRole('button', { name: 'Ký phát hành' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ký phát hành' }).click();
    await expect(page.getByText('Đã ký phát hành', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-descriptions').getByText(w.head.name)).toBeVisible();
    const code1 = ((await page.getByTestId('report-verify-code').textContent()) ?? '').trim();
    expect(code1).toMatch(/^[A-Z2-9]{16}$/);
    await expect(page.getByTestId('report-check-link')).toHaveText(`/kiem-tra-phieu/${code1}`);
    await page.screenshot({ path: shot('test-report-signed-390'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The public page, at 390 px: valid.
    const pub = await publicPage(browser, code1);
    await expect(pub.getByTestId('report-check-valid')).toContainText('Phiếu hợp lệ');
    const details = pub.getByTestId('report-check-details');
    await expect(details).toContainText(number);
    await expect(details).toContainText('Lần 1');
    await expect(details).toContainText(w.customer.name);
    await expect(details.locator('tr').filter({ hasText: 'Ngày lấy mẫu' })).toContainText(ddmmyyyy(w.sampledOn));
    await expect(details.locator('tr').filter({ hasText: 'Ngày ban hành' })).toContainText(ddmmyyyy(vnDay()));
    await pub.screenshot({ path: shot('public-test-report-valid-390'), fullPage: true });

    // The correction: a reason is required, then v2 replaces v1.
    await page.getByRole('button', { name: 'Sửa đổi (ban hành lần mới)' }).click();
    const correct = page.getByRole('dialog', { name: /Sửa đổi phiếu/ });
    await correct.getByRole('button', { name: 'Ban hành lần mới' }).click();
    await expect(correct).toContainText('Vui lòng nhập lý do sửa đổi');
    await correct.getByLabel('Lý do sửa đổi').fill('Sai tên điểm quan trắc trên phiếu lần 1.');
    await correct.getByRole('button', { name: 'Ban hành lần mới' }).click();
    await expect(page).not.toHaveURL(draftUrl);
    await expect(page.getByText('Lần 2', { exact: true })).toBeVisible();
    await expect(page.getByTestId('report-correction')).toContainText(`Thay thế phiếu ${number} lần 1`);
    await expect(page.getByTestId('report-correction')).toContainText('Sai tên điểm quan trắc trên phiếu lần 1.');
    const code2 = ((await page.getByTestId('report-verify-code').textContent()) ?? '').trim();
    expect(code2).toMatch(/^[A-Z2-9]{16}$/);
    expect(code2).not.toBe(code1);
    await page.screenshot({ path: shot('test-report-v2'), fullPage: true });
    // v1 says what replaced it.
    await page.goto(draftUrl);
    await expect(page.getByTestId('report-replaced')).toContainText(`Đã được thay thế bởi ${number} lần 2`);
    await expect(page.getByText('Đã thay thế', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sửa đổi (ban hành lần mới)' })).toHaveCount(0);

    // v1's code now warns, in red, that it is replaced.
    await pub.goto(`/kiem-tra-phieu/${code1}`);
    await expect(pub.getByTestId('report-check-replaced')).toContainText(`Phiếu này đã được thay thế bởi phiếu ${number} lần 2`);
    await expect(pub.getByTestId('report-check-valid')).toHaveCount(0);
    await pub.screenshot({ path: shot('public-test-report-replaced-390'), fullPage: true });
    // An unknown code.
    await pub.goto('/kiem-tra-phieu/ABCDEFGHJKLMNPQR');
    await expect(pub.getByTestId('report-check-not-found')).toContainText('Không tìm thấy phiếu với mã này');
    await pub.screenshot({ path: shot('public-test-report-404-390'), fullPage: true });
    await pub.context().close();
  });
});
