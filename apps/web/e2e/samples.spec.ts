import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PASSWORD, phoneContext } from './attendance-helpers';
import { adminLogin, apiLogin, createRole, createUser, pickOption, randomMobile, signInUi, unique, useToken } from './helpers';

// Issue 24 part 5 (screens): on the phone, a trip's team member enters two samples at a point — field measurement,
// instrument, photo, GPS — a code already used is refused at its field; both show on the trip page and its label
// sheet; handed over, then the laboratory receives both by scanning each label's text into "Nhận mẫu".

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};
// A 2 × 2 PNG, as a phone's camera would hand a (much larger) file to the page.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const POINT = { latitude: 20.95123, longitude: 106.02345 };

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return res.json() as Promise<T>;
}

/** Vietnam's today, YYYY-MM-DD: a sample is taken within its trip's days. */
const vnToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** A site with one wastewater point (pH on site, COD at the lab), this year's programme, a meter, a team and a lab. */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const today = vnToday();
  const year = today.slice(0, 4);
  const parameter = (code: string, name: string, place: string, unit: string, holding_hours: number | null) =>
    post<{ id: number }>(request, token, '/api/parameters', {
      code: `${code}-${id}`,
      name: `${name} ${id}`,
      medium: 'wastewater',
      unit,
      method: 'TCVN 6492:2011',
      place,
      holding_hours,
    });
  const ph = await parameter('PH', 'Độ pH', 'field', '-', null);
  const cod = await parameter('COD', 'Nhu cầu oxy hóa học', 'lab', 'mg/L', 48);
  const customer = await post<{ id: number }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty Dệt may Phố Nối ${id}`,
  });
  const site = await post<{ id: number; name: string }>(request, token, '/api/sites', {
    code: `DM-${id}`,
    name: `Nhà máy Dệt may Phố Nối ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        ...POINT,
        plan: [
          { parameter_id: ph.id, frequency: 'quarterly' },
          { parameter_id: cod.id, frequency: 'quarterly' },
        ],
      },
    ],
  });
  const program = await post<{ id: number; rounds: { id: number }[] }>(request, token, '/api/monitoring-programs', {
    code: `CT-DM-${id}`,
    name: `Quan trắc nhà máy dệt ${id}`,
    site_id: site.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  const meter = await post<{ id: number; code: string }>(request, token, '/api/equipment', {
    code: `DCT-${id}`,
    name: `Máy đo nước đa chỉ tiêu ${id}`,
    kind: 'instrument',
    calibration_due: `${Number(year) + 1}-12-31`,
  });
  const field = await createRole(request, token, { code: `lm-${id}`, name: `Lấy mẫu ${id}`, permissions: ['sampling.index'] });
  const labRole = await createRole(request, token, {
    code: `ptn-${id}`,
    name: `Thí nghiệm ${id}`,
    permissions: ['lab.index', 'lab.receive'],
  });
  const leader = { name: `Đinh Công Thành ${id}`, username: `thanh.${id}`, password: PASSWORD };
  const member = { name: `Mai Văn Tài ${id}`, username: `tai.${id}`, password: PASSWORD };
  const lab = { name: `Phạm Thu Hà ${id}`, username: `ha.${id}`, password: PASSWORD };
  const leaderUser = await createUser(request, token, { ...leader, role_id: field.id, mobile: randomMobile() });
  const memberUser = await createUser(request, token, { ...member, role_id: field.id, mobile: randomMobile() });
  await createUser(request, token, { ...lab, role_id: labRole.id, mobile: randomMobile() });
  const trip = await post<{ id: number; code: string }>(request, token, '/api/sampling-trips', {
    name: `Lấy mẫu nhà máy dệt ${id}`,
    start_date: today,
    end_date: today,
    leader_id: leaderUser.id,
    member_ids: [memberUser.id],
    equipment_ids: [meter.id],
    round_ids: [program.rounds[0]!.id],
  });
  return { token, site, meter, trip, member, lab };
}

/** Picks an option by its text, again until the select shows it (a search's answer may redraw the list under the click). */
async function phoneSignIn(browser: Browser, baseURL: string | undefined, username: string) {
  const context = await phoneContext(browser, baseURL, { ...POINT, accuracy: 8 });
  const page = await context.newPage();
  await signInUi(page, username, PASSWORD);
  return { context, page };
}

test.describe('Mẫu quan trắc', () => {
  test('thành viên đoàn ghi hai mẫu trên điện thoại, in nhãn; phòng thí nghiệm quét nhãn để nhận mẫu', async ({
    page: desk,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const id = unique();
    const s = await setup(request, id);
    const tripUrl = `/admin/monitoring/trips/${s.trip.id}`;
    const firstCode = `${s.trip.code}-NT1`.toUpperCase();
    const duplicateCode = `${s.trip.code}-NT1-L`.toUpperCase();

    // The member, on the phone: the trip has no sample yet.
    const team = await phoneSignIn(browser, baseURL, s.member.username);
    const page = team.page;
    await page.goto(tripUrl);
    const section = page.getByTestId('trip-samples');
    await expect(section).toContainText('Mẫu đã lấy (0)');
    await expect(section).toContainText('Chưa có mẫu nào');
    await expect(section.getByRole('button', { name: 'In nhãn' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-trip-empty-phone');

    // Sent empty: the point is asked for.
    await section.getByRole('button', { name: 'Thêm mẫu' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/monitoring/samples/create\\?trip_id=${s.trip.id}$`));
    await page.getByRole('button', { name: 'Lưu mẫu' }).click();
    await expect(page.getByText('Vui lòng chọn điểm lấy mẫu')).toBeVisible();
    await expect(page.getByText('Chọn điểm lấy mẫu để nhập các chỉ tiêu')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-form-empty-phone');

    // The first sample: the point sets the suggested code and the pH row (the trip's only meter already chosen).
    await pickOption(page, 'Điểm lấy mẫu', 'NT1');
    await expect(page.getByLabel('Mã mẫu')).toHaveValue(firstCode);
    const row = page.getByTestId('measurement-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Độ pH ${id}`);
    await expect(row).toContainText(s.meter.code);
    await row.getByRole('textbox').fill('7,25');
    await page.getByLabel('Dụng cụ chứa mẫu').fill('Chai nhựa PE 1 L');
    await page.getByLabel('Cách bảo quản').fill('Giữ lạnh 4 °C');
    await page.getByTestId('sample-photo-input').setInputFiles({ name: 'mau.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('sample-photo-thumbs').locator('img')).toHaveCount(1);
    await page.getByRole('button', { name: 'Lấy vị trí GPS' }).click();
    await expect(page.getByTestId('sample-gps')).toContainText('20.951230, 106.023450 ± 8 m');
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-form-filled-phone');
    await page.getByRole('button', { name: 'Lưu mẫu' }).click();
    await expect(page).toHaveURL(new RegExp(`${tripUrl}$`));
    await expect(section.getByTestId('trip-sample')).toHaveCount(1);

    // The second, a duplicate: first with the code already used — refused under "Mã mẫu".
    await section.getByRole('button', { name: 'Thêm mẫu' }).click();
    await pickOption(page, 'Điểm lấy mẫu', 'NT1');
    await page.getByLabel('Mẫu lặp').check();
    await expect(page.getByLabel('Mã mẫu')).toHaveValue(duplicateCode);
    await page.getByLabel('Mã mẫu').fill(firstCode);
    await page.getByTestId('measurement-row').getByRole('textbox').fill('7.3');
    await page.getByRole('button', { name: 'Lưu mẫu' }).click();
    const codeError = page.locator('.ant-form-item-has-error').filter({ has: page.getByLabel('Mã mẫu') });
    await expect(codeError).toContainText(firstCode);
    await expect(page).toHaveURL(/\/samples\/create/);
    await fullShot(page, 'samples-form-code-taken-phone');
    await page.getByLabel('Mã mẫu').fill(duplicateCode);
    await page.getByRole('button', { name: 'Lưu mẫu' }).click();
    await expect(page).toHaveURL(new RegExp(`${tripUrl}$`));

    // Both on the trip page, then on the label sheet with their QR.
    await expect(section.getByTestId('trip-sample')).toHaveCount(2);
    await expect(section).toContainText('Mẫu lặp');
    await expect(section.getByTestId('sample-status').first()).toHaveText('Đã lấy mẫu');
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-trip-filled-phone');
    await section.getByRole('button', { name: 'In nhãn' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/monitoring/samples/labels\\?trip_id=${s.trip.id}$`));
    const labels = page.getByTestId('sample-label');
    await expect(labels).toHaveCount(2);
    await expect(page.locator('.ant-notification-notice, .ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
    await expect(labels.first()).toContainText(firstCode);
    await expect(labels.first()).toContainText(`COD-${id}`);
    await expect(labels.first().getByRole('img', { name: `Mã QR của mẫu ${firstCode}` })).toBeVisible();
    const scans = await labels.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-scan') ?? ''));
    expect(scans.every((t) => t.includes('/admin/monitoring/samples/code/'))).toBe(true);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-labels-phone');

    // The first sample's page: measurement, photo, place; handed over to the lab through the dialog.
    await page.goto(tripUrl);
    await section.getByRole('link', { name: firstCode, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`Mẫu ${firstCode}`) })).toBeVisible();
    await expect(page.getByTestId('sample-measurements')).toContainText('7,25');
    // The saved photo, fetched with the token (no cookie session).
    await expect(page.getByTestId('sample-photos').locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(page.getByTestId('sample-place')).toContainText('cách điểm quan trắc 0 m');
    await page.getByRole('button', { name: 'Bàn giao mẫu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Bàn giao' }).click();
    await expect(dialog.getByText('Vui lòng chọn người nhận mẫu')).toBeVisible();
    await pickOption(page, 'Người nhận', s.lab.name);
    await dialog.getByLabel('Nhiệt độ thùng bảo quản (°C)').fill('4,0');
    await dialog.getByRole('button', { name: 'Bàn giao' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('sample-status')).toHaveText('Đã bàn giao');
    await expect(page.getByTestId('custody-event')).toHaveCount(2);
    await expect(page.getByTestId('custody-event').last()).toContainText(`→ ${s.lab.name}`);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-show-phone');
    // The duplicate corrected before it is handed over (the value read again).
    await page.goto(tripUrl);
    await section.getByRole('link', { name: duplicateCode, exact: true }).click();
    await page.getByRole('button', { name: 'Sửa' }).click();
    await expect(page).toHaveURL(/\/samples\/\d+\/edit$/);
    await expect(page.getByLabel('Mã mẫu')).toHaveValue(duplicateCode);
    await page.getByTestId('measurement-row').getByRole('textbox').fill('7,4');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(/\/samples\/\d+$/);
    await expect(page.getByTestId('sample-measurements')).toContainText('7,4');
    await expect(page.getByTestId('history-item').first()).toContainText('7.3');
    // The duplicate handed over through the API.
    const memberToken = await apiLogin(request, s.member.username, PASSWORD);
    const dup = (await (await request.get(`/api/samples/code/${duplicateCode}`, { headers: auth(memberToken) })).json()) as {
      id: number;
    };
    const labUser = (await (
      await request.get(`/api/users/options?search=${encodeURIComponent(s.lab.name)}`, { headers: auth(memberToken) })
    ).json()) as { id: number }[];
    await post(request, memberToken, `/api/samples/${dup.id}/hand-over`, { to_user_id: labUser[0]!.id, temperature: '4.0' }, 200);
    await team.context.close();

    // The laboratory, on the phone: each label scanned (its text typed by the scanner, then Enter), one twice.
    const lab = await phoneSignIn(browser, baseURL, s.lab.username);
    const lp = lab.page;
    await lp.goto('/admin/monitoring/samples/receive');
    const scan = lp.getByTestId('sample-scan');
    await expect(scan).toBeFocused();
    await expect(lp.getByRole('button', { name: /Xác nhận nhận mẫu/ })).toBeDisabled();
    await fullShot(lp, 'samples-receive-empty-phone');
    for (const text of scans) {
      await scan.fill(text);
      await scan.press('Enter');
    }
    await scan.fill(scans[0]!);
    await scan.press('Enter');
    const rows = lp.getByTestId('receive-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Đã quét mẫu này' })).toHaveCount(1);
    await expect(rows.getByTestId('sample-status')).toHaveText(['Đã bàn giao', 'Đã bàn giao']);
    // Sent without the cool box: asked for.
    await lp.getByRole('button', { name: 'Xác nhận nhận mẫu (2)' }).click();
    await expect(lp.getByText('Vui lòng nhập nhiệt độ thùng bảo quản')).toBeVisible();
    await fullShot(lp, 'samples-receive-error-phone');
    await lp.getByLabel('Nhiệt độ thùng bảo quản (°C)').fill('4,5');
    await lp.getByRole('button', { name: 'Xác nhận nhận mẫu (2)' }).click();
    await expect(rows.getByTestId('receive-result')).toHaveText(['Đã nhận mẫu', 'Đã nhận mẫu']);
    await expect(rows.getByTestId('sample-status')).toHaveText(['Đã nhận tại PTN', 'Đã nhận tại PTN']);
    await expectNoSidewaysScroll(lp);
    await fullShot(lp, 'samples-receive-done-phone');

    // A label scanned again now opens the sample; an unknown code says so.
    await lp.goto(scans[0]!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(lp).toHaveURL(/\/admin\/monitoring\/samples\/\d+$/);
    await expect(lp.getByTestId('sample-status')).toHaveText('Đã nhận tại PTN');
    await expect(lp.getByRole('button', { name: 'Bắt đầu phân tích' })).toBeVisible();
    await lp.goto('/admin/monitoring/samples/code/KHONG-CO-MA');
    await expect(lp.getByText('Không tìm thấy mẫu mã KHONG-CO-MA')).toBeVisible();

    // The laboratory's list: both received, none overdue.
    await lp.goto(`/admin/monitoring/samples?search=${encodeURIComponent(s.trip.code)}`);
    await expect(lp.getByRole('link', { name: firstCode, exact: true })).toBeVisible();
    await expect(lp.getByRole('link', { name: duplicateCode, exact: true })).toBeVisible();
    await expect(lp.getByTestId('sample-status')).toHaveText(['Đã nhận tại PTN', 'Đã nhận tại PTN']);
    await expect(lp.getByTestId('loading-overlay')).toBeHidden();
    await expectNoSidewaysScroll(lp);
    await fullShot(lp, 'samples-list-phone');
    await lab.context.close();

    // On a computer: the list filtered by status, and the received sample's page.
    await useToken(desk, s.token);
    await desk.goto(`/admin/monitoring/samples?search=${encodeURIComponent(s.trip.code)}&status=received`);
    await expect(desk.getByRole('link', { name: firstCode, exact: true })).toBeVisible();
    await expect(desk.getByTestId('loading-overlay')).toBeHidden();
    await fullShot(desk, 'samples-list-desktop');
    await desk.getByRole('link', { name: firstCode, exact: true }).click();
    await expect(desk.getByTestId('custody-event')).toHaveCount(3);
    await expect(desk.getByTestId('custody-event').last()).toContainText('4,5 °C');
    await expect(desk.getByTestId('custody-event').last()).toContainText('Nguyên vẹn');
    await expect(desk.getByTestId('sample-photos').locator('img')).toHaveAttribute('src', /^blob:/);
    await fullShot(desk, 'samples-show-desktop');
    // The label sheet printed: the toolbar hidden, three labels a row.
    await desk.goto(`/admin/monitoring/samples/labels?trip_id=${s.trip.id}`);
    await expect(desk.getByTestId('sample-label')).toHaveCount(2);
    await expect(desk.getByTestId('loading-overlay')).toBeHidden();
    await desk.emulateMedia({ media: 'print' });
    await expect(desk.getByRole('button', { name: 'In', exact: true })).toBeHidden();
    await desk.screenshot({ path: shot('samples-labels-print') });
  });
  test('không có mạng: thành viên ghi hai mẫu trên điện thoại, có mạng lại thì mẫu tự gửi; mã bị trùng trong lúc đó được báo để sửa; phòng thí nghiệm quét nhãn nhận mẫu', async ({
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const id = unique();
    const s = await setup(request, id);
    const tripUrl = `/admin/monitoring/trips/${s.trip.id}`;
    const firstCode = `${s.trip.code}-NT1`.toUpperCase();
    const duplicateCode = `${s.trip.code}-NT1-L`.toUpperCase();

    const team = await phoneSignIn(browser, baseURL, s.member.username);
    const page = team.page;
    await page.goto(tripUrl);
    const section = page.getByTestId('trip-samples');
    await expect(section).toContainText('Mẫu đã lấy (0)');
    // The form opened once with a signal (its screen loaded), then the signal is lost at the site.
    await section.getByRole('button', { name: 'Thêm mẫu' }).click();
    await expect(page.getByRole('button', { name: 'Lưu mẫu' })).toBeVisible();
    await page.goBack();
    await expect(section).toBeVisible();
    await team.context.setOffline(true);
    const queue = page.getByTestId('queued-samples');
    await expect(queue).toContainText('Không có mạng');

    const enter = async (qc: string | null, value: string) => {
      await section.getByRole('button', { name: 'Thêm mẫu' }).click();
      await pickOption(page, 'Điểm lấy mẫu', 'NT1');
      if (qc) await page.getByLabel(qc).check();
      await page.getByTestId('measurement-row').getByRole('textbox').fill(value);
      await page.getByTestId('sample-photo-input').setInputFiles({ name: 'mau.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('sample-photo-thumbs').locator('img')).toHaveCount(1);
      await page.getByRole('button', { name: 'Lưu mẫu' }).click();
      await expect(page).toHaveURL(new RegExp(`${tripUrl}$`));
    };
    await enter(null, '7,25');
    await enter('Mẫu lặp', '7,3');
    await expect(queue.getByTestId('queued-sample')).toHaveCount(2);
    await expect(queue.getByTestId('queued-sample').first()).toContainText(firstCode);
    await expect(queue.getByTestId('queued-sample').last()).toContainText(duplicateCode);
    await expect(queue.getByText('Chờ gửi')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-offline-queued-phone');

    // Meanwhile the planner, at the office, used the duplicate's code for another sample of the trip.
    const taken = await post<{ id: number }>(request, s.token, '/api/samples', {
      trip_id: s.trip.id,
      round_id: (await (await request.get(`/api/sampling-trips/${s.trip.id}`, { headers: auth(s.token) })).json()).checklist[0]
        .round_id,
      point_id: (await (await request.get(`/api/sampling-trips/${s.trip.id}`, { headers: auth(s.token) })).json()).checklist[0]
        .point.id,
      code: duplicateCode,
      qc_kind: 'duplicate',
      taken_at: new Date().toISOString(),
    });
    expect(taken.id).toBeGreaterThan(0);

    // The signal returns: the first sample is sent by itself; the second, whose code is now taken, waits for the person.
    await team.context.setOffline(false);
    await expect(queue.getByTestId('queued-sample')).toHaveCount(1, { timeout: 20_000 });
    const refused = queue.getByTestId('queued-sample');
    await expect(refused).toContainText('Cần xử lý');
    await expect(refused).toContainText(`Mã mẫu ${duplicateCode} đã được dùng`);
    await expect(section.getByRole('link', { name: firstCode, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'samples-offline-conflict-phone');
    // Opened from the queue: the entry as typed (the reading, the photo), given a new code and sent.
    await refused.getByRole('link', { name: 'Sửa và gửi lại' }).click();
    await expect(page.getByLabel('Mã mẫu')).toHaveValue(duplicateCode);
    await expect(page.getByTestId('measurement-row').getByRole('textbox')).toHaveValue('7,3');
    await expect(page.getByTestId('sample-photo-thumbs').locator('img')).toHaveCount(1);
    await page.getByLabel('Mã mẫu').fill(`${duplicateCode}2`);
    await page.getByRole('button', { name: 'Lưu mẫu' }).click();
    await expect(page).toHaveURL(new RegExp(`${tripUrl}$`));
    await expect(queue).toHaveCount(0);
    await expect(section.getByTestId('trip-sample')).toHaveCount(3);
    await expect(section.getByRole('link', { name: `${duplicateCode}2`, exact: true })).toBeVisible();

    // Both of the member's samples handed over; the laboratory scans their labels to receive them.
    const memberToken = await apiLogin(request, s.member.username, PASSWORD);
    const labUser = (await (
      await request.get(`/api/users/options?search=${encodeURIComponent(s.lab.name)}`, { headers: auth(memberToken) })
    ).json()) as { id: number }[];
    const mine: { id: number; code: string }[] = [];
    for (const code of [firstCode, `${duplicateCode}2`]) {
      const one = (await (await request.get(`/api/samples/code/${code}`, { headers: auth(memberToken) })).json()) as {
        id: number;
        code: string;
        measurements: { value: string }[];
        photos: unknown[];
      };
      expect(one.measurements).toHaveLength(1);
      expect(one.photos).toHaveLength(1);
      await post(
        request,
        memberToken,
        `/api/samples/${one.id}/hand-over`,
        { to_user_id: labUser[0]!.id, temperature: '4.0' },
        200,
      );
      mine.push(one);
    }
    await page.goto(`/admin/monitoring/samples/labels?ids=${mine.map((m) => m.id).join(',')}`);
    const labels = page.getByTestId('sample-label');
    await expect(labels).toHaveCount(2);
    const scans = await labels.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-scan') ?? ''));
    await team.context.close();

    const lab = await phoneSignIn(browser, baseURL, s.lab.username);
    const lp = lab.page;
    await lp.goto('/admin/monitoring/samples/receive');
    const scan = lp.getByTestId('sample-scan');
    for (const text of scans) {
      await scan.fill(text);
      await scan.press('Enter');
    }
    const rows = lp.getByTestId('receive-row');
    await expect(rows).toHaveCount(2);
    await lp.getByLabel('Nhiệt độ thùng bảo quản (°C)').fill('4,5');
    await lp.getByRole('button', { name: 'Xác nhận nhận mẫu (2)' }).click();
    await expect(rows.getByTestId('receive-result')).toHaveText(['Đã nhận mẫu', 'Đã nhận mẫu']);
    await lab.context.close();
  });
});
