import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { Dashboard, DashboardCardKey } from '@qlcv/common/schemas/dashboard';
import { ADMIN, adminLogin, apiLogin, createRole, createUser, randomMobile, signInUi, unique } from './helpers';
import { post, releasedExceedance, vnDay } from './lab-world';

// The dashboard (issue 13): each viewer sees the cards of their own scope, a card's figure is the total of the list it
// opens, the charts draw (or say "Chưa có dữ liệu"), and a live notification refreshes the figures without a reload.

const PASSWORD = 'Matkhau@2026';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const card = (page: Page, key: DashboardCardKey) => page.getByTestId(`dashboard-card-${key}`);
const figureOf = async (c: Locator) => Number((await c.locator('.ant-statistic-content-value').innerText()).replace(/\./g, ''));

async function dashboardOf(request: APIRequestContext, token: string): Promise<Dashboard> {
  const res = await request.get('/api/dashboard', { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Today in Vietnam as YYYY-MM-DD: a deadline at the end of it falls in this week. */
const todayVn = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

/** Each card shown exactly when its part is not null. */
async function expectCardsOf(page: Page, data: Dashboard) {
  for (const [key, value] of Object.entries(data.cards) as [DashboardCardKey, unknown][]) {
    await expect(card(page, key), key).toHaveCount(value === null ? 0 : 1);
  }
}

/** Clicks a card and compares its figure with the total its list shows ("Tổng N …", or no row at 0). */
async function expectCardOpensItsList(page: Page, key: DashboardCardKey) {
  const c = card(page, key);
  const figure = await figureOf(c);
  const link = c.getByRole('link');
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/admin$/);
  if (figure === 0) {
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
  } else {
    await expect(page.locator('.ant-pagination-total-text'), key).toHaveText(
      new RegExp(`^Tổng ${figure.toLocaleString('de-DE')} `),
    );
  }
  await page.goBack();
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** A chart draws its svg, or says it has nothing to draw. */
async function expectChart(page: Page, id: string) {
  const chart = page.getByTestId(`dashboard-chart-${id}`);
  await expect(chart.locator('svg.recharts-surface').or(chart.getByText('Chưa có dữ liệu')).first()).toBeVisible();
  if ((await chart.getByText('Chưa có dữ liệu').count()) === 0) {
    // The figures are also there as a table for screen readers.
    await expect(chart.locator('.qlcv-sr-only table')).toHaveCount(1);
  }
}

test.describe('Tổng quan', () => {
  test('quản trị: mọi thẻ, mỗi thẻ mở đúng danh sách đã lọc, biểu đồ vẽ được', async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = await adminLogin(request);
    await signInUi(page, ADMIN.username, ADMIN.password);
    const dashboard = page.getByTestId('dashboard');
    await expect(dashboard).toBeVisible();
    await expect(page.getByTestId('dashboard-updated-at')).toHaveText(/^Cập nhật lúc \d{2}:\d{2}$/);

    const data = await dashboardOf(request, admin);
    for (const key of Object.keys(data.cards) as DashboardCardKey[]) expect(data.cards[key], key).not.toBeNull();
    await expectCardsOf(page, data);
    await expectChart(page, 'requests-per-month');
    await expectChart(page, 'works-on-time');
    await expectChart(page, 'leave-days');
    await expect(page.getByTestId('dashboard-deadlines')).toBeVisible();
    await expect(page.getByTestId('dashboard-notifications')).toBeVisible();
    await page.screenshot({ path: shot('dashboard-admin'), fullPage: true });

    for (const key of Object.keys(data.cards) as DashboardCardKey[]) {
      if (data.links[key]) await expectCardOpensItsList(page, key);
    }
  });

  test('nhân viên: chỉ thẻ trong phạm vi của mình; công việc được giao làm thẻ tự cập nhật không cần tải lại', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminLogin(request);
    const u = unique();
    const role = await createRole(request, admin, { code: `nvtq${u}`, name: `Nhân viên ${u}`, permissions: ['works.show'] });
    const username = `tq.${u}`;
    const user = await createUser(request, admin, {
      name: `Lê Thị Hoa ${u}`,
      username,
      password: PASSWORD,
      role_id: role.id,
      mobile: randomMobile(),
    });
    const token = await apiLogin(request, username, PASSWORD);

    const stream = page.waitForRequest((r) => r.url().includes('/api/notifications/stream?'));
    await signInUi(page, username, PASSWORD);
    await stream;
    await expect(page.getByTestId('dashboard')).toBeVisible();
    const before = await dashboardOf(request, token);
    expect(before.cards.requests_by_status).toBeNull();
    expect(before.cards.requests_overdue).toBeNull();
    expect(before.cards.contracts_expiring).toBeNull();
    expect(before.charts.requests_per_month).toBeNull();
    await expectCardsOf(page, before);
    await expect(page.getByTestId('dashboard-chart-requests-per-month')).toHaveCount(0);
    const weekCard = card(page, 'my_works_due_week');
    await expect(weekCard.locator('.ant-statistic-content-value')).toHaveText(String(before.cards.my_works_due_week));

    // A work assigned to them, due today: the notification refreshes the card and the deadlines, no reload.
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    const title = `Lấy mẫu khí thải ống khói ${u}`;
    const res = await request.post('/api/works', {
      headers: auth(admin),
      data: { title, assignee_id: user.id, deadline: todayVn() },
    });
    expect(res.status(), await res.text()).toBe(201);
    await expect(weekCard.locator('.ant-statistic-content-value')).toHaveText(String(before.cards.my_works_due_week + 1));
    await expect(page.getByTestId('dashboard-deadlines')).toContainText(title);
    await expect(page.getByTestId('dashboard-notifications')).toContainText(title);
    expect(navigations, 'no reload').toEqual([]);
    await page.screenshot({ path: shot('dashboard-employee'), fullPage: true });

    // "Làm mới" asks again.
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/dashboard') && r.status() === 200);
    await page.getByTestId('dashboard-refresh').click();
    await refreshed;

    await expectCardOpensItsList(page, 'my_works_due_week');
  });

  test('phòng thí nghiệm: thẻ chờ nhập, chờ soát xét, quá hạn trả kết quả bằng đúng danh sách mỗi thẻ mở', async ({
    page,
    request,
  }) => {
    // Builds a laboratory world through the API, then signs in twice: slow on a loaded machine.
    test.setTimeout(180_000);
    const id = unique();
    const w = await releasedExceedance(request, id);
    // COD gets a 3-day turnaround: its analyses show "Hạn trả kết quả" three days after today's receipt.
    const turnaround = await request.put(`/api/parameters/${w.cod.id}`, {
      headers: auth(w.token),
      data: {
        code: `COD-${id}`.toUpperCase(),
        name: `Nhu cầu oxy hóa học ${id}`,
        analyte: 'COD',
        medium: 'wastewater',
        unit: 'mg/L',
        method: 'SMEWW 5220C:2017',
        place: 'lab',
        lod: '2',
        turnaround_days: 3,
        version: (
          (await (await request.get(`/api/parameters/${w.cod.id}`, { headers: auth(w.token) })).json()) as {
            version: number;
          }
        ).version,
      },
    });
    expect(turnaround.status(), await turnaround.text()).toBe(200);
    // Two more samples of the trip for the analyst: one left to enter, one entered (awaiting verification).
    const me = ((await (await request.get('/api/auth/info', { headers: auth(w.token) })).json()) as { user: { id: number } })
      .user;
    const trip = w.trip;
    const assignedSample = async (suffix: string) => {
      const s = await post<{ id: number }>(request, w.token, '/api/samples', {
        trip_id: trip.id,
        round_id: trip.checklist[0]?.round_id,
        point_id: trip.checklist[0]?.point.id,
        code: `${trip.code}-NT1-${suffix}`.toUpperCase(),
        qc_kind: 'normal',
        taken_at: new Date(Date.now() - 1_800_000).toISOString(),
      });
      await post(request, w.token, `/api/samples/${s.id}/hand-over`, { to_user_id: me.id, temperature: '4' });
      await post(request, w.token, `/api/samples/${s.id}/receive`, { intact: true, temperature: '4' });
      const list = (await (await request.get(`/api/analyses?sample_id=${s.id}`, { headers: auth(w.token) })).json()) as {
        data: { id: number; version: number }[];
      };
      return post<{ id: number; version: number }[]>(request, w.token, '/api/analyses/assign', {
        analyst_id: w.analyst.id,
        rows: list.data.map((a) => ({ id: a.id, version: a.version })),
      });
    };
    await assignedSample('A');
    const toEnter = await assignedSample('B');
    await post(request, w.analyst.token, '/api/analyses/results', {
      rows: toEnter.map((a) => ({ id: a.id, version: a.version, value: '95,5' })),
    });

    // The analyst (lab.analyse only) counts their own: one to enter, one awaiting verification, none late.
    await signInUi(page, w.analyst.username, w.analyst.password);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    const mine = await dashboardOf(request, w.analyst.token);
    expect(mine.cards).toMatchObject({ analyses_to_enter: 1, analyses_to_verify: 1, analyses_late: 0 });
    expect(mine.cards.samples_awaiting_lab).toBeNull();
    await expectCardsOf(page, mine);
    for (const key of ['analyses_to_enter', 'analyses_to_verify', 'analyses_late'] as const) {
      await expect(card(page, key).locator('.ant-statistic-content-value')).toHaveText(String(mine.cards[key]));
      await expectCardOpensItsList(page, key);
    }
    // The card's list: the analysis awaiting entry, due three days after today's receipt, not late.
    await card(page, 'analyses_to_enter').getByRole('link').click();
    const due = page.locator('.ant-table-tbody tr.ant-table-row').getByTestId('analysis-due-on');
    await expect(due).toHaveText(`Hạn trả ${vnDay(3).split('-').reverse().join('/')}`);
    await expect(due).not.toHaveAttribute('data-late');
    await page.screenshot({ path: shot('dashboard-lab-to-enter'), fullPage: true });
    // The analysis page says it too.
    await page.locator('.ant-table-tbody tr.ant-table-row').getByRole('link').first().click();
    await expect(page.getByTestId('analysis-due-on')).toHaveText(vnDay(3).split('-').reverse().join('/'));
    await page.goto('/admin');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.screenshot({ path: shot('dashboard-lab-analyst'), fullPage: true });

    // The verifier sees the whole laboratory's; each figure is its list's total.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await signInUi(page, w.verifier.username, w.verifier.password);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    const lab = await dashboardOf(request, w.verifier.token);
    expect(lab.cards.analyses_to_verify).toBeGreaterThanOrEqual(1);
    await expectCardsOf(page, lab);
    for (const key of ['analyses_to_enter', 'analyses_to_verify', 'analyses_late'] as const) {
      await expectCardOpensItsList(page, key);
    }
  });

  test('lỗi tải: thông báo lỗi và Thử lại', async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
    let fail = true;
    await page.route('**/api/dashboard', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Máy chủ đang bận' } }) : route.continue(),
    );
    await page.reload();
    await expect(page.getByText('Không tải được dữ liệu')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await expect(page.getByTestId('dashboard-card-my_works_due_week')).toBeVisible();
  });
});
