import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProgramme } from '../../test/monitoring-fixtures';

// Issue 24 part 7: planning a trip tells its leader and members (never the planner); an edit tells only the people
// it adds — each with the trip's code and a link to it.

type Who = { id: number; token: string };

describe('sampling_trip.assigned', () => {
  let t: TestApp;
  let planner: Who;
  let leader: Who;
  let member: Who;
  let added: Who;
  let roundId: number;

  const notesOf = async (who: Who) =>
    (
      (await t.call({ method: 'GET', url: '/api/notifications?per_page=100', token: who.token })).json().data as {
        event: string;
        entity_id: number;
        title: string;
        body: string;
        link: string;
      }[]
    ).filter((n) => n.event === 'sampling_trip.assigned');
  const send = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
    const res = await t.call({ method, url, token: planner.token, payload });
    expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
    return res.json() as { id: number; code: string; version: number };
  };
  const dispatch = () => t.app.workers.dispatcher.runOnce();

  beforeAll(async () => {
    t = await createTestApp();
    planner = await t.userWith(['sampling.index', 'sampling.all', 'sampling.create', 'sampling.edit']);
    leader = await t.userWith(['sampling.index']);
    member = await t.userWith(['sampling.index']);
    added = await t.userWith(['sampling.index']);
    const programme = await createProgramme(t, { start: '2027-01-01', end: '2027-12-31' });
    roundId = programme.rounds[0]!.id;
    await dispatch();
  }, 60_000);
  afterAll(() => t?.close());

  it('tells the leader and members of a new trip, not the planner on it; an edit tells only who it adds', async () => {
    const body = {
      name: 'Lấy mẫu quý I — Dệt may Phố Nối',
      start_date: '2027-03-10',
      end_date: '2027-03-11',
      leader_id: leader.id,
      member_ids: [member.id, planner.id],
      round_ids: [roundId],
    };
    const trip = await send('POST', '/api/sampling-trips', body);
    await dispatch();
    for (const who of [leader, member]) {
      const [note, ...more] = await notesOf(who);
      expect(more).toHaveLength(0);
      expect(note).toMatchObject({
        entity_id: trip.id,
        title: `Bạn được phân công chuyến lấy mẫu ${trip.code}`,
        link: `/admin/monitoring/trips/${trip.id}`,
      });
      expect(note?.body).toContain('"Lấy mẫu quý I — Dệt may Phố Nối" ngày 10/03/2027 – 11/03/2027');
      expect(note?.body).toContain('Hệ thống xử lý nước thải Dệt may Phố Nối');
    }
    expect(await notesOf(planner)).toHaveLength(0);

    // Adding one member: only they are told; an edit adding nobody records nothing.
    const edited = await send('PUT', `/api/sampling-trips/${trip.id}`, {
      ...body,
      member_ids: [member.id, planner.id, added.id],
      version: trip.version,
    });
    await send('PUT', `/api/sampling-trips/${trip.id}`, {
      ...body,
      name: 'Lấy mẫu quý I — Dệt may Phố Nối (đổi ngày)',
      start_date: '2027-03-12',
      end_date: '2027-03-12',
      member_ids: [member.id, added.id],
      version: edited.version,
    });
    await dispatch();
    expect(await notesOf(leader)).toHaveLength(1);
    expect(await notesOf(member)).toHaveLength(1);
    const [note, ...more] = await notesOf(added);
    expect(more).toHaveLength(0);
    expect(note?.title).toBe(`Bạn được phân công chuyến lấy mẫu ${trip.code}`);
    expect(note?.link).toBe(`/admin/monitoring/trips/${trip.id}`);
    const events = await t.database.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'sampling_trip.assigned')
      .where('entity_id', '=', trip.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => JSON.parse(String(e.payload)).assignee_ids)).toEqual([
      [leader.id, member.id, planner.id],
      [added.id],
    ]);
  });
});
