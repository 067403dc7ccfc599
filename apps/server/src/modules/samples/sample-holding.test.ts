import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProgramme } from '../../test/monitoring-fixtures';
import { SampleHoldingJob } from './sample-holding.job';

// Issue 24 part 7: "a sample past its holding time" is raised once per sample still held (taken, handed over or
// received), never for one whose analysis started, and once when two runners pass at once.

describe('sample holding-time alert', () => {
  let t: TestApp;
  let tripId: number;
  let roundId: number;
  let pointId: number;
  let leader: { id: number; token: string };

  const post = async (url: string, payload: Record<string, unknown>, status = 201) => {
    const res = await t.call({ method: 'POST', url, token: t.adminToken, payload });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const sample = () =>
    post('/api/samples', {
      trip_id: tripId,
      round_id: roundId,
      point_id: pointId,
      code: uniq('MAU').toUpperCase(),
      taken_at: new Date().toISOString(),
    });
  const events = async (id: number) =>
    t.database.db
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('entity', '=', 'samples')
      .where('entity_id', '=', id)
      .execute();
  const later = () => new Date(Date.now() + 2 * 86_400_000);

  beforeAll(async () => {
    t = await createTestApp();
    leader = await t.userWith(['sampling.index']);
    const program = await createProgramme(t, { start: '2031-01-01', end: '2031-12-31', holdingHours: 24 });
    roundId = program.rounds[0]!.id;
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const trip = await post('/api/sampling-trips', {
      name: 'Lấy mẫu nước thải',
      start_date: today,
      end_date: today,
      leader_id: leader.id,
      round_ids: [roundId],
    });
    tripId = trip.id;
    pointId = trip.checklist[0].point.id;
  });
  afterAll(() => t?.close());

  it('raises it once for each sample still held, to the leader and the taker, never once analysis started', async () => {
    const held = await sample();
    const analysed = await sample();
    for (const [step, body] of [
      ['hand-over', { to_user_id: leader.id, temperature: '4' }],
      ['receive', { intact: true, temperature: '4' }],
      ['analyse', {}],
    ] as const)
      await post(`/api/samples/${analysed.id}/${step}`, body, 200);
    // Before its holding time ends: nothing.
    expect(await new SampleHoldingJob(t.database.db).runOnce(new Date())).toBe(0);
    expect(await new SampleHoldingJob(t.database.db).runOnce(later())).toBe(1);
    expect(await new SampleHoldingJob(t.database.db).runOnce(later())).toBe(0);
    const raised = await events(held.id);
    expect(raised.map((e) => e.type)).toEqual(['sample.holding_expired']);
    const payload = JSON.parse(raised[0]!.payload ?? '{}');
    expect(payload).toMatchObject({
      code: held.code,
      assignee_ids: [leader.id],
      link: `/admin/monitoring/samples/${held.id}`,
      vars: { 'sample.code': held.code, 'sample.status': 'Đã lấy mẫu' },
    });
    expect(await events(analysed.id)).toEqual([]);
  });

  it('raises it once when two runners pass at once', async () => {
    const held = await sample();
    const counts = await Promise.all([
      new SampleHoldingJob(t.database.db).runOnce(later()),
      new SampleHoldingJob(t.database.db).runOnce(later()),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await events(held.id)).toHaveLength(1);
  });
});
