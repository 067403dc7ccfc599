import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';
import { loadDemoPrograms } from './demo-programs';
import { loadDemoSamples } from './demo-samples';
import { loadDemoSites, SITE_CUSTOMERS } from './demo-sites';
import { loadDemoTrips } from './demo-trips';

describe('demo sites', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
    // The activity makes these customers; here through the API, as it does.
    for (const name of new Set(SITE_CUSTOMERS)) {
      const res = await t.call({
        method: 'POST',
        url: '/api/customers',
        token: t.adminToken,
        payload: { type: 'organization', name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await loadDemoSites(t.database.db)).toBe(true);
    expect(await loadDemoSites(t.database.db)).toBe(false);
    expect(await loadDemoPrograms(t.database.db)).toBe(true);
    expect(await loadDemoPrograms(t.database.db)).toBe(false);
    expect(await loadDemoTrips(t.database.db)).toBe(true);
    expect(await loadDemoTrips(t.database.db)).toBe(false);
    expect(await loadDemoSamples(t.database.db)).toBe(true);
    expect(await loadDemoSamples(t.database.db)).toBe(false);
  }, 120_000);
  afterAll(() => t?.close());

  it('loads a dozen sites over every kind of point, each point planned with parameters of its medium', async () => {
    const list = await t.call({ method: 'GET', url: '/api/sites?per_page=100', token: t.adminToken });
    expect(list.statusCode).toBe(200);
    const sites = list.json().data as { id: number; code: string; media: string[]; points_count: number }[];
    expect(sites.length).toBe(12);
    expect(new Set(sites.flatMap((s) => s.media))).toEqual(
      new Set(['wastewater', 'emission', 'ambient_air', 'groundwater', 'surface_water']),
    );
    for (const s of sites) {
      const detail = (await t.call({ method: 'GET', url: `/api/sites/${s.id}`, token: t.adminToken })).json();
      expect(detail.points.length, s.code).toBe(s.points_count);
      for (const p of detail.points) {
        expect(p.plan.length, `${s.code} ${p.code}`).toBeGreaterThan(0);
        const options = (
          await t.call({ method: 'GET', url: `/api/parameters/options?medium=${p.medium}`, token: t.adminToken })
        ).json() as { id: number }[];
        for (const line of p.plan) expect(options.map((o) => o.id)).toContain(line.parameter.id);
      }
    }
    // A site can be saved back as it reads (the demo is valid input).
    const dye = (await t.call({ method: 'GET', url: '/api/sites?search=CS-DNPH', token: t.adminToken })).json().data[0];
    const d = (await t.call({ method: 'GET', url: `/api/sites/${dye.id}`, token: t.adminToken })).json();
    const saved = await t.call({
      method: 'PUT',
      url: `/api/sites/${d.id}`,
      token: t.adminToken,
      payload: {
        code: d.code,
        name: d.name,
        customer_id: d.customer.id,
        address: d.address,
        province: d.province,
        latitude: d.latitude,
        longitude: d.longitude,
        permit_number: d.permit_number,
        permit_date: d.permit_date,
        version: d.version,
        points: d.points.map((p: { plan: { parameter: { id: number }; frequency: string }[] } & Record<string, unknown>) => ({
          id: p.id,
          code: p.code,
          name: p.name,
          medium: p.medium,
          regulation_id: p.regulation_id,
          regulation: p.regulation,
          regulation_column: p.regulation_column,
          regulation_factors: p.regulation_factors,
          plan: p.plan.map((l) => ({ parameter_id: l.parameter.id, frequency: l.frequency })),
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("names each point's regulation from the catalogue with its factors: the limits are computed, none missing", async () => {
    const sites = (await t.call({ method: 'GET', url: '/api/sites?per_page=100', token: t.adminToken })).json().data;
    let limited = 0;
    for (const s of sites as { id: number }[]) {
      const d = (await t.call({ method: 'GET', url: `/api/sites/${s.id}`, token: t.adminToken })).json();
      for (const p of d.points) {
        if (p.regulation_id === null) continue;
        limited++;
        expect(p.limits.length, `${d.code} ${p.code}`).toBeGreaterThan(0);
        for (const l of p.limits) expect(l.missing, `${d.code} ${p.code} ${l.analyte}`).toEqual([]);
      }
    }
    expect(limited).toBeGreaterThan(15);
    // The dyeing plant's wastewater: BOD₅ of column B is 50 × Kq 0,9 × Kf 1,1.
    const dye = (await t.call({ method: 'GET', url: '/api/sites?search=CS-DNPH', token: t.adminToken })).json().data[0];
    const nt1 = (await t.call({ method: 'GET', url: `/api/sites/${dye.id}`, token: t.adminToken }))
      .json()
      .points.find((p: { code: string }) => p.code === 'NT1');
    expect(nt1.limits.find((l: { analyte: string }) => l.analyte === 'BOD5')).toMatchObject({
      regulation: { code: 'QCVN 40:2011/BTNMT' },
      column: 'B',
      max: '49.5',
      formula: 'C × Kq × Kf = 50 × 0,9 × 1,1 = 49,5',
    });
  });

  it("gives each site this year's programme: its plan as lines, past rounds done but one late, the rest planned", async () => {
    const res = await t.call({ method: 'GET', url: '/api/monitoring-programs?per_page=100', token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const programs = res.json().data as { id: number; progress: { rounds: number; done: number; late: number } }[];
    expect(programs).toHaveLength(12);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const late = programs.reduce((n, p) => n + p.progress.late, 0);
    // Before the first round of the year is due nothing can be late.
    expect(late).toBe(today > `${today.slice(0, 4)}-01-31` ? 1 : 0);
    for (const p of programs) {
      const detail = (await t.call({ method: 'GET', url: `/api/monitoring-programs/${p.id}`, token: t.adminToken })).json();
      expect(detail.lines.length).toBeGreaterThan(0);
      for (const r of detail.rounds) if (r.due_date >= today) expect(r.status).toBe('planned');
    }
  });

  it('gives the field team trips in every state, none holding an instrument twice on a day nor one past calibration', async () => {
    const res = await t.call({ method: 'GET', url: '/api/sampling-trips?per_page=all', token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const trips = res.json().data as { id: number; status: string; start_date: string; end_date: string }[];
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const states = new Set(trips.map((x) => x.status));
    expect(states).toContain('planned');
    expect(states).toContain('cancelled');
    if (today > `${today.slice(0, 4)}-04-10`) expect(states).toContain('done');
    const byDay = new Map<string, number[]>();
    for (const trip of trips) {
      const d = (await t.call({ method: 'GET', url: `/api/sampling-trips/${trip.id}`, token: t.adminToken })).json();
      expect(d.rounds.length).toBeGreaterThan(0);
      expect(d.checklist.length).toBeGreaterThan(0);
      if (trip.status === 'cancelled') continue;
      expect(d.equipment.some((e: { kind: string }) => e.kind === 'vehicle')).toBe(true);
      for (const e of d.equipment as { id: number; calibration_due: string | null }[]) {
        if (e.calibration_due) expect(e.calibration_due >= trip.end_date).toBe(true);
        byDay.set(trip.start_date, [...(byDay.get(trip.start_date) ?? []), e.id]);
      }
    }
    for (const ids of byDay.values()) expect(new Set(ids).size).toBe(ids.length);
    // A planned trip of the demo is saved back as it reads (valid input, no booking refused).
    const planned = trips.find((x) => x.status === 'planned')!;
    const p = (await t.call({ method: 'GET', url: `/api/sampling-trips/${planned.id}`, token: t.adminToken })).json();
    const saved = await t.call({
      method: 'PUT',
      url: `/api/sampling-trips/${p.id}`,
      token: t.adminToken,
      payload: {
        name: p.name,
        start_date: p.start_date,
        end_date: p.end_date,
        leader_id: p.leader.id,
        member_ids: p.members.map((m: { id: number }) => m.id),
        vehicle_id: p.vehicle?.id ?? null,
        equipment_ids: p.equipment.filter((e: { kind: string }) => e.kind === 'instrument').map((e: { id: number }) => e.id),
        round_ids: p.rounds.map((r: { id: number }) => r.id),
        version: p.version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  it('loads samples of the done and running trips in every step of the chain of custody, readable through the API', async () => {
    const list = await t.call({ method: 'GET', url: '/api/samples?per_page=all', token: t.adminToken });
    expect(list.statusCode, list.body).toBe(200);
    const samples = list.json().data as { id: number; code: string; status: string; qc_kind: string; trip: { code: string } }[];
    // Every step of the chain has samples: today's trip's with the team, the latest done trip's waiting for the lab…
    expect(new Set(samples.map((s) => s.status))).toEqual(
      new Set(['taken', 'handed_over', 'received', 'in_analysis', 'stored', 'disposed']),
    );
    expect(new Set(samples.map((s) => s.qc_kind))).toEqual(new Set(['normal', 'duplicate', 'field_blank']));
    expect(new Set(samples.map((s) => s.code)).size).toBe(samples.length);
    const one = await t.call({ method: 'GET', url: `/api/samples/${samples[0]!.id}`, token: t.adminToken });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().events[0].status).toBe('taken');
  });
  it('never puts a person on two trips of the same day, as the API would refuse', async () => {
    const db = t.database.db;
    const trips = await db.selectFrom('sampling_trips').select(['id', 'start_date', 'leader_id', 'status']).execute();
    const members = await db.selectFrom('sampling_trip_members').select(['trip_id', 'user_id']).execute();
    const seen = new Set<string>();
    for (const trip of trips.filter((x) => x.status !== 'cancelled')) {
      const people = [trip.leader_id, ...members.filter((m) => m.trip_id === trip.id).map((m) => m.user_id)];
      for (const p of people) {
        const key = `${p}|${trip.start_date}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});
