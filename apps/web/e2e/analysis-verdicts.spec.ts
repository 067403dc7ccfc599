import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD } from './attendance-helpers';
import { pickOption, signInUi, unique } from './helpers';
import { releasedExceedance } from './lab-world';

// Issue 25 part 3 (screens): a wastewater point under a regulation's column B with Kq and Kf; COD above its limit is
// released; the analysis page shows "Vượt" with the ratio and the formula, the trend chart, and the customer's page the
// year's exceedance — at desktop and 390 px.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
async function setup(request: APIRequestContext, id: string) {
  const w = await releasedExceedance(request, id);
  const { regulation, sample, verifier, owner } = w;
  return { analysisId: w.released[0]!.id, customerId: w.customer.id, regulation, sample, verifier, owner };
}

async function checkAnalysis(page: Page, w: Awaited<ReturnType<typeof setup>>, suffix: string) {
  await page.goto(`/admin/monitoring/analyses/${w.analysisId}`);
  const card = page.getByTestId('analysis-verdict-card');
  await expect(card.getByTestId('analysis-verdict')).toHaveText('Vượt · gấp 1,21 lần');
  await expect(card.getByTestId('analysis-limit-formula')).toHaveText('C × Kq × Kf = 150 × 0,9 × 1,1 = 148,5');
  await expect(card).toContainText(`${w.regulation.code}, cột B`);
  await expect(card).toContainText('vượt 31,5 mg/L');
  const chart = page.getByTestId('analysis-trend-card');
  await expect(chart.getByTestId('trend-chart')).toBeVisible();
  await expect(chart.locator('.recharts-surface')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`verdict-analysis-${suffix}`), fullPage: true });
  await page.goto(`/admin/customers/${w.customerId}`);
  const ex = page.getByTestId('customer-exceedances');
  await expect(ex.getByRole('link', { name: new RegExp(w.sample.code) })).toBeVisible();
  await ex.scrollIntoViewIfNeeded();
  await ex.screenshot({ path: shot(`verdict-exceedances-${suffix}`) });
  await ex.getByRole('link', { name: new RegExp(w.sample.code) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/monitoring/analyses/${w.analysisId}$`));
}

test.describe('So sánh với quy chuẩn', () => {
  test('kết quả vượt: đánh giá, công thức, biểu đồ, vượt quy chuẩn của khách hàng; 390 px', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const w = await setup(request, unique());
    await signInUi(page, 'admin', 'Admin@12345');
    await checkAnalysis(page, w, 'desktop');
    // The list finds every exceedance by its verdict.
    await page.goto('/admin/monitoring/analyses');
    await pickOption(page, 'Lọc theo so với quy chuẩn', 'Vượt');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/verdict=exceeded/);
    await expect(page.getByRole('row').filter({ hasText: w.sample.code })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Đạt' })).toHaveCount(0);
    // The programme's author, who holds no laboratory key, is told (analysis.exceeded); the notification opens the
    // released result read-only, and the customer's page shows them the exceedance.
    const context = await browser.newContext({ baseURL });
    const owner = await context.newPage();
    await signInUi(owner, w.owner.username, PASSWORD);
    await expect(async () => {
      await owner.goto('/admin/notifications');
      await expect(owner.getByTestId('notification-row').filter({ hasText: w.sample.code }).first()).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 45_000 });
    await owner.getByTestId('notification-row').filter({ hasText: w.sample.code }).first().click();
    await expect(owner).toHaveURL(new RegExp(`/admin/monitoring/analyses/${w.analysisId}$`));
    await expect(owner.getByTestId('analysis-verdict')).toHaveText('Vượt · gấp 1,21 lần');
    await expect(owner.getByRole('button', { name: /Soát xét|Phát hành|Trả lại|Nhập kết quả/ })).toHaveCount(0);
    await owner.screenshot({ path: shot('verdict-analysis-owner'), fullPage: true });
    await context.close();
    await page.setViewportSize({ width: 390, height: 844 });
    await checkAnalysis(page, w, 'phone');
  });
});
