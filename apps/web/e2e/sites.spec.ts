import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from './attendance-helpers';
import { ADMIN, adminLogin, createRole, createUser, sidebar, signInUi, unique, useToken } from './helpers';

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PASSWORD = 'Matkhau@2026';
/** The form item around a labelled field (within `scope`), where its error shows; an optional field's label ends in "(Tùy chọn)". */
const fieldItem = (scope: Page | Locator, label: string) => {
  // `has` is looked up inside each form item: from the page, not again from the scope.
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  return scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
};
/** A full-page picture from the top (a sticky header would otherwise be drawn where the page was scrolled to). */
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};
/** The form item of a field whose label starts with `label` (an optional field's ends in "(Tùy chọn)"). */
const item = (scope: Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.page().getByLabel(label) });
const dropdownOption = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
const choose = async (scope: Page | Locator, page: Page, label: string, option: string) => {
  await scope.getByLabel(label).click();
  // On a busy machine a click landing while the dropdown still moves can be lost: click again until it closes.
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(open).toHaveCount(1);
  // Picked: a single select closes, a multiple one marks the option selected.
  const picked = page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected').filter({ hasText: option });
  await expect(async () => {
    if ((await open.count()) && !(await picked.count())) await dropdownOption(page, option).click({ timeout: 2_000 });
    expect((await open.count()) === 0 || (await picked.count()) > 0).toBe(true);
  }).toPass({ timeout: 20_000 });
};

/** Serious and critical axe-core violations (WCAG 2 A/AA) of what the page shows now, as the a11y spec counts them. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

interface Param {
  id: number;
  code: string;
  name: string;
}

async function createParameter(request: APIRequestContext, data: Record<string, unknown>): Promise<Param> {
  const token = await adminLogin(request);
  const res = await request.post('/api/parameters', { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function createCustomer(request: APIRequestContext, name: string): Promise<{ id: number; code: string; name: string }> {
  const token = await adminLogin(request);
  const res = await request.post('/api/customers', { headers: auth(token), data: { type: 'organization', name } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** COD and pH of wastewater, and dust of emission (which a wastewater point must not offer). */
async function parameters(request: APIRequestContext, id: string) {
  const cod = await createParameter(request, {
    code: `COD-${id}`,
    name: `Nhu cầu oxy hóa học ${id}`,
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'SMEWW 5220C:2017',
    place: 'lab',
    analyte: 'COD',
  });
  const ph = await createParameter(request, {
    code: `PH-${id}`,
    name: `Độ pH ${id}`,
    medium: 'wastewater',
    unit: '-',
    method: 'TCVN 6492:2011',
    place: 'field',
    analyte: 'PH',
  });
  const dust = await createParameter(request, {
    code: `BUI-${id}`,
    name: `Bụi tổng ${id}`,
    medium: 'emission',
    unit: 'mg/Nm³',
    method: 'US EPA Method 5',
    place: 'field',
  });
  return { cod, ph, dust };
}

/** BOD5 and pH of wastewater with their analytes (compared with the regulation), and one no regulation limits. */
async function analyteParameters(request: APIRequestContext, id: string) {
  const bod = await createParameter(request, {
    code: `BOD-${id}`,
    name: `Nhu cầu oxy sinh hóa BOD5 ${id}`,
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'TCVN 6001-1:2008',
    place: 'lab',
    analyte: 'BOD5',
  });
  const ph = await createParameter(request, {
    code: `PHQ-${id}`,
    name: `Độ pH ${id}`,
    medium: 'wastewater',
    unit: '-',
    method: 'TCVN 6492:2011',
    place: 'field',
    analyte: 'PH',
  });
  const smell = await createParameter(request, {
    code: `MUI-${id}`,
    name: `Mùi ${id}`,
    medium: 'wastewater',
    unit: '-',
    method: 'Cảm quan',
    place: 'field',
  });
  return { bod, ph, smell };
}

interface RegulationOption {
  id: number;
  code: string;
}

async function regulationId(request: APIRequestContext, code: string): Promise<number> {
  const res = await request.get('/api/regulations/options', { headers: auth(await adminLogin(request)) });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as RegulationOption[]).find((r) => r.code === code);
  expect(found, code).toBeDefined();
  return found!.id;
}

interface SavedSite {
  id: number;
  code: string;
  name: string;
  version: number;
  points: { id: number; code: string; plan: { parameter: { id: number }; frequency: string }[] }[];
}

async function getSite(request: APIRequestContext, id: number): Promise<SavedSite> {
  const res = await request.get(`/api/sites/${id}`, { headers: auth(await adminLogin(request)) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test.describe('Cơ sở quan trắc', () => {
  test('danh sách trống nói phải làm gì và mở trang thêm cơ sở', async ({ page }) => {
    test.setTimeout(90_000);
    await signInUi(page, ADMIN.username, ADMIN.password);
    // The list as a new company first sees it (other specs may have filled the shared database).
    await page.route(
      (url) => url.pathname === '/api/sites',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ json: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } } })
          : route.continue(),
    );
    await page.goto('/admin/monitoring/sites');
    await expect(page.getByRole('heading', { name: 'Cơ sở quan trắc', level: 3 })).toBeVisible();
    await expect(page.getByText('Chưa có cơ sở quan trắc nào. Thêm cơ sở của khách hàng')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Cơ sở quan trắc' })).toBeVisible();
    await fullShot(page, 'sites-empty');
    await page.locator('.ant-empty').getByRole('button', { name: 'Thêm cơ sở' }).click();
    await expect(page).toHaveURL(/\/admin\/monitoring\/sites\/create$/);
    await expect(page.getByRole('heading', { name: 'Thêm cơ sở quan trắc', level: 3 })).toBeVisible();
  });

  test('thêm cơ sở với hai điểm (ký hiệu trùng bị từ chối trên đúng điểm) → chi tiết → sửa kế hoạch, lịch sử → xóa', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const { cod, ph, dust } = await parameters(request, id);
    const customer = await createCustomer(request, `Công ty TNHH Thủy sản Xanh ${id}`);
    const code = `CS-${id}`.toUpperCase();
    const name = `Nhà máy chế biến thủy sản Xanh ${id}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sites') posts.push(r.postData() ?? '');
    });

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/monitoring/sites');
    await page.getByRole('button', { name: 'Thêm cơ sở' }).first().click();
    await expect(page).toHaveURL(/\/sites\/create$/);

    // Nothing filled: the site's required fields say so, in Vietnamese; nothing is sent.
    await page.locator('form').getByRole('button', { name: 'Thêm cơ sở' }).click();
    await expect(fieldItem(page, 'Mã cơ sở')).toContainText('Vui lòng nhập mã cơ sở');
    await expect(fieldItem(page, 'Khách hàng')).toContainText('Vui lòng chọn khách hàng');
    expect(posts).toEqual([]);

    await page.getByLabel('Mã cơ sở').fill(code);
    await page.getByLabel('Tên cơ sở').fill(name);
    await page.getByLabel('Khách hàng', { exact: true }).fill(customer.name);
    await dropdownOption(page, customer.code).click();
    await page.getByLabel('Tỉnh/thành phố').fill('Hưng Yên');
    await dropdownOption(page, 'Hưng Yên').click();
    await page.getByLabel('Địa chỉ cơ sở').fill('Lô C5, KCN Phố Nối A');
    await page.getByLabel('Số giấy phép môi trường').fill('123/GP-UBND');
    const date = page.getByLabel('Ngày cấp giấy phép');
    await date.click();
    await date.fill('15/03/2024');
    await date.press('Tab');

    // Point 1: NT1, wastewater, COD quarterly and pH monthly; the emission parameter is not offered.
    await page.getByRole('button', { name: 'Thêm điểm quan trắc' }).click();
    const p1 = page.getByTestId('point-card').nth(0);
    await p1.getByLabel('Ký hiệu điểm').fill('NT1');
    await p1.getByLabel('Vị trí').fill('Nước thải sau hệ thống xử lý');
    await choose(p1, page, 'Thành phần môi trường', 'Nước thải');
    // A regulation not in the catalogue: its citation typed by hand.
    await choose(p1, page, 'Quy chuẩn so sánh', 'Quy chuẩn khác (nhập tay)');
    await p1.getByLabel('Quy chuẩn áp dụng').fill('QCVN 40:2011/BTNMT');
    await p1.getByLabel('Cột').fill('B');
    await p1.getByLabel('Vĩ độ').fill('20,936512');
    await p1.getByLabel('Kinh độ').fill('106,017391');
    await p1.getByRole('button', { name: 'Thêm chỉ tiêu cho điểm 1' }).click();
    // Searched by code (other runs' wastewater parameters fill the list beyond the rows the dropdown draws): the
    // wastewater pH is offered, the emission dust is not.
    await p1.getByLabel('Chỉ tiêu 1 của điểm 1', { exact: true }).fill(ph.code);
    await expect(dropdownOption(page, ph.code)).toBeVisible();
    await p1.getByLabel('Chỉ tiêu 1 của điểm 1', { exact: true }).fill(dust.code);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(0);
    await p1.getByLabel('Chỉ tiêu 1 của điểm 1', { exact: true }).fill(cod.code);
    await dropdownOption(page, cod.code).click();
    await expect(fieldItem(p1, 'Tần suất 1 của điểm 1')).toContainText('Hằng quý');
    await p1.getByRole('button', { name: 'Thêm chỉ tiêu cho điểm 1' }).click();
    await p1.getByLabel('Chỉ tiêu 2 của điểm 1', { exact: true }).fill(ph.code);
    await dropdownOption(page, ph.code).click();
    await choose(p1, page, 'Tần suất 2 của điểm 1', 'Hằng tháng');

    // Point 2: emission, no plan, first with NT1's code again (in lower case).
    await page.getByRole('button', { name: 'Thêm điểm quan trắc' }).click();
    const p2 = page.getByTestId('point-card').nth(1);
    await p2.getByLabel('Ký hiệu điểm').fill('nt1');
    await p2.getByLabel('Vị trí').fill('Ống khói lò hơi');
    await choose(p2, page, 'Thành phần môi trường', 'Khí thải');
    await page.locator('form').getByRole('button', { name: 'Thêm cơ sở' }).click();
    await expect(fieldItem(p2, 'Ký hiệu điểm')).toContainText('Ký hiệu điểm nt1 bị trùng trong cơ sở');
    await expect(fieldItem(p1, 'Ký hiệu điểm').locator('.ant-form-item-explain-error')).toHaveCount(0);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toMatchObject({
      code,
      customer_id: customer.id,
      permit_date: '2024-03-15',
      points: [
        {
          code: 'NT1',
          medium: 'wastewater',
          latitude: 20.936512,
          longitude: 106.017391,
          plan: [
            { parameter_id: cod.id, frequency: 'quarterly' },
            { parameter_id: ph.id, frequency: 'monthly' },
          ],
        },
        { code: 'nt1', medium: 'emission', plan: [] },
      ],
    });
    await fullShot(page, 'site-form-error');

    // A plan line's error (`points.0.plan.1.parameter_id`) lands on that line of that point.
    await page.route(
      (url) => url.pathname === '/api/sites',
      (route) =>
        route.fulfill({
          status: 422,
          json: {
            message: 'Dữ liệu không hợp lệ',
            errors: [{ field: 'points.0.plan.1.parameter_id', message: 'Chỉ tiêu không thuộc thành phần môi trường của điểm.' }],
          },
        }),
      { times: 1 },
    );
    await p2.getByLabel('Ký hiệu điểm').fill('KT1');
    await page.locator('form').getByRole('button', { name: 'Thêm cơ sở' }).click();
    await expect(fieldItem(p1, 'Chỉ tiêu 2 của điểm 1')).toContainText('Chỉ tiêu không thuộc thành phần môi trường của điểm.');
    await expect(fieldItem(p1, 'Chỉ tiêu 1 của điểm 1').locator('.ant-form-item-explain-error')).toHaveCount(0);

    await page.locator('form').getByRole('button', { name: 'Thêm cơ sở' }).click();
    await expect(page.getByText(`Đã thêm cơ sở “${name}” (${code}).`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/sites\/\d+$/);
    const siteId = Number(/\/sites\/(\d+)$/.exec(page.url())![1]);

    // The detail: the site, both points, NT1's plan lines.
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(page.getByText('123/GP-UBND')).toBeVisible();
    await expect(page.getByText('15/03/2024')).toBeVisible();
    await expect(page.getByRole('link', { name: `${customer.name} (${customer.code})` })).toBeVisible();
    const points = page.getByTestId('point');
    await expect(points).toHaveCount(2);
    const nt1 = points.filter({ hasText: 'NT1' });
    await expect(nt1).toContainText('Nước thải');
    await expect(nt1).toContainText('QCVN 40:2011/BTNMT — cột B (nhập tay, không so sánh tự động)');
    await expect(nt1.getByTestId('point-limits')).toHaveCount(0);
    await expect(nt1.getByRole('link', { name: /20\.936512, 106\.017391/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=20.936512,106.017391',
    );
    await expect(nt1.getByTestId('plan-line')).toHaveText([
      new RegExp(`^${cod.code} — Hằng quý`),
      new RegExp(`^${ph.code} — Hằng tháng`),
    ]);
    const kt1 = points.filter({ hasText: 'KT1' });
    await expect(kt1).toContainText('Khí thải');
    await expect(kt1).toContainText('Chưa có chỉ tiêu nào.');
    await fullShot(page, 'site-detail');
    const before = await getSite(request, siteId);

    // Edit: drop pH from NT1; the points keep their ids.
    await page.getByRole('button', { name: 'Sửa' }).click();
    await expect(page.getByRole('heading', { name: `Sửa cơ sở: ${name}` })).toBeVisible();
    const e1 = page.getByTestId('point-card').nth(0);
    await expect(e1.getByLabel('Ký hiệu điểm')).toHaveValue('NT1');
    await expect(e1.getByTestId('plan-line')).toHaveCount(2);
    await expect(e1.getByTestId('plan-line').nth(1)).toContainText(ph.code);
    await e1.getByRole('button', { name: 'Xóa chỉ tiêu 2 của điểm 1' }).click();
    await expect(e1.getByTestId('plan-line')).toHaveCount(1);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Đã lưu cơ sở “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/monitoring/sites/${siteId}$`));
    await expect(nt1.getByTestId('plan-line')).toHaveText([new RegExp(`^${cod.code} — Hằng quý`)]);
    const after = await getSite(request, siteId);
    expect(after.points.map((p) => [p.code, p.id])).toEqual(before.points.map((p) => [p.code, p.id]));
    expect(after.points[0]!.plan.map((l) => l.parameter.id)).toEqual([cod.id]);

    // The history shows the update.
    const change = page.getByTestId('history-item').filter({ hasText: 'Cập nhật' }).first();
    await expect(change).toBeVisible();
    await expect(change).toContainText('Điểm quan trắc');
    // Read as the plans: COD and pH before, COD alone after.
    await expect(change).toContainText(`${ph.code} — Hằng tháng`);
    await fullShot(page, 'site-history');

    // The list: the site with its customer, permit, points and media.
    await page.goto(`/admin/monitoring/sites?search=${code}`);
    const row = rows(page).filter({ hasText: code });
    await expect(row).toHaveCount(1);
    for (const text of [name, customer.name, 'Hưng Yên', '123/GP-UBND', '15/03/2024', '2 điểm', 'Nước thải', 'Khí thải'])
      await expect(row).toContainText(text);
    await page.goto(`/admin/monitoring/sites?medium=emission&search=${code}`);
    await expect(rows(page).filter({ hasText: code })).toHaveCount(1);
    await page.goto(`/admin/monitoring/sites?medium=soil&search=${code}`);
    await expect(page.getByText('Không tìm thấy cơ sở nào phù hợp với điều kiện lọc')).toBeVisible();
    await page.goto('/admin/monitoring/sites');
    await expect(rows(page).first()).toBeVisible();
    await fullShot(page, 'sites-list');

    // Delete from its page, through the confirmation.
    await page.goto(`/admin/monitoring/sites/${siteId}`);
    await page.getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Xóa cơ sở quan trắc “${name}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(`Đã xóa cơ sở quan trắc “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/sites$/);
    const gone = await request.get(`/api/sites/${siteId}`, { headers: auth(await adminLogin(request)) });
    expect(gone.status()).toBe(404);
  });

  test('điểm so sánh với QCVN 40:2011/BTNMT cột B, Kq 0,9 và Kf 1,1 → giới hạn áp dụng hôm nay; hệ số bỏ trống thì cảnh báo', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const { bod, ph, smell } = await analyteParameters(request, id);
    const customer = await createCustomer(request, `Công ty CP Giấy Sông Cầu ${id}`);
    const qcvn40 = await regulationId(request, 'QCVN 40:2011/BTNMT');
    const code = `CS-QC-${id}`.toUpperCase();
    const name = `Nhà máy giấy Sông Cầu ${id}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sites') posts.push(r.postData() ?? '');
    });

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/monitoring/sites/create');
    await page.getByLabel('Mã cơ sở').fill(code);
    await page.getByLabel('Tên cơ sở').fill(name);
    await page.getByLabel('Khách hàng', { exact: true }).fill(customer.name);
    await dropdownOption(page, customer.code).click();
    await page.getByRole('button', { name: 'Thêm điểm quan trắc' }).click();
    const p1 = page.getByTestId('point-card').nth(0);
    await p1.getByLabel('Ký hiệu điểm').fill('NT1');
    await p1.getByLabel('Vị trí').fill('Nước thải sau hệ thống xử lý, trước khi xả ra sông Cầu');
    // No medium yet: no regulation to pick.
    await expect(p1.getByLabel('Quy chuẩn so sánh')).toBeDisabled();

    // An emission point is offered the emission regulations only; turned into wastewater, its regulation is cleared.
    await choose(p1, page, 'Thành phần môi trường', 'Khí thải');
    await p1.getByLabel('Quy chuẩn so sánh').click();
    await expect(dropdownOption(page, 'QCVN 19:2009/BTNMT')).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible').getByText('QCVN 40:2011/BTNMT')).toHaveCount(0);
    await dropdownOption(page, 'QCVN 19:2009/BTNMT').click();
    await expect(item(p1, 'Quy chuẩn so sánh')).toContainText('QCVN 19:2009/BTNMT');
    // Ambient air: the regulation in force first, the one it replaced marked as expired, the typed one last.
    await choose(p1, page, 'Thành phần môi trường', 'Không khí xung quanh');
    await expect(item(p1, 'Quy chuẩn so sánh')).not.toContainText('QCVN 19:2009/BTNMT');
    await p1.getByLabel('Quy chuẩn so sánh').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
      /^QCVN 05:2023\/BTNMT — [^(]+$/,
      /^QCVN 05:2013\/BTNMT — .*\(hết hiệu lực\)$/,
      'Quy chuẩn khác (nhập tay)',
    ]);
    await page.keyboard.press('Escape');
    await choose(p1, page, 'Thành phần môi trường', 'Nước thải');
    await expect(p1.getByLabel('Cột áp dụng')).toHaveCount(0);

    await choose(p1, page, 'Quy chuẩn so sánh', 'QCVN 40:2011/BTNMT');
    await choose(p1, page, 'Cột áp dụng', 'B — ');
    await expect(item(p1, 'Cột áp dụng')).toContainText('không dùng cho mục đích cấp nước sinh hoạt');
    await expect(p1.getByTestId('point-factor')).toHaveCount(2);
    // Kq: the river's row (its value is 0,9, as is the row for a river without data); the row becomes the first reason.
    await choose(p1, page, 'Hệ số Kq', 'Q ≤ 50 m³/s');
    await expect(p1.getByLabel('Căn cứ chọn Kq')).toHaveValue(/Q ≤ 50 m³\/s/);
    await p1.getByLabel('Căn cứ chọn Kq').fill('Q sông Cầu = 45 m³/s');
    await expect(p1.getByTestId('factor-preview').nth(1)).toContainText('Chưa chọn Kf');
    await choose(p1, page, 'Hệ số Kf', '50 < F ≤ 500');
    await p1.getByLabel('Căn cứ chọn Kf').fill('F = 320 m³/ngày đêm');
    await expect(p1.getByTestId('factor-preview')).toHaveText([
      'Kq = 0,9 — căn cứ: Q sông Cầu = 45 m³/s',
      'Kf = 1,1 — căn cứ: F = 320 m³/ngày đêm',
    ]);
    await expect(p1.getByTestId('factors-preview')).toContainText('C × Kq × Kf = C × 0,9 × 1,1 = C × 0,99');
    for (const [j, parameter] of [bod, ph, smell].entries()) {
      await p1.getByRole('button', { name: 'Thêm chỉ tiêu cho điểm 1' }).click();
      await p1.getByLabel(`Chỉ tiêu ${j + 1} của điểm 1`, { exact: true }).fill(parameter.code);
      await dropdownOption(page, parameter.code).click();
    }
    await p1.getByTestId('point-regulation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('site-point-regulation') });
    expect(await axeViolations(page)).toEqual([]);

    // The server's errors of a column and of a factor's value land on their own pickers. Only the first POST is
    // answered here (a GET of the list must not use up the stand-in answer).
    let answered = false;
    await page.route(
      (url) => url.pathname === '/api/sites',
      (route) => {
        if (answered || route.request().method() !== 'POST') return route.fallback();
        answered = true;
        return route.fulfill({
          status: 422,
          json: {
            message: 'Dữ liệu không hợp lệ',
            errors: [
              { field: 'points.0.regulation_column', message: 'Quy chuẩn QCVN 40:2011/BTNMT không có cột B.' },
              {
                field: 'points.0.regulation_factors.1.value',
                message: 'Giá trị 1,1 không có trong bảng hệ số Kf của QCVN 40:2011/BTNMT.',
              },
            ],
          },
        });
      },
    );
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sites');
    await page.locator('form').getByRole('button', { name: 'Thêm cơ sở' }).click();
    expect((await refused).status()).toBe(422);
    await expect(item(p1, 'Cột áp dụng')).toContainText('Quy chuẩn QCVN 40:2011/BTNMT không có cột B.');
    await expect(item(p1, 'Hệ số Kf')).toContainText('Giá trị 1,1 không có trong bảng hệ số Kf');
    await expect(item(p1, 'Hệ số Kq').locator('.ant-form-item-explain-error')).toHaveCount(0);
    await p1.getByTestId('point-regulation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('site-point-regulation-error') });
    expect(JSON.parse(posts[0]!).points[0]).toMatchObject({
      regulation_id: qcvn40,
      regulation_column: 'B',
      regulation_factors: [
        { code: 'Kq', value: '0.9', reason: 'Q sông Cầu = 45 m³/s' },
        { code: 'Kf', value: '1.1', reason: 'F = 320 m³/ngày đêm' },
      ],
    });

    await page.locator('form').getByRole('button', { name: 'Thêm cơ sở' }).click();
    await expect(page.getByText(`Đã thêm cơ sở “${name}” (${code}).`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/sites\/\d+$/);
    const siteId = Number(/\/sites\/(\d+)$/.exec(page.url())![1]);

    // The detail: the regulation, its column's meaning, the factors with their reasons, and today's limits.
    const nt1 = page.getByTestId('point').filter({ hasText: 'NT1' });
    await expect(nt1.getByTestId('point-regulation')).toContainText('QCVN 40:2011/BTNMT');
    const link = nt1.getByTestId('point-regulation').getByRole('link', { name: 'QCVN 40:2011/BTNMT' });
    // The link is drawn once the regulations' pages are registered.
    if ((await link.count()) > 0) await expect(link).toHaveAttribute('href', `/admin/regulations/${qcvn40}`);
    await expect(nt1.getByTestId('point-column')).toContainText('B — Giá trị C');
    await expect(nt1.getByTestId('point-factor')).toHaveText([
      /^Kq = 0,9 .*căn cứ: Q sông Cầu = 45 m³\/s$/,
      /^Kf = 1,1 .*căn cứ: F = 320 m³\/ngày đêm$/,
    ]);
    const limits = nt1.getByTestId('point-limits');
    await expect(limits).toContainText('Giới hạn áp dụng hôm nay');
    const bodRow = limits.locator('tr.ant-table-row').filter({ hasText: bod.code });
    await expect(bodRow.getByTestId('limit-value')).toHaveText('≤ 49,5');
    await expect(bodRow.getByTestId('limit-formula')).toHaveText('C × Kq × Kf = 50 × 0,9 × 1,1 = 49,5');
    await expect(bodRow).toContainText('mg/L');
    const phRow = limits.locator('tr.ant-table-row').filter({ hasText: ph.code });
    await expect(phRow.getByTestId('limit-value')).toHaveText('5,5–9');
    await expect(phRow).toContainText('Giá trị cố định');
    const smellRow = limits.locator('tr.ant-table-row').filter({ hasText: smell.code });
    await expect(smellRow).toContainText('không có giới hạn trong quy chuẩn');
    await expect(smellRow).toContainText('Chỉ tiêu chưa có mã chất');
    await expect(limits.getByTestId('missing-factors')).toHaveCount(0);
    await limits.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('site-point-limits') });
    expect(await axeViolations(page)).toEqual([]);

    // Edit: Kf left unchosen → the limits multiplied by it are not computed, and the page says which factor is missing.
    await page.getByRole('button', { name: 'Sửa' }).click();
    const e1 = page.getByTestId('point-card').nth(0);
    await expect(item(e1, 'Quy chuẩn so sánh')).toContainText('QCVN 40:2011/BTNMT');
    await expect(item(e1, 'Cột áp dụng')).toContainText('B — ');
    await expect(item(e1, 'Hệ số Kq')).toContainText('→ 0,9');
    await expect(e1.getByLabel('Căn cứ chọn Kq')).toHaveValue('Q sông Cầu = 45 m³/s');
    await item(e1, 'Hệ số Kf').hover();
    await item(e1, 'Hệ số Kf').locator('.ant-select-clear').click();
    await expect(e1.getByTestId('factor-preview').nth(1)).toContainText('Chưa chọn Kf');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Đã lưu cơ sở “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/monitoring/sites/${siteId}$`));
    await expect(limits.getByTestId('missing-factors')).toContainText('Chưa chọn hệ số Kf');
    await expect(bodRow.getByTestId('limit-value')).toHaveText('Chưa tính được (thiếu Kf)');
    await expect(bodRow.getByTestId('limit-formula')).toHaveText('C × Kq × Kf, C = 50');
    await expect(phRow.getByTestId('limit-value')).toHaveText('5,5–9');
    await expect(nt1.getByTestId('point-factor').nth(1)).toContainText('Kf: chưa chọn');
    const saved = await getSite(request, siteId);
    expect(saved.points[0]).toMatchObject({ regulation_factors: [{ code: 'Kq', value: '0.9' }] });
    await limits.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('site-point-limits-missing') });

    // A point naming a regulation since replaced: today's limits are the replacement's, one row per averaging period.
    const so2 = await createParameter(request, {
      code: `SO2-${id}`,
      name: `Lưu huỳnh đioxit ${id}`,
      medium: 'ambient_air',
      unit: 'µg/Nm³',
      method: 'TCVN 5971:1995',
      place: 'lab',
      analyte: 'SO2',
    });
    const air = await request.post('/api/sites', {
      headers: auth(await adminLogin(request)),
      data: {
        code: `CS-KK-${id}`,
        name: `Khu dân cư cạnh nhà máy ${id}`,
        customer_id: customer.id,
        points: [
          {
            code: 'KK1',
            name: 'Cổng bảo vệ, đầu hướng gió',
            medium: 'ambient_air',
            regulation_id: await regulationId(request, 'QCVN 05:2013/BTNMT'),
            regulation_column: 'GH',
            plan: [{ parameter_id: so2.id, frequency: 'quarterly' }],
          },
        ],
      },
    });
    expect(air.status(), await air.text()).toBe(201);
    await page.goto(`/admin/monitoring/sites/${((await air.json()) as { id: number }).id}`);
    const kk1 = page.getByTestId('point').filter({ hasText: 'KK1' });
    await expect(kk1.getByTestId('point-regulation')).toContainText('QCVN 05:2013/BTNMT');
    await expect(kk1.getByTestId('point-regulation')).toContainText('hết hiệu lực');
    await expect(kk1.getByTestId('point-limits')).toContainText(
      'QCVN 05:2013/BTNMT đã được thay thế: hôm nay áp dụng QCVN 05:2023/BTNMT.',
    );
    const so2Rows = kk1.getByTestId('point-limits').locator('tr.ant-table-row');
    await expect(so2Rows).toHaveCount(3);
    await expect(so2Rows.getByTestId('limit-value')).toHaveText(['≤ 350', '≤ 125', '≤ 50']);
    await expect(so2Rows.nth(1)).toContainText('24 giờ');
  });

  test('người không có quyền quan trắc gặp trang 403', async ({ page, request }) => {
    test.setTimeout(120_000);
    const id = unique();
    const token = await adminLogin(request);
    const customer = await createCustomer(request, `Công ty Bảo mật ${id}`);
    const res = await request.post('/api/sites', {
      headers: auth(token),
      data: { code: `CS-403-${id}`, name: `Cơ sở kín ${id}`, customer_id: customer.id, points: [] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const site = (await res.json()) as { id: number };
    const none = await createRole(request, token, { code: `khong-cs-${id}`, name: `Không quan trắc ${id}`, permissions: [] });
    await createUser(request, token, {
      name: `Lê Văn Ngoài ${id}`,
      username: `ngoai.${id}`,
      password: PASSWORD,
      role_id: none.id,
    });

    await signInUi(page, `ngoai.${id}`, PASSWORD);
    await expect(sidebar(page).getByText('Cơ sở quan trắc', { exact: true })).toHaveCount(0);
    for (const path of [
      '/admin/monitoring/sites',
      '/admin/monitoring/sites/create',
      `/admin/monitoring/sites/${site.id}`,
      `/admin/monitoring/sites/${site.id}/edit`,
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/403$/);
      await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
    }
  });

  test('trên điện thoại 390 px: chi tiết và biểu mẫu một cột, không cuộn ngang', async ({ browser, request }) => {
    test.setTimeout(150_000);
    const id = unique();
    const { cod, ph } = await parameters(request, id);
    const customer = await createCustomer(request, `Công ty Cổ phần Dệt nhuộm Phương Nam ${id}`);
    const qcvn40 = await regulationId(request, 'QCVN 40:2011/BTNMT');
    const token = await adminLogin(request);
    const res = await request.post('/api/sites', {
      headers: auth(token),
      data: {
        code: `CS-DT-${id}`,
        name: `Xưởng dệt nhuộm Phương Nam — cơ sở 2 ${id}`,
        customer_id: customer.id,
        address: 'Đường số 7, KCN Tân Tạo',
        province: 'Hồ Chí Minh',
        latitude: 10.751234,
        longitude: 106.589876,
        permit_number: '456/GPMT-UBND',
        permit_date: '2023-11-20',
        points: [
          {
            code: 'NT1',
            name: 'Nước thải sau hệ thống xử lý tập trung, trước khi đấu nối vào KCN',
            medium: 'wastewater',
            latitude: 10.751,
            longitude: 106.5899,
            // Kf left unchosen: COD's limit waits for it.
            regulation_id: qcvn40,
            regulation_column: 'B',
            regulation_factors: [{ code: 'Kq', value: '1', reason: 'Q kênh Tân Hóa – Lò Gốm khoảng 120 m³/s' }],
            plan: [
              { parameter_id: cod.id, frequency: 'quarterly' },
              { parameter_id: ph.id, frequency: 'monthly' },
            ],
          },
          { code: 'KT1', name: 'Ống khói lò hơi đốt than', medium: 'emission', regulation: 'QCVN 19:2009/BTNMT' },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const site = (await res.json()) as { id: number };

    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await useToken(page, token);
    await page.goto(`/admin/monitoring/sites/${site.id}`);
    await expect(page.getByTestId('point')).toHaveCount(2);
    await expect(page.getByTestId('point').first().getByTestId('plan-line')).toHaveCount(2);
    // The limits table keeps its columns and scrolls inside its own box, not the page.
    const limits = page.getByTestId('point').first().getByTestId('point-limits');
    await expect(limits.getByTestId('missing-factors')).toContainText('Chưa chọn hệ số Kf');
    await expect(limits.locator('tr.ant-table-row').filter({ hasText: ph.code }).getByTestId('limit-value')).toHaveText('5,5–9');
    await expect(limits.getByText('Vuốt ngang để xem thêm')).toBeVisible();
    const box = limits.locator('.ant-table-content, .ant-table-body').first();
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'site-phone-detail');
    await limits.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('site-phone-limits') });

    await page.goto(`/admin/monitoring/sites/${site.id}/edit`);
    const p1 = page.getByTestId('point-card').nth(0);
    await expect(p1.getByLabel('Ký hiệu điểm')).toHaveValue('NT1');
    await expect(p1.getByTestId('plan-line')).toHaveCount(2);
    // One column: the point's code above its location, both the card's width.
    const codeBox = (await fieldItem(p1, 'Ký hiệu điểm').boundingBox())!;
    const placeBox = (await fieldItem(p1, 'Vị trí').boundingBox())!;
    expect(Math.abs(codeBox.x - placeBox.x)).toBeLessThan(1);
    expect(placeBox.y).toBeGreaterThan(codeBox.y + codeBox.height - 1);
    // The regulation, its column and each factor: one under the other.
    const regulationBox = (await item(p1, 'Quy chuẩn so sánh').boundingBox())!;
    const columnBox = (await item(p1, 'Cột áp dụng').boundingBox())!;
    const kqBox = (await item(p1, 'Hệ số Kq').boundingBox())!;
    const kfBox = (await item(p1, 'Hệ số Kf').boundingBox())!;
    for (const b of [columnBox, kqBox, kfBox]) expect(Math.abs(b.x - regulationBox.x)).toBeLessThan(1);
    expect(columnBox.y).toBeGreaterThan(regulationBox.y + regulationBox.height - 1);
    expect(kfBox.y).toBeGreaterThan(kqBox.y + kqBox.height - 1);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'site-phone-form');
    await p1.getByTestId('point-regulation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('site-phone-regulation') });

    await page.goto(`/admin/monitoring/sites?search=CS-DT-${id}`);
    await expect(page.locator('.qlcv-phone-card').filter({ hasText: `CS-DT-${id}` })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});
