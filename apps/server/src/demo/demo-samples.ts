import { searchText } from '@qlcv/common/vi-text';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

// The demo's samples (issue 24 part 5): each point of a done or running trip's rounds was sampled on the trip's day,
// field parameters measured with the trip's instruments; done trips add a duplicate and a field blank at their first
// point. Their chain of custody: today's trip has one sample received by the laboratory an hour ago, one handed over
// and waiting for it, the rest still with the team; the latest done trip's samples are in analysis, the one before's
// stored, the older ones disposed. A reading names the trip's instrument that measures it (its "measures" text), or
// none when the trip carried no such instrument.

/** Plausible field readings by parameter code prefix (decimal strings, as the instrument shows them). */
const READINGS: [RegExp, string[]][] = [
  [/^PH/i, ['7.12', '6.85', '7.40', '7.05', '8.10']],
  [/^(T|NHIET)/i, ['28.6', '30.1', '27.4', '31.2', '29.0']],
  [/^DO/i, ['5.62', '4.85', '6.10', '3.95', '5.20']],
  [/^(EC|DAN)/i, ['512', '865', '1230', '430', '690']],
  [/^(TDS)/i, ['256', '432', '615', '215', '345']],
  [/^(DUC|TURB)/i, ['12.5', '8.4', '25.0', '5.1', '15.7']],
  [/^(O2)/i, ['11.2', '9.8', '12.5', '10.4', '13.1']],
  [/^(CO)$/i, ['85', '120', '64', '210', '95']],
  [/^(SO2)/i, ['145', '210', '98', '320', '175']],
  [/^(NO|NOX)/i, ['180', '250', '132', '310', '205']],
  [/^(V|VAN)/i, ['12.4', '15.1', '10.8', '9.6', '14.2']],
  [/^(ON|NOISE|LAEQ)/i, ['62.5', '68.1', '71.4', '58.9', '65.0']],
];
const readingOf = (code: string, n: number) =>
  (READINGS.find(([re]) => re.test(bare(code)))?.[1] ?? ['1.25', '2.50', '0.85', '3.10', '1.75'])[n % 5]!;

const CONTAINERS: Record<string, string> = {
  wastewater: 'Chai nhựa PE 1 L + chai thủy tinh tối màu 500 mL',
  surface_water: 'Chai nhựa PE 1 L',
  groundwater: 'Chai nhựa PE 1 L',
  emission: 'Ống hấp thụ và túi Tedlar 5 L',
  ambient_air: 'Ống hấp thụ, giấy lọc sợi thủy tinh',
  soil: 'Túi PE 1 kg',
  sediment: 'Lọ thủy tinh miệng rộng 500 mL',
};
const PRESERVATION: Record<string, string> = {
  wastewater: 'Làm lạnh 2–5 °C; chai kim loại axit hóa HNO₃ pH < 2',
  surface_water: 'Làm lạnh 2–5 °C',
  groundwater: 'Làm lạnh 2–5 °C',
  emission: 'Bảo quản kín, tránh ánh sáng',
  ambient_air: 'Bảo quản kín, làm lạnh',
  soil: 'Làm lạnh 2–5 °C',
  sediment: 'Làm lạnh 2–5 °C, tránh ánh sáng',
};

const CHAIN = ['handed_over', 'received', 'in_analysis', 'stored', 'disposed'];
/** The steps of a done trip's samples by the trip's rank from the latest: in analysis, stored, then disposed. */
const DONE_STEPS = [CHAIN.slice(0, 3), CHAIN.slice(0, 4), CHAIN];
/** Today's trip: its first sample received, its second handed over, the rest with the team. */
const TODAY_STEPS = [CHAIN.slice(0, 2), CHAIN.slice(0, 1)];

/** Strips the medium's prefix of a demo parameter code (NT-PH → PH). */
const bare = (code: string) => code.replace(/^[A-Z]+-/, '');
/** What an instrument's "measures" text must name for a parameter: its symbol in brackets, else its name. */
const keyword = (name: string) => (/\(([^)]+)\)/.exec(name)?.[1] ?? name).toLowerCase();

/** An instant on a Vietnamese day at hh:mm (UTC+7), ISO. */
const at = (day: string, hh: number, mm = 0) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + ((hh - 7) * 60 + mm) * 60_000).toISOString();

/** Samples for the demo trips; nothing when there are samples already or no trips. */
export async function loadDemoSamples(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('samples').select('id').limit(1).executeTakeFirst()) return false;
  const trips = await db
    .selectFrom('sampling_trips')
    .select(['id', 'code', 'status', 'start_date', 'leader_id'])
    .where('status', 'in', ['done', 'in_progress'])
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  if (trips.length === 0) return false;
  const lab = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', ['phuong.tt', 'son.kv', 'ngoc.atb', 'thao.lt'])
    .execute();
  const receiver = lab.find((u) => u.username === 'phuong.tt') ?? lab[0];
  if (!receiver) return false;
  const now = new Date().toISOString();
  const done = trips
    .filter((t) => t.status === 'done')
    .map((t) => t.id)
    .reverse();

  await db.transaction().execute(async (trx) => {
    for (const trip of trips) {
      const [links, members, kit] = await Promise.all([
        trx.selectFrom('sampling_trip_rounds').select('round_id').where('trip_id', '=', trip.id).execute(),
        trx.selectFrom('sampling_trip_members').select('user_id').where('trip_id', '=', trip.id).execute(),
        trx
          .selectFrom('sampling_trip_equipment as te')
          .innerJoin('equipment as e', 'e.id', 'te.equipment_id')
          .select(['e.id', 'e.measures'])
          .where('te.trip_id', '=', trip.id)
          .where('e.kind', '=', 'instrument')
          .execute(),
      ]);
      const team = [trip.leader_id, ...members.map((m) => m.user_id)];
      const roundIds = links.map((l) => l.round_id);
      if (roundIds.length === 0) continue;
      // Each round's points with their parameters (the programme's lines), by point code.
      const lines = await trx
        .selectFrom('monitoring_rounds as r')
        .innerJoin('monitoring_program_lines as l', 'l.program_id', 'r.program_id')
        .innerJoin('site_points as p', 'p.id', 'l.point_id')
        .innerJoin('sites as s', 's.id', 'p.site_id')
        .innerJoin('parameters as pa', 'pa.id', 'l.parameter_id')
        .select([
          'r.id as round_id',
          'p.id as point_id',
          'p.code as point_code',
          'p.name as point_name',
          'p.medium',
          'p.latitude_e6',
          'p.longitude_e6',
          's.code as site_code',
          's.name as site_name',
          'pa.id as parameter_id',
          'pa.code as parameter_code',
          'pa.name as parameter_name',
          'pa.place',
          'pa.holding_hours',
        ])
        .where('r.id', 'in', roundIds)
        .orderBy('p.sort_order')
        .orderBy('p.id')
        .execute();
      const points = new Map<string, typeof lines>();
      for (const l of lines) points.set(`${l.round_id}|${l.point_id}`, [...(points.get(`${l.round_id}|${l.point_id}`) ?? []), l]);
      const day = trip.start_date;
      let n = 0;
      let first = true;
      for (const group of points.values()) {
        const p = group[0]!;
        const kinds = trip.status === 'done' && first ? (['normal', 'duplicate', 'field_blank'] as const) : (['normal'] as const);
        first = false;
        for (const kind of kinds) {
          n += 1;
          // Today's samples were taken this morning, before now; a done trip's over its day.
          const taken =
            trip.status === 'in_progress'
              ? new Date(Math.min(Date.parse(at(day, 7 + n)), Date.now() - (5 - Math.min(n, 3)) * 3_600_000)).toISOString()
              : at(day, 8 + Math.min(n, 8), (n * 17) % 60);
          const hours = group.filter((l) => l.place !== 'field' && l.holding_hours !== null).map((l) => Number(l.holding_hours));
          // Today's first sample was taken at dawn for coliforms: it is past its holding time until the lab gets it.
          const holdUntil = hours.length ? new Date(Date.parse(taken) + Math.min(...hours) * 3_600_000).toISOString() : null;
          const suffix = kind === 'duplicate' ? '-L' : kind === 'field_blank' ? '-TT' : '';
          const code = `${trip.code}-${p.point_code}${suffix}`;
          const steps =
            trip.status === 'in_progress'
              ? (TODAY_STEPS[n - 1] ?? [])
              : DONE_STEPS[Math.min(done.indexOf(trip.id), DONE_STEPS.length - 1)]!;
          const status = steps.at(-1) ?? 'taken';
          const taker = team[n % team.length]!;
          const offset = kind === 'normal' ? 0 : 40 + n; // metres, a few fixes drift
          const { id } = await trx
            .insertInto('samples')
            .values({
              code,
              trip_id: trip.id,
              round_id: p.round_id,
              point_id: p.point_id,
              medium: p.medium,
              qc_kind: kind,
              status,
              taken_at: taken,
              taken_by: taker,
              hold_until: holdUntil,
              container: kind === 'field_blank' ? 'Chai nhựa PE 1 L (nước cất hai lần)' : (CONTAINERS[p.medium] ?? null),
              preservation: PRESERVATION[p.medium] ?? null,
              latitude_e6: p.latitude_e6 === null ? null : Number(p.latitude_e6) + offset * 9,
              longitude_e6: p.longitude_e6,
              accuracy_m: p.latitude_e6 === null ? null : 6 + (n % 9),
              notes: kind === 'duplicate' ? 'Mẫu lặp để kiểm soát độ chụm theo Thông tư 10/2021/TT-BTNMT.' : null,
              client_key: null,
              search_text: searchText(code, trip.code, p.site_name, p.point_code, p.point_name),
              version: 1 + steps.length,
              created_at: taken,
              updated_at: now,
              created_by: taker,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const field = kind === 'field_blank' ? [] : group.filter((l) => l.place === 'field');
          if (field.length)
            await trx
              .insertInto('sample_measurements')
              .values(
                field.map((l, i) => ({
                  sample_id: id,
                  parameter_id: l.parameter_id,
                  value: readingOf(l.parameter_code, n + i),
                  equipment_id: kit.find((e) => e.measures?.toLowerCase().includes(keyword(l.parameter_name)))?.id ?? null,
                })),
              )
              .execute();
          const events = [{ status: 'taken', at: taken, by_id: taker }];
          const today = trip.status === 'in_progress';
          const handed = today ? new Date(Date.now() - 90 * 60_000).toISOString() : at(day, 17, 30);
          const received = today ? new Date(Date.now() - 60 * 60_000).toISOString() : at(day, 18, 15);
          const analysed = at(addDays(day, 1), 8, 30);
          for (const step of steps) {
            if (step === 'handed_over')
              events.push({ status: step, at: handed, by_id: trip.leader_id, to_id: receiver.id, temperature: '4.2' } as never);
            if (step === 'received')
              events.push({
                status: step,
                at: received,
                by_id: receiver.id,
                temperature: '4.8',
                intact: 1,
                within_holding: holdUntil === null || received <= holdUntil ? 1 : 0,
              } as never);
            if (step === 'in_analysis') events.push({ status: step, at: analysed, by_id: receiver.id });
            if (step === 'stored') events.push({ status: step, at: at(addDays(day, 8), 16), by_id: receiver.id });
            if (step === 'disposed')
              events.push({
                status: step,
                at: at(addDays(day, 60), 15),
                by_id: receiver.id,
                notes: 'Hết thời gian lưu mẫu theo quy định của phòng thí nghiệm.',
              } as never);
          }
          await trx
            .insertInto('sample_events')
            .values(
              events.map((e) => ({
                sample_id: id,
                to_id: null,
                temperature: null,
                intact: null,
                within_holding: null,
                notes: null,
                ...e,
                created_at: e.at,
              })),
            )
            .execute();
        }
      }
    }
  });
  return true;
}
