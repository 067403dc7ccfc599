import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD } from './attendance-helpers';
import { signInUi, unique } from './helpers';
import { auth, post, releasedExceedance } from './lab-world';

// Issue 25 part 4, "per round or per trip and customer" (decision 40.31), on screen: the trip of the laboratory's world
// carries a second round of the customer's programme with its own released sample; the clerk's "Lập phiếu" offers the
// trip's rounds for the customer ("Đợt quan trắc", optional), and a report of one round shows that round and only its
// sample, on the page and in the list, at desktop width and 390 px.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const PHONE = { width: 390, height: 844 };

type Detail = { id: number; version: number };
type Round = { id: number; name: string; program: { id: number; code: string } };
type TripDetail = {
  id: number;
  code: string;
  name: string;
  start_date: string;
  end_date: string;
  leader: { id: number };
  members: { id: number }[];
  vehicle: { id: number } | null;
  equipment: { id: number; kind: string }[];
  rounds: Round[];
  checklist: { round_id: number; point: { id: number } }[];
  notes: string | null;
  version: number;
};

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json() as Promise<T>;
}

async function setup(request: APIRequestContext, id: string) {
  const w = await releasedExceedance(request, id);
  const { token } = w;
  // A second round of the same programme on the trip (the trip's edit, as the planner makes it).
  const trip = await get<TripDetail>(request, token, `/api/sampling-trips/${w.trip.id}`);
  const first = trip.rounds[0]!;
  const program = await get<{ rounds: { id: number }[] }>(request, token, `/api/monitoring-programs/${first.program.id}`);
  const secondId = program.rounds.find((r) => r.id !== first.id)!.id;
  const res = await request.put(`/api/sampling-trips/${trip.id}`, {
    headers: auth(token),
    data: {
      name: trip.name,
      start_date: trip.start_date,
      end_date: trip.end_date,
      leader_id: trip.leader.id,
      member_ids: trip.members.map((m) => m.id),
      vehicle_id: trip.vehicle?.id ?? null,
      equipment_ids: trip.equipment.filter((e) => e.kind !== 'vehicle').map((e) => e.id),
      round_ids: [first.id, secondId],
      notes: trip.notes,
      version: trip.version,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const updated = (await res.json()) as TripDetail;
  const second = updated.rounds.find((r) => r.id === secondId)!;
  const point = updated.checklist.find((c) => c.round_id === secondId)!.point.id;

  // Its sample, received, entered, verified and released by the world's people.
  const me = (await get<{ user: { id: number } }>(request, token, '/api/auth/info')).user;
  const sample = await post<{ id: number; code: string }>(request, token, '/api/samples', {
    trip_id: trip.id,
    round_id: secondId,
    point_id: point,
    code: `${trip.code}-DOT2`.toUpperCase(),
    qc_kind: 'normal',
    taken_at: new Date(Date.now() - 1_800_000).toISOString(),
  });
  await post(request, token, `/api/samples/${sample.id}/hand-over`, { to_user_id: me.id, temperature: '4' });
  await post(request, token, `/api/samples/${sample.id}/receive`, { intact: true, temperature: '4' });
  const list = await get<{ data: Detail[] }>(request, token, `/api/analyses?sample_id=${sample.id}`);
  const assigned = await post<Detail[]>(request, token, '/api/analyses/assign', {
    analyst_id: w.analyst.id,
    rows: list.data.map((a) => ({ id: a.id, version: a.version })),
  });
  const entered = await post<Detail[]>(request, w.analyst.token, '/api/analyses/results', {
    rows: assigned.map((a) => ({ id: a.id, version: a.version, value: '95' })),
  });
  const verified = await post<Detail[]>(request, w.verifier.token, '/api/analyses/verify', {
    rows: entered.map((a) => ({ id: a.id, version: a.version })),
  });
  await post(request, w.verifier.token, '/api/analyses/release', {
    rows: verified.map((a) => ({ id: a.id, version: a.version })),
  });

  const clerk = await w.person('tnd', 'Phạm Thu Hà', ['lab.index', 'lab.receive', 'customer.index']);
  return { customer: w.customer, trip: updated, first, second, firstSample: w.sample.code, secondSample: sample.code, clerk };
}

async function pick(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test.describe('Phiếu kết quả theo đợt quan trắc', () => {
  test.describe.configure({ mode: 'serial' });
  let w: Awaited<ReturnType<typeof setup>>;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    w = await setup(request, unique());
  });

  test('lập phiếu cho một đợt: chỉ kết quả của đợt đó', async ({ page }) => {
    test.setTimeout(120_000);
    const label = `${w.second.name} (${w.second.program.code})`;
    await signInUi(page, w.clerk.username, PASSWORD);
    await page.goto('/admin/monitoring/test-reports');
    await page.getByRole('button', { name: 'Lập phiếu' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Lập phiếu kết quả thử nghiệm' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Để trống: mọi đợt của chuyến cho khách hàng này');
    // Before a trip and a customer are chosen, there is nothing to offer.
    await expect(dialog.getByLabel('Đợt quan trắc', { exact: true })).toBeDisabled();

    await pick(page, 'Chuyến lấy mẫu', w.trip.code);
    await pick(page, 'Khách hàng', w.customer.name);
    await dialog.getByLabel('Đợt quan trắc', { exact: true }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveCount(2);
    await expect(options.filter({ hasText: `${w.first.name} (${w.first.program.code})` })).toHaveCount(1);
    await options.filter({ hasText: label }).click();
    await page.screenshot({ path: shot('test-reports-round-dialog'), fullPage: true });
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();

    // The draft names its round and holds only that round's sample.
    await expect(page).toHaveURL(/\/admin\/monitoring\/test-reports\/\d+$/);
    await expect(page.getByTestId('report-round')).toHaveText(label);
    await expect(page.getByText(`Đợt: ${label}`)).toBeVisible();
    const results = page.getByTestId('report-results');
    await expect(results).toContainText(w.secondSample);
    await expect(results).not.toContainText(w.firstSample);
    await page.screenshot({ path: shot('test-reports-round-page'), fullPage: true });
    const url = page.url();

    // The list says which round, beside the trip.
    await page.goto(`/admin/monitoring/test-reports?trip_id=${w.trip.id}`);
    await expect(page.getByTestId('test-reports-table')).toContainText(`Đợt: ${label}`);

    // At 390 px the page still names the round and its sample.
    await page.setViewportSize(PHONE);
    await page.goto(url);
    await expect(page.getByTestId('report-round')).toHaveText(label);
    await expect(page.getByTestId('report-results')).toContainText(w.secondSample);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('test-reports-round-phone'), fullPage: true });
  });
});
