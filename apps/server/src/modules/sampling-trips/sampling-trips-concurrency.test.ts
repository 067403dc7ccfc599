import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of the trips, under requests at once: an instrument is booked by one trip of the same days (its
// row held while the booking is read and written), and a trip starts once.

describe('sampling trips under concurrent requests', () => {
  let t: TestApp;
  let leader: number;
  let roundId: number;
  const leaders: number[] = [];

  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.call({ method: 'POST', url, token: t.adminToken, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const trip = (equipment: number[], day: string) => ({
    name: 'Lấy mẫu khí thải',
    start_date: day,
    end_date: day,
    leader_id: leader,
    equipment_ids: equipment,
    round_ids: [roundId],
  });

  beforeAll(async () => {
    t = await createTestApp();
    leader = (await t.userWith(['sampling.index'])).id;
    for (let i = 0; i < 6; i++) leaders.push((await t.userWith(['sampling.index'])).id);
    const customer = await post('/api/customers', { type: 'organization', name: 'Nhà máy xi măng' });
    const dust = await post('/api/parameters', {
      code: uniq('BUI'),
      name: 'Bụi tổng',
      medium: 'emission',
      unit: 'mg/Nm³',
      method: 'US EPA Method 5',
      place: 'field',
    });
    const site = await post('/api/sites', {
      code: uniq('CS'),
      name: 'Ống khói lò nung',
      customer_id: customer.id,
      points: [{ code: 'KT1', name: 'Ống khói', medium: 'emission', plan: [{ parameter_id: dust.id, frequency: 'quarterly' }] }],
    });
    const program = await post('/api/monitoring-programs', {
      code: uniq('CT'),
      name: 'Quan trắc khí thải 2027',
      site_id: site.id,
      start_date: '2027-01-01',
      end_date: '2027-12-31',
    });
    roundId = program.rounds[0].id;
  });
  afterAll(() => t?.close());

  it('books an instrument for one of 8 trips of the same day sent at once', async () => {
    const meters: number[] = [];
    for (let i = 0; i < 3; i++)
      meters.push(
        (await post('/api/equipment', { code: uniq('TESTO'), name: 'Máy đo khí thải Testo 350', kind: 'instrument' })).id,
      );
    // Each trip takes the shared meter and one of its own: only one may hold the shared one.
    const answers = await race(t, 8, (i) => ({
      method: 'POST',
      url: '/api/sampling-trips',
      token: t.adminToken,
      payload: trip(i > 0 && i < 3 ? [meters[0]!, meters[i]!] : [meters[0]!], '2027-03-15'),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 7 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error_code).toBe('EQUIPMENT_BOOKED');
    const listed = await t.call({
      method: 'GET',
      url: `/api/sampling-trips?equipment_id=${meters[0]}&per_page=all`,
      token: t.adminToken,
    });
    expect(listed.json().meta.total).toBe(1);
  });

  it('puts a person on one of 6 trips of the same day sent at once', async () => {
    const person = (await t.userWith(['sampling.index'])).id;
    const answers = await race(t, 6, (i) => ({
      method: 'POST',
      url: '/api/sampling-trips',
      token: t.adminToken,
      // Each trip its own leader; the same member on all of them.
      payload: { ...trip([], '2027-04-15'), leader_id: leaders[i]!, member_ids: [person] },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 5 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error_code).toBe('PERSON_BOOKED');
  });

  it('starts a trip once when 6 ask at once', async () => {
    const made = await post('/api/sampling-trips', trip([], '2027-03-20'));
    const answers = await race(t, 6, () => ({
      method: 'POST',
      url: `/api/sampling-trips/${made.id}/start`,
      token: t.adminToken,
      payload: {},
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 5 });
  });
});
