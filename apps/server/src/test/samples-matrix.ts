import type { PermissionKey } from '@qlcv/common/permissions';
import { uniq } from './fixtures';
import type { TestApp } from './harness';
import { PNG } from './multipart';

// The samples routes' calls for the permission matrix (permission-matrix.test.ts): a sample of its own for each call,
// on a trip of today led by the caller (so a trip key's scope holds it), brought to the state its step needs.

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

const STATE_BEFORE: Record<string, string[]> = {
  'hand-over': [],
  receive: ['hand-over'],
  analyse: ['hand-over', 'receive'],
  store: ['hand-over', 'receive', 'analyse'],
  dispose: ['hand-over', 'receive', 'analyse', 'store'],
};

async function json(t: TestApp, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = t.adminToken) {
  const res = await t.call({ method, url, token, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One trip of today per caller (a person is on one trip a day), on a fresh round of the matrix's site. */
const trips = new Map<number, Promise<{ id: number; round: number; point: number }>>();
function tripOf(t: TestApp, leaderId: number, programBody: () => Record<string, unknown>) {
  let trip = trips.get(leaderId);
  if (!trip) {
    trip = (async () => {
      const program = await json(t, 'POST', '/api/monitoring-programs', programBody());
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const made = await json(t, 'POST', '/api/sampling-trips', {
        name: 'Chuyến lấy mẫu ma trận',
        start_date: today,
        end_date: today,
        leader_id: leaderId,
        round_ids: [program.rounds[0].id],
      });
      return { id: made.id, round: made.checklist[0].round_id, point: made.checklist[0].point.id };
    })();
    trips.set(leaderId, trip);
  }
  return trip;
}

/** The request of a `/api/samples` route (or the samples' history) for the holder of `key`; null for other routes. */
export async function samplesRequestFor(
  t: TestApp,
  route: string,
  key: PermissionKey | undefined,
  callerId: number,
  programBody: () => Record<string, unknown>,
): Promise<Call | null> {
  const [method = '', url = ''] = route.split(' ');
  const historyOfSample =
    url === '/api/audit-logs' &&
    (key === 'lab.index' || key === 'lab.receive' || key === 'sampling.department' || key === 'sampling.all');
  if (!url.startsWith('/api/samples') && !historyOfSample) return null;
  // A trip key reaches samples through a trip it leads; the laboratory's keys reach any (the administrator's trip).
  const leader = key?.startsWith('sampling.') ? callerId : 0;
  const adminId = (await json(t, 'GET', '/api/auth/info')).user.id as number;
  const trip = await tripOf(t, leader || adminId, programBody);
  const body = () => ({
    trip_id: trip.id,
    round_id: trip.round,
    point_id: trip.point,
    code: uniq('MTX')
      .toUpperCase()
      .replace(/[^A-Z0-9-]/g, ''),
    taken_at: new Date().toISOString(),
    photos: [`data:image/png;base64,${PNG.toString('base64')}`],
  });
  const sample = async (steps: string[] = []) => {
    const made = await json(t, 'POST', '/api/samples', body());
    for (const step of steps)
      await json(
        t,
        'POST',
        `/api/samples/${made.id}/${step}`,
        step === 'hand-over'
          ? { to_user_id: adminId, temperature: '4' }
          : step === 'receive'
            ? { intact: true, temperature: '4' }
            : {},
      );
    return json(t, 'GET', `/api/samples/${made.id}`);
  };
  if (historyOfSample) return { method: 'GET', url: `/api/audit-logs?entity=samples&entity_id=${(await sample()).id}` };
  if (route === 'GET /api/samples')
    return { method, url: key?.startsWith('sampling.') && key !== 'sampling.all' ? `${url}?trip_id=${trip.id}` : url };
  if (route === 'GET /api/samples/labels') return { method, url: `${url}?trip_id=${trip.id}` };
  if (route === 'POST /api/samples') return { method, url, payload: body() };
  if (route === 'GET /api/samples/code/:code') return { method, url: url.replace(':code', (await sample()).code) };
  const step = url.split('/').pop() ?? '';
  const s = await sample(STATE_BEFORE[step] ?? []);
  const at = url.replace(':id', String(s.id));
  if (url.endsWith(':photoId')) return { method, url: at.replace(':photoId', String(s.photos[0].id)) };
  if (method === 'PUT')
    return {
      method,
      url: at,
      payload: { round_id: s.round.id, point_id: s.point.id, code: s.code, taken_at: s.taken_at, version: s.version },
    };
  if (step === 'hand-over') return { method, url: at, payload: { to_user_id: adminId, temperature: '4' } };
  if (step === 'receive') return { method, url: at, payload: { intact: true, temperature: '4' } };
  return { method, url: at, ...(method === 'POST' ? { payload: {} } : {}) };
}
