import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from './attendance-helpers';
import { adminLogin, apiLogin, createRole, createUser, randomMobile, unique, useToken } from './helpers';

// Issue 24 part 3: a monitoring programme made from a signed contract generates its rounds; rounds move one by one.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return res.json() as Promise<T>;
}

/** A dye house with two points and their plans, and a contract for next year signed by a director. */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const parameter = (code: string, name: string, medium: string, unit: string) =>
    post<{ id: number; code: string }>(request, token, '/api/parameters', {
      code: `${code}-${id}`,
      name: `${name} ${id}`,
      medium,
      unit,
      method: 'SMEWW 5220C:2017',
      place: 'lab',
    });
  const cod = await parameter('COD', 'Nhu cầu oxy hóa học', 'wastewater', 'mg/L');
  const metal = await parameter('CR', 'Crom (VI)', 'wastewater', 'mg/L');
  const dust = await parameter('BUI', 'Bụi tổng', 'emission', 'mg/Nm³');
  const customer = await post<{ id: number; name: string }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty Dệt nhuộm Phố Nối ${id}`,
  });
  const site = await post<{ id: number; code: string; name: string }>(request, token, '/api/sites', {
    code: `CS-${id}`,
    name: `Nhà máy dệt nhuộm Phố Nối ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau hệ thống xử lý',
        medium: 'wastewater',
        plan: [
          { parameter_id: cod.id, frequency: 'quarterly' },
          { parameter_id: metal.id, frequency: 'half_yearly' },
        ],
      },
      { code: 'KT1', name: 'Ống khói lò hơi', medium: 'emission', plan: [{ parameter_id: dust.id, frequency: 'yearly' }] },
    ],
  });
  const year = new Date().getFullYear() + 1;
  const contract = await post<{ id: number; number: string }>(request, token, '/api/contracts', {
    customer_id: customer.id,
    title: `Quan trắc môi trường định kỳ năm ${year} ${id}`,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
    items: [{ name: 'Quan trắc nước thải', unit_name: 'Đợt', quantity: 4, unit_price: 6_500_000, vat_rate: '10' }],
  });
  const board = await createRole(request, token, {
    code: `gd-ct-${id}`,
    name: `Giám đốc ${id}`,
    permissions: ['contracts.index', 'contracts.show', 'contracts.approve'],
  });
  const director = { name: `Trần Minh Đức ${id}`, username: `duc.${id}`, password: 'Matkhau@2026' };
  await createUser(request, token, { ...director, role_id: board.id, mobile: randomMobile() });
  const directorToken = await apiLogin(request, director.username, director.password);
  await post(request, token, `/api/contracts/${contract.id}/submit`, {}, 200);
  await post(request, directorToken, `/api/contracts/${contract.id}/sign`, { signed_date: `${year - 1}-11-20` }, 200);
  return { token, customer, site, contract, year, cod, metal, dust };
}

test.describe('Chương trình quan trắc', () => {
  test('lập chương trình từ hợp đồng đã ký: các đợt theo quý, ghi nhận một đợt, lịch sử', async ({ page, request }) => {
    test.setTimeout(90_000);
    const id = unique();
    const s = await setup(request, id);
    await useToken(page, s.token);

    // The contract's page: no programme yet, the button to make one.
    await page.goto(`/admin/contracts/${s.contract.id}`);
    const card = page.getByTestId('contract-programs');
    await expect(card).toContainText('Hợp đồng chưa có chương trình quan trắc nào.');
    await card.getByRole('button', { name: 'Lập chương trình quan trắc' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/monitoring/programs/create\\?contract_id=${s.contract.id}$`));
    await expect(page.getByText(`Theo hợp đồng ${s.contract.number}`)).toBeVisible();

    // Sent without a site: the rule's message, nothing saved.
    await page.getByRole('button', { name: 'Lập chương trình' }).click();
    await expect(page.getByText('Vui lòng chọn cơ sở quan trắc')).toBeVisible();
    await fullShot(page, 'programs-form-error');

    // The site: its plan ticked, code and name suggested, four quarters previewed.
    await page.getByLabel('Cơ sở quan trắc').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: s.site.name }).click();
    await expect(page.getByLabel('Mã chương trình')).toHaveValue(`CT-${s.site.code}-${s.year}`);
    await expect(page.getByLabel(`COD-${id} — Hằng quý`)).toBeChecked();
    await expect(page.getByLabel(`BUI-${id} — Hằng năm`)).toBeChecked();
    const preview = page.getByTestId('round-preview');
    await expect(preview).toContainText('Các đợt quan trắc (4)');
    await expect(preview).toContainText(`Quý I/${s.year} — hạn 31/03/${s.year}`);
    await expect(preview).toContainText(`Quý IV/${s.year} — hạn 31/12/${s.year}`);
    // Unticking the only quarterly line leaves the half-yearly and yearly ones: two rounds.
    await page.getByLabel(`COD-${id} — Hằng quý`).uncheck();
    await expect(preview).toContainText('Các đợt quan trắc (2)');
    await expect(preview).toContainText(`6 tháng đầu năm ${s.year}`);
    await page.getByLabel(`COD-${id} — Hằng quý`).check();
    await expect(preview).toContainText('Các đợt quan trắc (4)');
    await fullShot(page, 'programs-form');

    await page.getByRole('button', { name: 'Lập chương trình' }).click();
    await expect(page).toHaveURL(/\/admin\/monitoring\/programs\/\d+$/);
    await expect(page.getByText(`Đã lập chương trình`)).toBeVisible();
    const rounds = page.getByTestId('round-row');
    await expect(rounds).toHaveCount(4);
    await expect(rounds.first()).toContainText(`Quý I/${s.year}`);
    await expect(rounds.first()).toContainText('Chưa thực hiện');
    await expect(page.getByTestId('program-progress').first()).toContainText('0/4 đợt');
    await expect(page.getByText(`${s.contract.number}`).first()).toBeVisible();

    // The first quarter done: progress 1/4, the round's state and who, in the history too.
    await page.getByRole('button', { name: `Ghi nhận đợt Quý I/${s.year} đã thực hiện` }).click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await dialog.getByRole('button', { name: 'Đã thực hiện' }).click();
    await expect(dialog).toBeHidden();
    await expect(rounds.first()).toContainText('Đã thực hiện');
    await expect(page.getByTestId('program-progress').first()).toContainText('1/4 đợt');
    await expect(page.getByTestId('history-item').first()).toContainText(`Ghi nhận đợt Quý I/${s.year} đã thực hiện`);
    await fullShot(page, 'programs-show');

    // The period is fixed now: an edit that changes it is refused with the reason.
    await page.getByRole('button', { name: 'Sửa' }).first().click();
    await expect(page).toHaveURL(/\/edit$/);
    await page.getByLabel(`BUI-${id} — Hằng năm`).uncheck();
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Chương trình đã có đợt đã thực hiện hoặc đã hủy')).toBeVisible();

    // The contract's page lists it with its progress.
    await page.goto(`/admin/contracts/${s.contract.id}`);
    await expect(card).toContainText('Chương trình quan trắc (1)');
    await expect(card).toContainText(s.site.name);
    await expect(card.getByTestId('program-progress')).toContainText('1/4 đợt');
  });

  test('danh sách: lọc chương trình có đợt trễ hạn; trên điện thoại không tràn ngang', async ({ page, request }) => {
    const id = unique();
    const s = await setup(request, id);
    // Last year's programme without a contract: every round past due.
    const last = s.year - 2;
    const late = await post<{ id: number; name: string }>(request, s.token, '/api/monitoring-programs', {
      code: `CT-TRE-${id}`,
      name: `Quan trắc năm ${last} ${id}`,
      site_id: s.site.id,
      start_date: `${last}-01-01`,
      end_date: `${last}-12-31`,
    });
    await useToken(page, s.token);
    await page.goto(`/admin/monitoring/programs?search=${id}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: late.name });
    await expect(row).toContainText('0/4 đợt · 4 trễ hạn');
    await page.getByLabel('Lọc theo tiến độ').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Có đợt trễ hạn' }).click();
    await expect(page).toHaveURL(/late=true/);
    await expect(row).toBeVisible();
    await fullShot(page, 'programs-list');
    // A search that matches nothing: the empty state.
    await page.goto('/admin/monitoring/programs?search=khong-co-chuong-trinh-nay');
    await expect(page.getByText('Không tìm thấy chương trình nào phù hợp với điều kiện lọc')).toBeVisible();

    await page.setViewportSize(PHONE);
    await page.goto(`/admin/monitoring/programs/${late.id}`);
    await expect(page.getByTestId('round-row')).toHaveCount(4);
    await expect(page.getByTestId('round-row').first()).toContainText('Trễ hạn');
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'programs-show-phone');
  });
});
