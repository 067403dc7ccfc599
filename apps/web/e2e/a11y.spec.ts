import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ROUTES } from '../src/lib/routes';
import {
  ADMIN,
  adminLogin,
  apiLogin,
  createDepartment,
  createRole,
  createUser,
  randomMobile,
  signInUi,
  spareYear,
  unique,
} from './helpers';

// Accessibility (issue 13 part 4): an axe-core scan (WCAG 2 A + AA) of every route of the route table, failing on any
// serious or critical violation, and keyboard checks on the sign-in page, a list, a form and a modal.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/** Serious and critical violations, one readable line each: rule, help, the first targets. */
async function scan(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return (result.violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`,
    );
}

/** A page has settled when its main heading (or a result/empty state) shows and no spinner is left. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1, h2, h3, h4, .ant-result-title, .ant-table').first()).toBeVisible();
  // The full-page overlay (profile load) fades out up to a second after the page shows.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-spin-fullscreen')).toHaveCount(0);
}

async function post(request: APIRequestContext, token: string, url: string, data: unknown): Promise<{ id: number }> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

async function firstId(request: APIRequestContext, token: string, url: string): Promise<number | null> {
  const res = await request.get(url, { headers: auth(token) });
  if (!res.ok()) return null;
  const body = (await res.json()) as { data?: { id: number }[] } | { id: number }[];
  const rows = Array.isArray(body) ? body : (body.data ?? []);
  return rows[0]?.id ?? null;
}

/** One record for every screen that shows one: route prefix → id. */
async function records(request: APIRequestContext): Promise<Record<string, number>> {
  const token = await adminLogin(request);
  const id = unique();
  const dep = await createDepartment(request, token, { code: `A11Y-${id}`, name: `Phòng Kiểm thử ${id}` });
  const roleId = (await firstId(request, token, '/api/roles?per_page=1'))!;
  const user = await createUser(request, token, {
    name: `Nguyễn Văn Kiểm ${id}`,
    username: `kiem.${id}`,
    password: 'Matkhau@2026',
    role_id: roleId,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const process = await post(request, token, '/api/processes', {
    code: `A11Y-${id}`,
    name: `Quy trình kiểm thử ${id}`,
    steps: [{ name: 'Tiếp nhận', department_id: dep.id, default_assignee_id: user.id, duration_hours: 24 }],
  });
  const steps = (await (await request.get(`/api/processes/${process.id}`, { headers: auth(token) })).json()) as {
    steps: { id: number }[];
  };
  const type = await post(request, token, '/api/request-types', {
    code: `A11Y-${id}`,
    name: `Loại kiểm thử ${id}`,
    process_id: process.id,
  });
  const req = await post(request, token, '/api/requests', {
    request_type_id: type.id,
    requester_name: 'Đỗ Minh Quân',
    requester_phone: randomMobile(),
    title: `Yêu cầu kiểm thử ${id}`,
    priority: 'high',
  });
  await post(request, token, `/api/requests/${req.id}/receive`, {});
  const work = (await firstId(request, token, `/api/works?per_page=1`))!;
  const customer = await post(request, token, '/api/customers', { type: 'organization', name: `Công ty Kiểm thử ${id}` });
  const unit = await post(request, token, '/api/units', { code: `U${id}`.slice(0, 20), name: `Mẫu ${id}` });
  const service = await post(request, token, '/api/services', {
    code: `DV-${id}`,
    name: `Dịch vụ kiểm thử ${id}`,
    group: 'Kiểm thử',
    unit_id: unit.id,
    unit_price: 1_000_000,
  });
  const contract = await post(request, token, '/api/contracts', {
    customer_id: customer.id,
    title: `Hợp đồng kiểm thử ${id}`,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    items: [{ service_id: service.id, name: 'Dịch vụ', unit_name: 'Mẫu', quantity: 1, unit_price: 1_000_000, vat_rate: '10' }],
  });
  const sample = await (await request.get('/api/contract-templates/sample', { headers: auth(token) })).body();
  const tplRes = await request.post('/api/contract-templates', {
    headers: auth(token),
    multipart: {
      code: `A11Y-${id}`,
      name: `Mẫu kiểm thử ${id}`,
      file: {
        name: 'mau.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: sample,
      },
    },
  });
  expect(tplRes.status(), await tplRes.text()).toBe(201);
  const template = (await tplRes.json()) as { id: number };
  const kpi = await post(request, token, '/api/kpi-types', {
    code: `KPI-${id}`,
    name: `KPI kiểm thử ${id}`,
    direction: 'higher',
  });
  const year = spareYear();
  const evaluation = (await post(request, token, '/api/evaluations', {
    // A quarter no other spec takes (periods are unique by type and dates).
    name: `Đánh giá kiểm thử ${id}`,
    period_type: 'quarter',
    period_start: `${year}-01-01`,
    period_end: `${year}-03-31`,
    self_deadline: `${year}-04-05`,
    review_deadline: `${year}-04-10`,
    department_ids: [dep.id],
    criteria: [{ kpi_type_id: kpi.id, weight: 100, target: 10 }],
  })) as { id: number; version: number };
  await post(request, token, `/api/evaluations/${evaluation.id}/open`, { version: evaluation.version });
  const userEvaluation = (await firstId(request, token, `/api/user-evaluations?evaluation_id=${evaluation.id}&tab=all`))!;
  const leaveType =
    (await firstId(request, token, '/api/leave-types?per_page=1')) ?? (await firstId(request, token, '/api/leave-types/options'));
  let leave = await firstId(request, token, '/api/leaves?per_page=1');
  if (!leave && leaveType) {
    const res = await request.post('/api/leaves', {
      headers: auth(token),
      data: { leave_type_id: leaveType, start_date: '2026-12-21', end_date: '2026-12-21', reason: 'Việc gia đình' },
    });
    if (res.ok()) leave = ((await res.json()) as { id: number }).id;
  }
  const setting = await firstId(request, token, '/api/notification-settings?per_page=1');
  const site = await post(request, token, '/api/attendance/sites', {
    code: `A11Y-${id}`,
    name: `Văn phòng kiểm thử ${id}`,
    latitude: 21.028511,
    longitude: 105.804817,
    radius_m: 150,
    all_staff: true,
  });
  const parameter = await post(request, token, '/api/parameters', {
    code: `A11Y-${id}`,
    name: `Nhu cầu oxy hóa học ${id}`,
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'SMEWW 5220C:2017',
    place: 'lab',
    lod: '3.0',
  });
  const monitored = await post(request, token, '/api/sites', {
    code: `A11Y-${id}`,
    name: `Nhà máy kiểm thử ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        plan: [{ parameter_id: parameter.id, frequency: 'quarterly' }],
      },
    ],
  });
  const instrument = await post(request, token, '/api/equipment', {
    code: `A11Y-${id}`,
    name: `Máy đo pH cầm tay ${id}`,
    kind: 'instrument',
    model: 'Hanna HI98194',
    calibration_due: `${year}-06-30`,
  });
  const program = await post(request, token, '/api/monitoring-programs', {
    code: `A11Y-${id}`,
    name: `Quan trắc kiểm thử ${id}`,
    site_id: monitored.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  });
  const programRounds = (await (
    await request.get(`/api/monitoring-programs/${program.id}`, { headers: auth(token) })
  ).json()) as {
    rounds: { id: number }[];
  };
  const trip = await post(request, token, '/api/sampling-trips', {
    name: `Chuyến kiểm thử ${id}`,
    start_date: `${year}-02-10`,
    end_date: `${year}-02-10`,
    leader_id: user.id,
    round_ids: [programRounds.rounds[0]!.id],
  });
  // A sample is taken within its trip's days: a trip of today (the same leader, another day) holds it.
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const todayTrip = (await post(request, token, '/api/sampling-trips', {
    name: `Chuyến hôm nay ${id}`,
    start_date: today,
    end_date: today,
    leader_id: user.id,
    round_ids: [programRounds.rounds[1]!.id],
  })) as { id: number; checklist: { round_id: number; point: { id: number } }[] };
  const takenSample = await post(request, token, '/api/samples', {
    trip_id: todayTrip.id,
    round_id: todayTrip.checklist[0]!.round_id,
    point_id: todayTrip.checklist[0]!.point.id,
    code: `A11Y-${id}`.toUpperCase(),
    taken_at: new Date().toISOString(),
    container: 'Chai nhựa PE 1 L',
  });
  // An analysis: a second sample of that trip, handed over to and received by the administrator (the laboratory).
  const labSample = await post(request, token, '/api/samples', {
    trip_id: todayTrip.id,
    round_id: todayTrip.checklist[0]!.round_id,
    point_id: todayTrip.checklist[0]!.point.id,
    code: `A11Y-${id}-PT`.toUpperCase(),
    taken_at: new Date(Date.now() - 60_000).toISOString(),
  });
  const me = (await (await request.get('/api/auth/info', { headers: auth(token) })).json()) as { user: { id: number } };
  await post(request, token, `/api/samples/${labSample.id}/hand-over`, { to_user_id: me.user.id, temperature: '4' });
  await post(request, token, `/api/samples/${labSample.id}/receive`, { intact: true, temperature: '4' });
  const analysis = (await firstId(request, token, `/api/analyses?sample_id=${labSample.id}`))!;
  // A test report (issue 25 part 4) needs a released result: a site of its own (a released result on the point above
  // would bring that analysis page its trend chart), a trip of today led by the verifier, the administrator's result.
  type Row = { id: number; version: number };
  const rows = (r: Row[]) => ({ rows: r.map((a) => ({ id: a.id, version: a.version })) });
  const verifierRole = await createRole(request, token, {
    code: `A11Y-SX-${id}`,
    name: `Soát xét kiểm thử ${id}`,
    permissions: ['lab.index', 'lab.verify', 'sampling.index'],
  });
  const verifier = { username: `soat.${id}`, password: 'Matkhau@2026' };
  const verifierUser = await createUser(request, token, {
    ...verifier,
    name: `Trần Văn Soát ${id}`,
    role_id: verifierRole.id,
    mobile: randomMobile(),
  });
  const verifierToken = await apiLogin(request, verifier.username, verifier.password);
  const reportSite = await post(request, token, '/api/sites', {
    code: `A11Y-PKQ-${id}`,
    name: `Nhà máy phiếu kết quả ${id}`,
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        plan: [{ parameter_id: parameter.id, frequency: 'quarterly' }],
      },
    ],
  });
  const reportProgram = (await post(request, token, '/api/monitoring-programs', {
    code: `A11Y-PKQ-${id}`,
    name: `Quan trắc phiếu kết quả ${id}`,
    site_id: reportSite.id,
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
  })) as unknown as { rounds: { id: number }[] };
  const reportTrip = (await post(request, token, '/api/sampling-trips', {
    name: `Chuyến phiếu kết quả ${id}`,
    start_date: today,
    end_date: today,
    leader_id: verifierUser.id,
    round_ids: [reportProgram.rounds[reportProgram.rounds.length - 1]!.id],
  })) as { id: number; checklist: { round_id: number; point: { id: number } }[] };
  const reportSample = await post(request, token, '/api/samples', {
    trip_id: reportTrip.id,
    round_id: reportTrip.checklist[0]!.round_id,
    point_id: reportTrip.checklist[0]!.point.id,
    code: `A11Y-${id}-PKQ`.toUpperCase(),
    taken_at: new Date(Date.now() - 120_000).toISOString(),
  });
  await post(request, token, `/api/samples/${reportSample.id}/hand-over`, { to_user_id: me.user.id, temperature: '4' });
  await post(request, token, `/api/samples/${reportSample.id}/receive`, { intact: true, temperature: '4' });
  const open = (await (await request.get(`/api/analyses?sample_id=${reportSample.id}`, { headers: auth(token) })).json()) as {
    data: Row[];
  };
  const assigned = (await post(request, token, '/api/analyses/assign', {
    analyst_id: me.user.id,
    ...rows(open.data),
  })) as unknown as Row[];
  const entered = (await post(request, token, '/api/analyses/results', {
    rows: assigned.map((a) => ({ id: a.id, version: a.version, value: '12.5' })),
  })) as unknown as Row[];
  const verified = (await post(request, verifierToken, '/api/analyses/verify', rows(entered))) as unknown as Row[];
  await post(request, verifierToken, '/api/analyses/release', rows(verified));
  const testReport = await post(request, token, '/api/test-reports', { trip_id: reportTrip.id, customer_id: customer.id });
  const correction = await post(request, token, '/api/attendance/corrections', {
    date: `${year}-02-0${1 + Math.floor(Math.random() * 9)}`,
    check_out: '17:30',
    reason: 'Quên chấm công ra',
  });
  return {
    users: user.id,
    roles: roleId,
    departments: dep.id,
    processes: process.id,
    process_steps: steps.steps[0]!.id,
    'process_steps.create': process.id,
    request_types: type.id,
    requests: req.id,
    works: work,
    customers: customer.id,
    contracts: contract.id,
    contract_templates: template.id,
    'settings.units': unit.id,
    master_data: service.id,
    kpi_types: kpi.id,
    evaluations: evaluation.id,
    user_evaluations: userEvaluation,
    ...(leave ? { leaves: leave } : {}),
    'attendance.sites': site.id,
    'attendance.corrections': correction.id,
    'monitoring.parameters': parameter.id,
    // A shipped regulation (QCVN 40:2011 and the others come with the migration).
    regulations: (await firstId(request, token, '/api/regulations?search=40:2011'))!,
    'monitoring.sites': monitored.id,
    'monitoring.equipment': instrument.id,
    'monitoring.programs': program.id,
    'monitoring.trips': trip.id,
    'monitoring.samples': takenSample.id,
    'monitoring.samples.label': takenSample.id,
    'monitoring.analyses': analysis,
    'monitoring.test_reports': testReport.id,
    ...(setting ? { setting_notifications: setting } : {}),
  };
}

/** The record a `:id` route shows: by its exact name first, then by its prefix. */
function idFor(ids: Record<string, number>, name: string): number | undefined {
  if (ids[name]) return ids[name];
  const prefix = name.replace(/\.(show|edit|create)$/, '');
  return ids[prefix];
}

/** The URL a route is scanned at, with a real record for `:id`. */
function urlOf(name: string, path: string, ids: Record<string, number>): string {
  if (path === '*') return '/khong-co-trang-nay';
  if (name === 'auth.reset') return `${path}?token=khong-hop-le`;
  if (!path.includes(':id')) return path;
  const id = idFor(ids, name);
  if (!id) throw new Error(`No record to show on ${name}`);
  return path.replace(':id', String(id));
}

/** Pages that have shown a route: the next one is reached inside the app (a full load boots the app each time). */
const booted = new WeakSet<Page>();

/**
 * To `url`: a full load the first time, then the router's own navigation (what a person clicking a link gets; it
 * saves the app's boot on each of 130 routes). The title is emptied first: the new route sets it once it shows.
 */
async function open(page: Page, url: string): Promise<void> {
  if (!booted.has(page)) {
    await page.goto(url);
    booted.add(page);
    return;
  }
  await page.evaluate((to) => {
    document.title = '';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveTitle(/\S/);
  await expect(page.getByRole('progressbar', { name: 'Đang tải trang' })).toHaveCount(0);
}

async function expectClean(page: Page, name: string, url: string): Promise<void> {
  const t0 = Date.now();
  await open(page, url);
  await settle(page);
  let found = await scan(page);
  // The full-page loading overlay's chunk is lazy: it can mount after the page shows and then fades out within a
  // second. A scan that caught it mid-fade is of the overlay's animation, not the screen: settle and scan again.
  if (found.some((f) => f.includes('.ant-spin'))) {
    await expect(page.locator('.ant-spin-fullscreen')).toHaveCount(0);
    await settle(page);
    found = await scan(page);
  }
  if (process.env.QLCV_A11Y_TRACE) console.log(name, url, Date.now() - t0, 'ms\n', found.join('\n'));
  expect(found, `Serious or critical violations on ${url}:\n${found.join('\n')}`).toEqual([]);
}

test.describe('Trợ năng (axe-core, WCAG 2 A/AA)', () => {
  // One signed-in page and one set of records for every scan: no sign-in per route, no fixed sleeps.
  let admin: Page;
  let guest: Page;
  let ids: Record<string, number>;
  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    ids = await records(request);
    guest = await (await browser.newContext()).newPage();
    admin = await (await browser.newContext()).newPage();
    await signInUi(admin, ADMIN.username, ADMIN.password);
  });
  test.afterAll(async () => {
    await guest?.context().close();
    await admin?.context().close();
  });

  for (const r of ROUTES) {
    if (r.redirect) continue;
    const visitor = r.layout === 'auth' || r.layout === 'public';
    test(`${r.name} (${r.path})`, async () => {
      // The biggest forms (a regulation's limits, about 12 s on a quiet machine) take axe a while to walk.
      test.setTimeout(60_000);
      await expectClean(visitor ? guest : admin, r.name, urlOf(r.name, r.path, ids));
    });
  }

  test('hộp xác nhận xóa đang mở', async () => {
    await admin.goto('/admin/departments');
    await settle(admin);
    await admin.getByRole('button', { name: /^Xóa/ }).first().click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Scan the open dialog, not its zoom-in (a half-transparent button fails contrast for a few frames).
    await expect(admin.locator('.ant-modal')).not.toHaveClass(/-(appear|enter)/);
    expect(await scan(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
  });
});
