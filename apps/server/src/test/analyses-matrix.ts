import type { PermissionKey } from '@qlcv/common/permissions';
import { uniq } from './fixtures';
import type { TestApp } from './harness';

// The analyses routes' calls for the permission matrix (permission-matrix.test.ts): a fresh analysis for each call —
// a sample taken on a trip of the matrix's own, handed over and received by the administrator — brought to the state
// its route moves it from, assigned to the caller when the caller is an analyst (who sees only their own).

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

type Who = { id: number; token: string };

async function json(t: TestApp, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = t.adminToken) {
  const res = await t.call({ method, url, token, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The trip (today, led by a person of its own), and an analyst and a verifier who prepare the states. */
let world: Promise<{
  trip: { id: number; round: number; point: number };
  customerId: number;
  analyst: Who;
  verifier: Who;
  adminId: number;
}> | null = null;
function worldOf(t: TestApp, programBody: () => Record<string, unknown>) {
  world ??= (async () => {
    const program = await json(t, 'POST', '/api/monitoring-programs', programBody());
    const leader = await t.userWith(['sampling.index']);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const made = await json(t, 'POST', '/api/sampling-trips', {
      name: 'Chuyến lấy mẫu ma trận phân tích',
      start_date: today,
      end_date: today,
      leader_id: leader.id,
      round_ids: [program.rounds[0].id],
    });
    return {
      trip: { id: made.id, round: made.checklist[0].round_id, point: made.checklist[0].point.id },
      customerId: program.customer.id as number,
      analyst: await t.userWith(['lab.analyse']),
      verifier: await t.userWith(['lab.verify']),
      adminId: (await json(t, 'GET', '/api/auth/info')).user.id as number,
    };
  })();
  return world;
}

/** The request of an `/api/analyses` route (or the analyses' history) for the holder of `key`; null for other routes. */
export async function analysesRequestFor(
  t: TestApp,
  route: string,
  key: PermissionKey | undefined,
  callerId: number,
  programBody: () => Record<string, unknown>,
): Promise<Call | null> {
  const [method = '', url = ''] = route.split(' ');
  const history = url === '/api/audit-logs' && (key === 'lab.analyse' || key === 'lab.verify');
  if (!url.startsWith('/api/analyses') && !history) return null;
  const w = await worldOf(t, programBody);
  /** A received sample's analysis, assigned to `to` and brought forward by `steps`. */
  const analysis = async (to: number | null, steps: ('enter' | 'verify' | 'release')[] = []) => {
    const s = await json(t, 'POST', '/api/samples', {
      trip_id: w.trip.id,
      round_id: w.trip.round,
      point_id: w.trip.point,
      code: uniq('MTXPT')
        .toUpperCase()
        .replace(/[^A-Z0-9-]/g, ''),
      taken_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await json(t, 'POST', `/api/samples/${s.id}/hand-over`, { to_user_id: w.adminId, temperature: '4' });
    await json(t, 'POST', `/api/samples/${s.id}/receive`, { intact: true, temperature: '4' });
    let a = (await json(t, 'GET', `/api/analyses?sample_id=${s.id}`)).data[0];
    if (to !== null)
      [a] = await json(t, 'POST', '/api/analyses/assign', { analyst_id: to, rows: [{ id: a.id, version: a.version }] });
    for (const step of steps) {
      if (step === 'enter')
        a = await json(t, 'POST', `/api/analyses/${a.id}/result`, { value: '1.0', version: a.version }, w.analyst.token);
      else [a] = await json(t, 'POST', `/api/analyses/${step}`, { rows: [{ id: a.id, version: a.version }] }, w.verifier.token);
    }
    return a as { id: number; version: number; parameter: { id: number } };
  };
  // An analyst reaches only what is assigned to them; every other key reaches any analysis.
  const mine = key === 'lab.analyse' ? callerId : null;
  if (history) return { method: 'GET', url: `/api/audit-logs?entity=analyses&entity_id=${(await analysis(mine)).id}` };
  switch (route) {
    case 'GET /api/analyses':
    case 'GET /api/analyses/analysts':
      return { method, url };
    case 'GET /api/analyses/worksheet':
      return { method, url: `${url}?parameter_id=${(await analysis(mine)).parameter.id}` };
    case 'GET /api/analyses/trend':
      return {
        method,
        url: `${url}?point_id=${w.trip.point}&parameter_id=${(await analysis(mine)).parameter.id}`,
      };
    case 'GET /api/analyses/exceedances':
      return { method, url: `${url}?customer_id=${w.customerId}&year=2026` };
    case 'GET /api/analyses/:id': {
      // Outside the laboratory a released result is readable (the exceedance notice's link), nothing before.
      const outside = key === 'monitoring.index' || key === 'customer.index';
      const a = outside ? await analysis(w.analyst.id, ['enter', 'verify', 'release']) : await analysis(mine);
      return { method, url: url.replace(':id', String(a.id)) };
    }
    case 'POST /api/analyses/assign': {
      const a = await analysis(null);
      return { method, url, payload: { analyst_id: w.analyst.id, rows: [{ id: a.id, version: a.version }] } };
    }
    case 'POST /api/analyses/:id/result': {
      const a = await analysis(mine ?? w.analyst.id);
      return { method, url: url.replace(':id', String(a.id)), payload: { value: '0.050', version: a.version } };
    }
    case 'POST /api/analyses/results': {
      const a = await analysis(mine ?? w.analyst.id);
      return { method, url, payload: { rows: [{ id: a.id, version: a.version, value: '0.050' }] } };
    }
    case 'POST /api/analyses/verify': {
      const a = await analysis(w.analyst.id, ['enter']);
      return { method, url, payload: { rows: [{ id: a.id, version: a.version }] } };
    }
    case 'POST /api/analyses/:id/return': {
      const a = await analysis(w.analyst.id, ['enter']);
      return { method, url: url.replace(':id', String(a.id)), payload: { reason: 'Ma trận', version: a.version } };
    }
    case 'POST /api/analyses/release': {
      const a = await analysis(w.analyst.id, ['enter', 'verify']);
      return { method, url, payload: { rows: [{ id: a.id, version: a.version }] } };
    }
    default:
      throw new Error(`analyses matrix: no request for ${route}`);
  }
}
