import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from './attendance-helpers';
import { ADMIN, adminLogin, createRole, createUser, sidebar, signInUi, unique, useToken } from './helpers';

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PASSWORD = 'Matkhau@2026';
/** The form item around a labelled field, where its error shows. */
const fieldItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
/** A full-page picture from the top (a sticky header would otherwise be drawn where the page was scrolled to). */
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};
const choose = async (page: Page, label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};

interface Saved {
  id: number;
  code: string;
  name: string;
  lod: string | null;
  loq: string | null;
  service: { id: number; code: string; name: string } | null;
}

async function createParameter(request: APIRequestContext, data: Record<string, unknown>): Promise<Saved> {
  const token = await adminLogin(request);
  const res = await request.post('/api/parameters', { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A catalogue service (and its unit) the parameter's price comes from. */
async function createService(request: APIRequestContext, id: string): Promise<{ id: number; code: string; name: string }> {
  const token = await adminLogin(request);
  const unit = await request.post('/api/units', { headers: auth(token), data: { code: `CT-${id}`, name: `chỉ tiêu ${id}` } });
  expect(unit.status(), await unit.text()).toBe(201);
  const res = await request.post('/api/services', {
    headers: auth(token),
    data: {
      code: `PT-COD-${id}`,
      name: `Phân tích COD nước thải ${id}`,
      group: 'Phân tích thí nghiệm',
      unit_id: ((await unit.json()) as { id: number }).id,
      unit_price: 180000,
      vat_rate: '10',
      vat_reducible: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test.describe('Danh mục chỉ tiêu quan trắc', () => {
  test('danh mục trống nói phải làm gì và mở trang thêm chỉ tiêu', async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
    // The catalogue as a new company first sees it (other specs may have filled the shared database).
    await page.route(
      (url) => url.pathname === '/api/parameters',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ json: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } } })
          : route.continue(),
    );
    await page.goto('/admin/monitoring/parameters');
    await expect(page.getByRole('heading', { name: 'Danh mục chỉ tiêu quan trắc', level: 3 })).toBeVisible();
    await expect(page.getByText('Chưa có chỉ tiêu nào. Thêm các chỉ tiêu công ty đo', { exact: false })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Chỉ tiêu quan trắc' })).toBeVisible();
    await fullShot(page, 'parameters-empty');
    await page.locator('.ant-empty').getByRole('button', { name: 'Thêm chỉ tiêu' }).click();
    await expect(page).toHaveURL(/\/admin\/monitoring\/parameters\/create$/);
    await expect(page.getByRole('heading', { name: 'Thêm chỉ tiêu', level: 3 })).toBeVisible();
  });

  test('thêm (LOQ < LOD, mã trùng bị từ chối) → lọc theo thành phần, LOD giữ như đã nhập → sửa (lịch sử) → xóa', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const id = unique();
    const code = `NT-COD-${id}`;
    const name = `Nhu cầu oxy hóa học COD ${id}`;
    const service = await createService(request, id);
    // Another medium, and the code the form first tries again.
    const other = await createParameter(request, {
      code: `NM-DO-${id}`,
      name: `Oxy hòa tan DO ${id}`,
      medium: 'surface_water',
      unit: 'mg/L',
      method: 'TCVN 7325:2016',
      place: 'field',
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/parameters') posts.push(r.postData() ?? '');
    });

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/monitoring/parameters');
    await page.getByRole('button', { name: 'Thêm chỉ tiêu' }).first().click();
    await expect(page).toHaveURL(/\/parameters\/create$/);
    for (const section of ['Chỉ tiêu', 'Giới hạn và bảo quản', 'Công nhận và giá'])
      await expect(page.locator('.ant-card-head-title').getByText(section, { exact: true })).toBeVisible();

    // Nothing filled: each required field says so, in Vietnamese.
    await page.locator('form').getByRole('button', { name: 'Thêm chỉ tiêu' }).click();
    await expect(fieldItem(page, 'Mã chỉ tiêu')).toContainText('Vui lòng nhập mã chỉ tiêu');
    await expect(fieldItem(page, 'Thành phần môi trường')).toContainText('Vui lòng chọn thành phần môi trường');
    await expect(fieldItem(page, 'Phương pháp')).toContainText('Vui lòng nhập phương pháp');

    await page.getByLabel('Mã chỉ tiêu').fill(other.code);
    await page.getByLabel('Tên chỉ tiêu').fill(name);
    await choose(page, 'Thành phần môi trường', 'Nước thải');
    await page.getByLabel('Đơn vị đo').fill('mg/L');
    await page.getByLabel('Phương pháp').fill('SMEWW 5220C:2017');
    // The analyte compared with the regulations: typed in small letters, it reads in capitals.
    await page.getByLabel('Mã chất (so sánh với quy chuẩn)').fill('cod');
    await expect(page.getByLabel('Mã chất (so sánh với quy chuẩn)')).toHaveValue('COD');
    await expect(fieldItem(page, 'Mã chất (so sánh với quy chuẩn)')).toContainText('BOD5, COD, TSS');
    await page.getByLabel('Giới hạn phát hiện (LOD)').fill('0,050');
    await page.getByLabel('Giới hạn định lượng (LOQ)').fill('0,01');
    await page.getByLabel('Thời gian lưu mẫu').fill('48');
    await page.getByLabel('Cách bảo quản mẫu').fill('Axit hóa bằng H₂SO₄ đến pH < 2, bảo quản lạnh 2–6 °C');
    await page.getByRole('switch', { name: 'VIMCERTS' }).click();
    await page.getByLabel('Dịch vụ tính giá').fill(`PT-COD-${id}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: service.name }).click();
    await page.locator('form').getByRole('button', { name: 'Thêm chỉ tiêu' }).click();
    // LOQ below LOD: refused on the LOQ field, nothing sent.
    await expect(fieldItem(page, 'Giới hạn định lượng (LOQ)')).toContainText(
      'Giới hạn định lượng (LOQ) không được nhỏ hơn giới hạn phát hiện (LOD)',
    );
    await fullShot(page, 'parameter-form-errors');
    expect(posts).toEqual([]);

    // A limit that is not a decimal number is the form's error too.
    await page.getByLabel('Giới hạn định lượng (LOQ)').fill('0,1,5');
    await expect(fieldItem(page, 'Giới hạn định lượng (LOQ)')).toContainText('phải là số thập phân không âm');
    await page.getByLabel('Giới hạn định lượng (LOQ)').fill('0,15');
    await expect(fieldItem(page, 'Giới hạn định lượng (LOQ)').locator('.ant-form-item-explain-error')).toHaveCount(0);

    // The code another parameter holds: the server refuses it, under the code.
    await page.locator('form').getByRole('button', { name: 'Thêm chỉ tiêu' }).click();
    await expect(fieldItem(page, 'Mã chỉ tiêu')).toContainText('Mã chỉ tiêu đã tồn tại.');
    expect(posts).toHaveLength(1);
    // The limits went out as typed, never as a float.
    expect(JSON.parse(posts[0]!)).toMatchObject({ lod: '0,050', loq: '0,15', holding_hours: 48, vimcerts: true, analyte: 'COD' });

    await page.getByLabel('Mã chỉ tiêu').fill(code);
    await page.locator('form').getByRole('button', { name: 'Thêm chỉ tiêu' }).click();
    await expect(page.getByText(`Đã thêm chỉ tiêu “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/parameters$/);

    // The API keeps the significant figures: "0.050", not 0.05.
    const token = await adminLogin(request);
    const listed = await request.get(`/api/parameters?search=${code}`, { headers: auth(token) });
    const saved = ((await listed.json()) as { data: Saved[] }).data[0]!;
    expect(saved).toMatchObject({ code, lod: '0.050', loq: '0.15', service: { id: service.id }, analyte: 'COD' });

    // Filtered by medium: ours is there, with its limits as typed; the surface-water one is not.
    await choose(page, 'Lọc theo thành phần môi trường', 'Nước thải');
    await expect(page).toHaveURL(/medium=wastewater/);
    const ours = rows(page).filter({ hasText: code });
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(name);
    await expect(ours).toContainText('Nước thải');
    await expect(ours).toContainText('SMEWW 5220C:2017');
    await expect(ours).toContainText('Phòng thí nghiệm');
    await expect(ours).toContainText('0,050 / 0,15');
    await expect(ours).toContainText('48 giờ');
    await expect(ours).toContainText('VIMCERTS');
    await expect(ours.getByTestId('parameter-analyte')).toHaveText('Mã chất: COD');
    await expect(rows(page).filter({ hasText: other.code })).toHaveCount(0);
    await fullShot(page, 'parameters-list');
    // A wide screen gives the method and the recognitions their own columns.
    await page.setViewportSize({ width: 1700, height: 800 });
    await expect(page.getByRole('columnheader', { name: 'Phương pháp' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Công nhận' })).toBeVisible();
    await fullShot(page, 'parameters-list-wide');
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByRole('columnheader', { name: 'Phương pháp' })).toHaveCount(0);

    // Edit: the limits come back as saved, a change shows in the history.
    await ours.getByRole('button', { name: `Sửa chỉ tiêu ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Sửa chỉ tiêu: ${name}` })).toBeVisible();
    await expect(page.getByLabel('Giới hạn phát hiện (LOD)')).toHaveValue('0,050');
    await expect(page.getByLabel('Thời gian lưu mẫu')).toHaveValue('48');
    await expect(page.getByLabel('Mã chất (so sánh với quy chuẩn)')).toHaveValue('COD');
    // An analyte that is not a key: refused on the field, in Vietnamese.
    await page.getByLabel('Mã chất (so sánh với quy chuẩn)').fill('BOD 5');
    await expect(fieldItem(page, 'Mã chất (so sánh với quy chuẩn)')).toContainText('Mã chất gồm chữ in hoa không dấu');
    await page.getByLabel('Mã chất (so sánh với quy chuẩn)').fill('COD');
    await expect(fieldItem(page, 'Dịch vụ tính giá')).toContainText(service.name);
    await page.getByLabel('Giới hạn định lượng (LOQ)').fill('0,20');
    await page.getByRole('switch', { name: 'VILAS' }).click();
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Đã lưu chỉ tiêu “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/parameters$/);
    await choose(page, 'Lọc theo thành phần môi trường', 'Nước thải');
    await expect(page).toHaveURL(/medium=wastewater/);
    await expect(ours).toContainText('0,050 / 0,20');
    await expect(ours).toContainText('VILAS');

    await ours.getByRole('link', { name }).click();
    const change = page.getByTestId('history-item').filter({ hasText: 'Cập nhật' }).first();
    await expect(change).toContainText('LOQ');
    await expect(change).toContainText('0,15');
    await expect(change).toContainText('0,20');
    await expect(change).toContainText('VILAS');
    await expect(change).not.toContainText('Mã chất');
    await fullShot(page, 'parameter-edit-history');

    // Delete from its page, through the confirmation.
    await page.getByRole('button', { name: `Xóa chỉ tiêu ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Xóa chỉ tiêu “${name}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(`Đã xóa chỉ tiêu “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/parameters$/);
    expect((await request.get(`/api/parameters/${saved.id}`, { headers: auth(token) })).status()).toBe(404);
  });

  test('người không có quyền quan trắc gặp trang 403; người chỉ xem danh mục không thấy nút thêm, sửa', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    const token = await adminLogin(request);
    const none = await createRole(request, token, { code: `khong-qt-${id}`, name: `Không quan trắc ${id}`, permissions: [] });
    await createUser(request, token, { name: `Lê Văn Khác ${id}`, username: `khac.${id}`, password: PASSWORD, role_id: none.id });
    const reader = await createRole(request, token, {
      code: `xem-qt-${id}`,
      name: `Xem chỉ tiêu ${id}`,
      permissions: ['monitoring.index'],
    });
    await createUser(request, token, {
      name: `Phạm Thị Xem ${id}`,
      username: `xemqt.${id}`,
      password: PASSWORD,
      role_id: reader.id,
    });
    const p = await createParameter(request, {
      code: `KT-BUI-${id}`,
      name: `Bụi tổng ${id}`,
      medium: 'emission',
      unit: 'mg/Nm³',
      method: 'US EPA Method 5',
      place: 'field',
      lod: '0.5',
    });

    await signInUi(page, `khac.${id}`, PASSWORD);
    // The "Quan trắc" group still shows, with the regulations (QCVN) alone: everyone signed in reads them.
    await sidebar(page).getByText('Quan trắc', { exact: true }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Quy chuẩn kỹ thuật' })).toBeVisible();
    await expect(sidebar(page).getByText('Chỉ tiêu quan trắc', { exact: true })).toHaveCount(0);
    for (const path of [
      '/admin/monitoring/parameters',
      '/admin/monitoring/parameters/create',
      `/admin/monitoring/parameters/${p.id}/edit`,
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/403$/);
      await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
    }

    // The 403 page is bare: sign out from the dashboard.
    await page.goto('/admin');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await signInUi(page, `xemqt.${id}`, PASSWORD);
    await page.goto('/admin/monitoring/parameters');
    await expect(page.getByRole('heading', { name: 'Danh mục chỉ tiêu quan trắc', level: 3 })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Chỉ tiêu quan trắc' })).toBeVisible();
    await page.getByPlaceholder('Tìm theo mã, tên, phương pháp').fill(p.code);
    await expect(rows(page).filter({ hasText: p.code })).toContainText('0,5');
    await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thêm chỉ tiêu' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Thao tác' })).toHaveCount(0);
    await expect(rows(page).getByRole('link', { name: p.name })).toHaveCount(0);
    await page.goto(`/admin/monitoring/parameters/${p.id}/edit`);
    await expect(page).toHaveURL(/\/403$/);
  });

  test('trên điện thoại 390 px: danh sách thành thẻ, biểu mẫu một cột, không cuộn ngang', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const id = unique();
    const p = await createParameter(request, {
      code: `NT-TSS-${id}`,
      name: `Tổng chất rắn lơ lửng TSS ${id}`,
      medium: 'wastewater',
      unit: 'mg/L',
      method: 'TCVN 6625:2000 (ISO 11923:1997)',
      place: 'lab',
      lod: '2.0',
      loq: '6.0',
      holding_hours: 168,
      vimcerts: true,
      vilas: true,
    });
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
    await useToken(page, await adminLogin(request));
    await page.goto(`/admin/monitoring/parameters?search=${p.code}`);
    const card = page.locator('.qlcv-phone-card').filter({ hasText: p.code });
    await expect(card).toHaveCount(1);
    for (const text of [p.name, 'Thành phần môi trường', 'Nước thải', 'Phương pháp', 'TCVN 6625:2000', '2,0 / 6,0'])
      await expect(card).toContainText(text);
    await expectNoSidewaysScroll(page);
    await page.goto('/admin/monitoring/parameters');
    await expect(page.locator('.qlcv-phone-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'parameters-phone-list');

    await page.goto('/admin/monitoring/parameters/create');
    await page.getByLabel('Giới hạn phát hiện (LOD)').fill('0,5');
    await page.getByLabel('Giới hạn định lượng (LOQ)').fill('0,1');
    await page.getByRole('button', { name: 'Thêm chỉ tiêu' }).click();
    await expect(fieldItem(page, 'Giới hạn định lượng (LOQ)')).toContainText('không được nhỏ hơn giới hạn phát hiện');
    // One column: LOD above LOQ, both the card's width.
    const lod = (await fieldItem(page, 'Giới hạn phát hiện (LOD)').boundingBox())!;
    const loq = (await fieldItem(page, 'Giới hạn định lượng (LOQ)').boundingBox())!;
    expect(Math.abs(lod.x - loq.x)).toBeLessThan(1);
    expect(loq.y).toBeGreaterThan(lod.y + lod.height - 1);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'parameter-phone-form');
    await context.close();
  });
});
