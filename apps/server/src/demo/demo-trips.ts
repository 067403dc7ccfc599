import { searchText } from '@qlcv/common/vi-text';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { vnToday } from '../lib/vn-time';

// The demo's sampling trips (issue 24 part 4): the field team (Đội Lấy mẫu hiện trường, led by thanh.dc) sampled each
// round already done a week before its due date; the round left late has a trip under way today; the next rounds due
// have trips planned next week, two nearby sites on one trip; one trip was cancelled. Each takes a vehicle and the
// instruments its points need whose calibration holds on the day; no instrument is on two trips of the same days.

const TEAM = ['thanh.dc', 'tai.mv', 'phuc.cv', 'hanh.tt', 'yen.pt', 'khoa.vm'];

/** Trips for the demo programmes' rounds; nothing when there are trips already or no rounds. */
export async function loadDemoTrips(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('sampling_trips').select('id').limit(1).executeTakeFirst()) return false;
  const rounds = await db
    .selectFrom('monitoring_rounds as r')
    .innerJoin('monitoring_programs as m', 'm.id', 'r.program_id')
    .innerJoin('sites as s', 's.id', 'm.site_id')
    .select(['r.id', 'r.name', 'r.due_date', 'r.status', 's.name as site_name', 's.province'])
    .orderBy('r.due_date')
    .orderBy('r.id')
    .execute();
  if (rounds.length === 0) return false;
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).where('username', 'in', TEAM).execute()).map((u) => [
      u.username,
      u.id,
    ]),
  );
  const people = TEAM.map((u) => users.get(u)).filter((id): id is number => id !== undefined);
  if (people.length < 3) return false;
  const kit = await db
    .selectFrom('equipment')
    .select(['id', 'kind', 'calibration_due'])
    .where('active', '=', 1)
    .orderBy('code')
    .execute();
  const vehicles = kit.filter((e) => e.kind === 'vehicle');
  const instruments = kit.filter((e) => e.kind === 'instrument');
  const today = vnToday();
  const now = new Date().toISOString();
  const year = today.slice(0, 4);
  let seq = 0;
  // Each day's people on a trip.
  const team = new Map<string, Set<number>>();
  // Each day's bookings: one instrument or vehicle on one trip a day.
  const booked = new Map<string, Set<number>>();
  const take = (from: readonly { id: number; calibration_due: string | null }[], day: string, n: number) => {
    const used = booked.get(day) ?? new Set<number>();
    const free = from.filter((e) => !used.has(e.id) && (e.calibration_due === null || e.calibration_due >= day)).slice(0, n);
    for (const e of free) used.add(e.id);
    booked.set(day, used);
    return free.map((e) => e.id);
  };

  await db.transaction().execute(async (trx) => {
    const add = async (
      wanted: string,
      status: string,
      roundIds: number[],
      sites: string[],
      crew: number,
      notes: string | null = null,
    ) => {
      // A day whose whole team is out already: the trip goes a day earlier (done trips) — never two trips a person.
      let day = wanted;
      while (status === 'done' && people.every((p) => team.get(day)?.has(p))) day = addDays(day, -1);
      seq += 1;
      const code = `CLM-${day.slice(0, 4)}-${String(seq).padStart(3, '0')}`;
      const name = `Lấy mẫu ${sites.join(', ')}`.slice(0, 255);
      // The crew of the day: a person is on one trip a day (as the API holds it), so those out already are skipped.
      const out = status === 'cancelled' ? new Set<number>() : (team.get(day) ?? new Set<number>());
      const free = people.filter((p) => !out.has(p));
      const preferred = people[crew % 2 === 0 ? 0 : Math.min(4, people.length - 1)]!;
      const leader = free.includes(preferred) ? preferred : (free[0] ?? preferred);
      const members = free.filter((p) => p !== leader).slice(crew % 3, (crew % 3) + 2);
      if (status !== 'cancelled') team.set(day, new Set([...out, leader, ...members]));
      const { id } = await trx
        .insertInto('sampling_trips')
        .values({
          code,
          name,
          status,
          start_date: day,
          end_date: day,
          leader_id: leader,
          notes,
          started_at: status === 'in_progress' || status === 'done' ? `${day}T00:30:00.000Z` : null,
          finished_at: status === 'done' ? `${day}T10:00:00.000Z` : null,
          search_text: searchText(code, name, ...sites),
          created_by: people[0]!,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (members.length)
        await trx
          .insertInto('sampling_trip_members')
          .values(members.map((user_id) => ({ trip_id: id, user_id })))
          .execute();
      const gear = status === 'cancelled' ? [] : [...take(vehicles, day, 1), ...take(instruments, day, 3)];
      if (gear.length)
        await trx
          .insertInto('sampling_trip_equipment')
          .values(gear.map((equipment_id) => ({ trip_id: id, equipment_id })))
          .execute();
      await trx
        .insertInto('sampling_trip_rounds')
        .values(roundIds.map((round_id) => ({ trip_id: id, round_id })))
        .execute();
    };

    let crew = 0;
    for (const r of rounds.filter((x) => x.status === 'done' && x.due_date.startsWith(year)))
      await add(addDays(r.due_date, -7 - (crew % 5)), 'done', [r.id], [r.site_name], crew++);
    const late = rounds.find((x) => x.status === 'planned' && x.due_date < today);
    if (late)
      await add(today, 'in_progress', [late.id], [late.site_name], crew++, 'Bù đợt trễ hạn; khách hàng đã xác nhận lịch.');
    // The next planned rounds: nearby sites (same province) share a trip next week.
    const next = rounds.filter((x) => x.status === 'planned' && x.due_date >= today).slice(0, 6);
    const byProvince = new Map<string, typeof next>();
    for (const r of next) byProvince.set(r.province ?? r.site_name, [...(byProvince.get(r.province ?? r.site_name) ?? []), r]);
    let offset = 3;
    for (const group of byProvince.values()) {
      const pair = group.slice(0, 2);
      await add(
        addDays(today, offset),
        'planned',
        pair.map((x) => x.id),
        pair.map((x) => x.site_name),
        crew++,
      );
      offset += 1;
    }
    const spare =
      next.find(
        (r) =>
          !byProvince
            .get(r.province ?? r.site_name)
            ?.slice(0, 2)
            .includes(r),
      ) ?? next[0];
    if (spare)
      await add(
        addDays(today, -2),
        'cancelled',
        [spare.id],
        [spare.site_name],
        crew++,
        'Khách hàng xin dời lịch do nhà máy dừng sản xuất.',
      );
  });
  return true;
}
