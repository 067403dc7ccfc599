import { expect } from 'vitest';
import { uniq } from './fixtures';
import type { TestApp } from './harness';

// The laboratory's analyses in tests (issue 25 part 2): a wastewater point planning two laboratory parameters and a
// field one, a trip around today led by a person of its own, and samples taken on it, handed over and received.

/** Vietnam's day `offset` days from today, `YYYY-MM-DD`. */
export const vnDay = (offsetDays = 0) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Vietnam's day of an instant, `YYYY-MM-DD` (a sample taken an hour ago may be yesterday's after midnight there). */
export const vnDayOf = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);

export interface LabWorld {
  tripId: number;
  roundId: number;
  pointId: number;
  /** COD: holding 168 h, LOD 2 mg/L. */
  cod: { id: number; code: string };
  /** Total coliforms: holding 24 h, no LOD. */
  coliform: { id: number; code: string };
  /** A vehicle: not an analysing instrument. */
  vehicleId: number;
  instrumentId: number;
}

async function post(t: TestApp, url: string, payload: Record<string, unknown>, token = t.adminToken) {
  const res = await t.call({ method: 'POST', url, token, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** The programme, its point and a trip from three days ago to tomorrow led by a fresh field worker. */
export async function labWorld(t: TestApp): Promise<LabWorld> {
  const customer = await post(t, '/api/customers', { type: 'organization', name: 'Công ty TNHH Dệt nhuộm Thành Công' });
  const parameter = (code: string, body: Record<string, unknown>) =>
    post(t, '/api/parameters', { code: uniq(code), medium: 'wastewater', place: 'lab', ...body });
  const cod = await parameter('COD', { name: 'COD', unit: 'mg/L', method: 'SMEWW 5220C:2017', holding_hours: 168, lod: '2' });
  const coliform = await parameter('COLI', {
    name: 'Tổng Coliform',
    unit: 'MPN/100mL',
    method: 'TCVN 6187-2:2020',
    holding_hours: 24,
  });
  const ph = await parameter('PH', { name: 'pH', unit: '-', method: 'TCVN 6492:2011', place: 'field' });
  const site = await post(t, '/api/sites', {
    code: uniq('CS'),
    name: 'Nhà máy dệt nhuộm Thành Công',
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        plan: [cod.id, coliform.id, ph.id].map((id) => ({ parameter_id: id, frequency: 'quarterly' })),
      },
    ],
  });
  const program = await post(t, '/api/monitoring-programs', {
    code: uniq('CT'),
    name: 'Quan trắc nước thải 2027',
    site_id: site.id,
    start_date: '2027-01-01',
    end_date: '2027-12-31',
  });
  const leader = await t.userWith(['sampling.index']);
  const trip = await post(t, '/api/sampling-trips', {
    name: 'Lấy mẫu nước thải',
    start_date: vnDay(-3),
    end_date: vnDay(1),
    leader_id: leader.id,
    round_ids: [program.rounds[0].id],
  });
  const vehicle = await post(t, '/api/equipment', {
    code: uniq('XE'),
    name: 'Xe bán tải',
    kind: 'vehicle',
    identifier: '51C-123.45',
  });
  const instrument = await post(t, '/api/equipment', { code: uniq('UV'), name: 'Máy quang phổ UV-Vis', kind: 'instrument' });
  return {
    tripId: trip.id,
    roundId: trip.checklist[0].round_id,
    pointId: trip.checklist[0].point.id,
    cod: { id: cod.id, code: cod.code },
    coliform: { id: coliform.id, code: coliform.code },
    vehicleId: vehicle.id,
    instrumentId: instrument.id,
  };
}

/** A sample taken on the world's trip (by the administrator) and handed over to the administrator. */
export async function handedOverSample(
  t: TestApp,
  w: LabWorld,
  opts: { code?: string; qc_kind?: string; taken_at?: string } = {},
): Promise<{ id: number; code: string; taken_at: string }> {
  const takenAt = opts.taken_at ?? new Date(Date.now() - 3_600_000).toISOString();
  const made = await post(t, '/api/samples', {
    trip_id: w.tripId,
    round_id: w.roundId,
    point_id: w.pointId,
    code: (opts.code ?? uniq('MAU')).toUpperCase().replace(/[^A-Z0-9-]/g, ''),
    qc_kind: opts.qc_kind ?? 'normal',
    taken_at: takenAt,
  });
  const admin = (await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken })).json().user.id as number;
  await post(t, `/api/samples/${made.id}/hand-over`, { to_user_id: admin, temperature: '4' });
  return { id: made.id, code: made.code, taken_at: takenAt };
}

/** A sample handed over and received by `token`'s holder (the laboratory): its analyses, by parameter id. */
export async function receivedSample(
  t: TestApp,
  w: LabWorld,
  opts: { code?: string; qc_kind?: string; taken_at?: string; token?: string } = {},
): Promise<{ id: number; code: string; taken_at: string; analyses: Map<number, { id: number; version: number }> }> {
  const s = await handedOverSample(t, w, opts);
  await post(t, `/api/samples/${s.id}/receive`, { intact: true, temperature: '4' }, opts.token);
  const list = await t.call({ method: 'GET', url: `/api/analyses?sample_id=${s.id}`, token: t.adminToken });
  expect(list.statusCode, list.body).toBe(200);
  const analyses = new Map<number, { id: number; version: number }>();
  for (const a of list.json().data as { id: number; version: number; parameter: { id: number } }[])
    analyses.set(a.parameter.id, { id: a.id, version: a.version });
  return { ...s, analyses };
}
