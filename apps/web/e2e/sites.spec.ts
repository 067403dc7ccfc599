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
const dropdownOption = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
const choose = async (scope: Page | Locator, page: Page, label: string, option: string) => {
  await scope.getByLabel(label).click();
  await dropdownOption(page, option).click();
};

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
  });
  const ph = await createParameter(request, {
    code: `PH-${id}`,
    name: `Độ pH ${id}`,
    medium: 'wastewater',
    unit: '-',
    method: 'TCVN 6492:2011',
    place: 'field',
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
    await expect(nt1).toContainText('QCVN 40:2011/BTNMT — cột B');
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
            regulation: 'QCVN 40:2011/BTNMT',
            regulation_column: 'B',
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
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'site-phone-detail');

    await page.goto(`/admin/monitoring/sites/${site.id}/edit`);
    const p1 = page.getByTestId('point-card').nth(0);
    await expect(p1.getByLabel('Ký hiệu điểm')).toHaveValue('NT1');
    await expect(p1.getByTestId('plan-line')).toHaveCount(2);
    // One column: the point's code above its location, both the card's width.
    const codeBox = (await fieldItem(p1, 'Ký hiệu điểm').boundingBox())!;
    const placeBox = (await fieldItem(p1, 'Vị trí').boundingBox())!;
    expect(Math.abs(codeBox.x - placeBox.x)).toBeLessThan(1);
    expect(placeBox.y).toBeGreaterThan(codeBox.y + codeBox.height - 1);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'site-phone-form');

    await page.goto(`/admin/monitoring/sites?search=CS-DT-${id}`);
    await expect(page.locator('.qlcv-phone-card').filter({ hasText: `CS-DT-${id}` })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});
