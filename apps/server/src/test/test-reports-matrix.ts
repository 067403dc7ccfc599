import type { PermissionKey } from '@qlcv/common/permissions';
import { uniq } from './fixtures';
import type { TestApp } from './harness';

// The test reports' calls for the permission matrix (permission-matrix.test.ts): a trip of the matrix's own with one
// released result (entered by an analyst of its own, so any caller may sign), and a fresh report per call in the state
// its route moves it from.

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

async function json(t: TestApp, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = t.adminToken) {
  const res = await t.call({ method, url, token, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

let world: Promise<{ tripId: number; customerId: number }> | null = null;
function worldOf(t: TestApp, programBody: () => Record<string, unknown>) {
  world ??= (async () => {
    const program = await json(t, 'POST', '/api/monitoring-programs', programBody());
    const leader = await t.userWith(['sampling.index']);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const trip = await json(t, 'POST', '/api/sampling-trips', {
      name: 'Chuyến lấy mẫu ma trận phiếu kết quả',
      start_date: today,
      end_date: today,
      leader_id: leader.id,
      round_ids: [program.rounds[0].id],
    });
    const analyst = await t.userWith(['lab.analyse']);
    const verifier = await t.userWith(['lab.verify']);
    const adminId = (await json(t, 'GET', '/api/auth/info')).user.id as number;
    const s = await json(t, 'POST', '/api/samples', {
      trip_id: trip.id,
      round_id: trip.checklist[0].round_id,
      point_id: trip.checklist[0].point.id,
      code: uniq('MTXPKQ')
        .toUpperCase()
        .replace(/[^A-Z0-9-]/g, ''),
      taken_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await json(t, 'POST', `/api/samples/${s.id}/hand-over`, { to_user_id: adminId, temperature: '4' });
    await json(t, 'POST', `/api/samples/${s.id}/receive`, { intact: true, temperature: '4' });
    const rows = (await json(t, 'GET', `/api/analyses?sample_id=${s.id}`)).data.map((a: { id: number; version: number }) => ({
      id: a.id,
      version: a.version,
    }));
    const assigned = await json(t, 'POST', '/api/analyses/assign', { analyst_id: analyst.id, rows });
    const entered = await json(
      t,
      'POST',
      '/api/analyses/results',
      { rows: assigned.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version, value: '1.0' })) },
      analyst.token,
    );
    const verified = await json(
      t,
      'POST',
      '/api/analyses/verify',
      { rows: entered.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version })) },
      verifier.token,
    );
    await json(
      t,
      'POST',
      '/api/analyses/release',
      { rows: verified.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version })) },
      verifier.token,
    );
    return { tripId: trip.id as number, customerId: program.customer.id as number };
  })();
  return world;
}

/** The request of a `/api/test-reports` route or the public verification; null for other routes. */
export async function testReportsRequestFor(
  t: TestApp,
  route: string,
  _key: PermissionKey | undefined,
  programBody: () => Record<string, unknown>,
): Promise<Call | null> {
  const [method = '', url = ''] = route.split(' ');
  if (!url.startsWith('/api/test-reports') && !url.startsWith('/api/public/test-reports')) return null;
  const w = await worldOf(t, programBody);
  const scope = { trip_id: w.tripId, customer_id: w.customerId };
  const draft = async () => json(t, 'POST', '/api/test-reports', scope);
  const signed = async () => {
    const d = await draft();
    return json(t, 'POST', `/api/test-reports/${d.id}/sign`, { version: d.version });
  };
  const at = (id: number) => url.replace(':id', String(id));
  switch (route) {
    case 'GET /api/test-reports':
      return { method, url };
    case 'GET /api/test-reports/rounds':
      return { method, url: `${url}?trip_id=${w.tripId}&customer_id=${w.customerId}` };
    case 'GET /api/test-reports/:id':
    case 'GET /api/test-reports/:id/history':
      return { method, url: at((await draft()).id) };
    case 'POST /api/test-reports':
      return { method, url, payload: scope };
    case 'PUT /api/test-reports/:id': {
      const d = await draft();
      return { method, url: at(d.id), payload: { version: d.version, note: 'Ma trận' } };
    }
    case 'DELETE /api/test-reports/:id':
      return { method, url: at((await draft()).id) };
    case 'POST /api/test-reports/:id/sign': {
      const d = await draft();
      return { method, url: at(d.id), payload: { version: d.version } };
    }
    case 'POST /api/test-reports/:id/correct': {
      const s = await signed();
      return { method, url: at(s.id), payload: { version: s.version, reason: 'Ma trận' } };
    }
    case 'GET /api/test-reports/:id/document':
      // A signed version's stored .docx (a draft has none: 404).
      return { method, url: at((await signed()).id) };
    case 'GET /api/public/test-reports/:code':
    case 'GET /api/public/test-reports/:code/document':
      return { method, url: url.replace(':code', (await signed()).verify_code) };
    default:
      throw new Error(`test reports matrix: no request for ${route}`);
  }
}
