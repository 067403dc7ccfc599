import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from './attendance-helpers';
import { adminLogin, createRole, createUser, pickOption, randomMobile, signInUi, unique, useToken } from './helpers';

// Issue 24 part 4: a sampling trip planned with a team, a vehicle and an instrument — a lapsed calibration cannot be
// picked, an instrument booked on another trip is refused naming it — then started by its leader on the phone.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PASSWORD = 'Matkhau@2026';
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return res.json() as Promise<T>;
}

const vn = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A site with a wastewater point (pH on site, COD at the lab), next year's programme, kit and a field team. */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const year = new Date().getFullYear() + 1;
  const day = `${year}-03-12`;
  const parameter = (code: string, name: string, place: string) =>
    post<{ id: number }>(request, token, '/api/parameters', {
      code: `${code}-${id}`,
      name: `${name} ${id}`,
      medium: 'wastewater',
      unit: 'mg/L',
      method: 'TCVN 6492:2011',
      place,
    });
  const ph = await parameter('PH', 'Độ pH', 'field');
  const cod = await parameter('COD', 'Nhu cầu oxy hóa học', 'lab');
  const customer = await post<{ id: number }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Bệnh viện Đa khoa tỉnh ${id}`,
  });
  const site = await post<{ id: number; name: string }>(request, token, '/api/sites', {
    code: `BV-${id}`,
    name: `Bệnh viện Đa khoa tỉnh ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        plan: [
          { parameter_id: ph.id, frequency: 'quarterly' },
          { parameter_id: cod.id, frequency: 'quarterly' },
        ],
      },
    ],
  });
  const program = await post<{ id: number; rounds: { id: number }[] }>(request, token, '/api/monitoring-programs', {
    code: `CT-BV-${id}`,
    name: `Quan trắc bệnh viện ${id}`,
    site_id: site.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  const kit = (code: string, name: string, kind: string, due: string | null, identifier: string | null = null) =>
    post<{ id: number; code: string; name: string }>(request, token, '/api/equipment', {
      code: `${code}-${id}`,
      name: `${name} ${id}`,
      kind,
      identifier,
      calibration_due: due,
    });
  const van = await kit('XE', 'Xe bán tải Ford Ranger', 'vehicle', `${year}-12-31`, '51C-456.78');
  const meter = await kit('DCT', 'Máy đo nước đa chỉ tiêu', 'instrument', `${year}-12-31`);
  const lapsed = await kit('DO', 'Máy đo oxy hòa tan', 'instrument', `${year}-03-01`);
  const busy = await kit('BOM', 'Bơm lấy mẫu nước', 'instrument', null);
  const field = await createRole(request, token, {
    code: `ht-${id}`,
    name: `Lấy mẫu ${id}`,
    permissions: ['sampling.index', 'works.show'],
  });
  const leader = { name: `Đinh Công Thành ${id}`, username: `thanh.${id}`, password: PASSWORD };
  const member = { name: `Mai Văn Tài ${id}`, username: `tai.${id}`, password: PASSWORD };
  await createUser(request, token, { ...leader, role_id: field.id, mobile: randomMobile() });
  await createUser(request, token, { ...member, role_id: field.id, mobile: randomMobile() });
  // Another trip of the same day, led by another team of its own (a person is on one trip a day), holds the pump.
  const otherLeader = await createUser(request, token, {
    name: `Trần Văn Khoa ${id}`,
    username: `khoa.${id}`,
    password: PASSWORD,
    role_id: field.id,
    mobile: randomMobile(),
  });
  const other = await post<{ id: number; code: string }>(request, token, '/api/sampling-trips', {
    name: `Chuyến khác ${id}`,
    start_date: day,
    end_date: day,
    leader_id: otherLeader.id,
    equipment_ids: [busy.id],
    round_ids: [program.rounds[1]!.id],
  });
  return { token, year, day, site, van, meter, lapsed, busy, leader, member, other };
}

async function signInFresh(browser: Browser, username: string, viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInUi(page, username, PASSWORD);
  return { context, page };
}

test.describe('Chuyến lấy mẫu', () => {
  test('lên kế hoạch chuyến với đoàn, xe và thiết bị; trưởng đoàn bắt đầu chuyến trên điện thoại', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    const s = await setup(request, id);
    await useToken(page, s.token);
    await page.goto('/admin/monitoring/trips');
    await page.getByRole('button', { name: 'Lên kế hoạch chuyến' }).click();
    await expect(page).toHaveURL(/\/admin\/monitoring\/trips\/create$/);

    // Sent empty: the rules' messages.
    await page.getByRole('button', { name: 'Lưu kế hoạch' }).click();
    await expect(page.getByText('Chọn ít nhất một đợt quan trắc')).toBeVisible();
    await expect(page.getByText('Vui lòng chọn trưởng đoàn')).toBeVisible();
    await fullShot(page, 'trips-form-error');

    await pickOption(page, 'Đợt quan trắc', s.site.name);
    await page.keyboard.press('Escape');
    await page.getByLabel('Tên chuyến').fill(`Lấy mẫu quý I bệnh viện ${id}`);
    const from = page.getByPlaceholder('Từ ngày');
    await from.click();
    await from.fill(vn(s.day));
    await from.press('Enter');
    const to = page.getByPlaceholder('Đến ngày');
    await to.fill(vn(s.day));
    await to.press('Enter');
    await pickOption(page, 'Trưởng đoàn', s.leader.name);
    await pickOption(page, 'Thành viên', s.member.name);
    await page.keyboard.press('Escape');
    await pickOption(page, 'Phương tiện', s.van.code);
    // The lapsed meter is offered but cannot be picked; the booked pump can, and is refused on save.
    const instruments = page.getByRole('combobox', { name: 'Thiết bị', exact: true });
    await instruments.click();
    await instruments.fill(s.lapsed.code);
    const lapsedOption = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: s.lapsed.code });
    await expect(lapsedOption).toContainText('hết hạn hiệu chuẩn 01/03/');
    await expect(lapsedOption).toHaveClass(/ant-select-item-option-disabled/);
    await pickOption(page, 'Thiết bị', s.busy.code);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lưu kế hoạch' }).click();
    await expect(page.getByText(`đã được đặt cho chuyến ${s.other.code}`)).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);
    await fullShot(page, 'trips-form-booked');

    // Another instrument instead: saved.
    await page
      .locator('.ant-select-selection-item')
      .filter({ hasText: s.busy.code })
      .locator('.ant-select-selection-item-remove')
      .click();
    await pickOption(page, 'Thiết bị', s.meter.code);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lưu kế hoạch' }).click();
    await expect(page).toHaveURL(/\/admin\/monitoring\/trips\/\d+$/);
    const tripUrl = page.url();
    await expect(page.getByTestId('trip-status')).toHaveText('Đã lên kế hoạch');
    await expect(page.getByText(s.leader.name).first()).toBeVisible();
    await expect(page.getByText('51C-456.78')).toBeVisible();
    const point = page.getByTestId('checklist-point');
    await expect(point).toHaveCount(1);
    await expect(point).toContainText(`PH-${id} · hiện trường`);
    await expect(point).toContainText(`COD-${id}`);
    await expect(page.getByTestId('history-item').first()).toContainText('Tạo mới');
    await fullShot(page, 'trips-show');

    // The leader, on the phone: the trip in "Công việc của tôi", then started.
    const leader = await signInFresh(browser, s.leader.username);
    await leader.page.goto('/admin/works/my-works');
    const mine = leader.page.getByTestId('my-trips');
    await expect(mine).toContainText(`Lấy mẫu quý I bệnh viện ${id}`);
    await mine.getByRole('link', { name: `Lấy mẫu quý I bệnh viện ${id}` }).click();
    await expect(leader.page).toHaveURL(new RegExp(`${new URL(tripUrl).pathname}$`));
    await expect(leader.page.getByTestId('checklist-point')).toHaveCount(1);
    await expect(leader.page.getByRole('button', { name: 'Sửa' })).toHaveCount(0);
    await leader.page.getByRole('button', { name: 'Bắt đầu' }).click();
    const dialog = leader.page.locator('.ant-modal-confirm:visible');
    await dialog.getByRole('button', { name: 'Bắt đầu' }).click();
    await expect(dialog).toBeHidden();
    await expect(leader.page.getByTestId('trip-status')).toHaveText('Đang thực hiện');
    await expect(leader.page.getByTestId('loading-overlay')).toBeHidden();
    await expectNoSidewaysScroll(leader.page);
    await fullShot(leader.page, 'trips-show-phone');
    await leader.context.close();

    // The list: the trip with its state; "mine only" leaves it out for the administrator.
    await page.goto(`/admin/monitoring/trips?search=${id}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `Lấy mẫu quý I bệnh viện ${id}` });
    await expect(row).toContainText('Đang thực hiện');
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await fullShot(page, 'trips-list');
    // The box follows the address: clicked, the list reloads with `mine=true`.
    await page.getByRole('checkbox', { name: 'Chỉ chuyến của tôi' }).click();
    await expect(page).toHaveURL(/mine=true/);
    await expect(page.getByRole('checkbox', { name: 'Chỉ chuyến của tôi' })).toBeChecked();
    await expect(row).toHaveCount(0);
  });
});
