import type { PROGRAM_SORTS, ProgramListQuery } from '@qlcv/common/schemas/monitoring-programs';
import type { Insertable, Kysely } from 'kysely';
import type { DB, MonitoringRoundsTable } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type ProgramFilter = Pick<ProgramListQuery, 'search' | 'site_id' | 'contract_id' | 'customer_id' | 'late' | 'due_by'>;

function filtered(db: Kysely<DB>, f: ProgramFilter, today: string) {
  let s = db
    .selectFrom('monitoring_programs as m')
    .innerJoin('sites as s', 's.id', 'm.site_id')
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .leftJoin('contracts as k', 'k.id', 'm.contract_id');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('m.search_text', pattern));
  if (f.site_id !== undefined) s = s.where('m.site_id', '=', f.site_id);
  if (f.contract_id !== undefined) s = s.where('m.contract_id', '=', f.contract_id);
  if (f.customer_id !== undefined) s = s.where('s.customer_id', '=', f.customer_id);
  if (f.due_by !== undefined) {
    const due = db
      .selectFrom('monitoring_rounds as r')
      .select('r.program_id')
      .where('r.status', '=', 'planned')
      .where('r.due_date', '<=', f.due_by);
    s = s.where('m.id', 'in', due);
  }
  if (f.late !== undefined) {
    const late = db
      .selectFrom('monitoring_rounds as r')
      .select('r.program_id')
      .where('r.status', '=', 'planned')
      .where('r.due_date', '<', today);
    s = s.where('m.id', f.late ? 'in' : 'not in', late);
  }
  return s;
}

const withProgress = (q: ReturnType<typeof filtered>, today: string) =>
  q
    .selectAll('m')
    .select([
      's.code as site_code',
      's.name as site_name',
      'c.id as customer_id',
      'c.code as customer_code',
      'c.name as customer_name',
      'k.number as contract_number',
    ])
    .select((eb) => [
      eb
        .selectFrom('monitoring_rounds as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.program_id', '=', 'm.id')
        .where('r.status', '!=', 'cancelled')
        .as('rounds_total'),
      eb
        .selectFrom('monitoring_rounds as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.program_id', '=', 'm.id')
        .where('r.status', '=', 'done')
        .as('rounds_done'),
      eb
        .selectFrom('monitoring_rounds as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.program_id', '=', 'm.id')
        .where('r.status', '=', 'planned')
        .where('r.due_date', '<', today)
        .as('rounds_late'),
    ]);

export type ProgramRow = NonNullable<Awaited<ReturnType<typeof programsRepository.find>>>;
export type ProgramRoundRow = Awaited<ReturnType<typeof programsRepository.rounds>>[number];

export const programsRepository = {
  list(
    db: Kysely<DB>,
    f: ProgramFilter,
    today: string,
    sort: { column: (typeof PROGRAM_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    return withProgress(filtered(db, f, today), today)
      .orderBy(`m.${sort.column}`, sort.direction)
      .orderBy('m.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: ProgramFilter, today: string): Promise<number> {
    const row = await filtered(db, f, today)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number, today: string) {
    return withProgress(filtered(db, {}, today), today)
      .where('m.id', '=', id)
      .executeTakeFirst();
  },

  /** The next planned round of some programmes (earliest due). */
  nextRounds(db: Kysely<DB>, programIds: readonly number[]) {
    if (programIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('monitoring_rounds')
      .select(['program_id', 'name', 'due_date'])
      .where('program_id', 'in', [...programIds])
      .where('status', '=', 'planned')
      .orderBy('program_id')
      .orderBy('due_date')
      .orderBy('seq')
      .execute();
  },

  lines(db: Kysely<DB>, programId: number) {
    return db
      .selectFrom('monitoring_program_lines as l')
      .innerJoin('site_points as p', 'p.id', 'l.point_id')
      .innerJoin('parameters as a', 'a.id', 'l.parameter_id')
      .select([
        'l.frequency',
        'p.id as point_id',
        'p.code as point_code',
        'p.name as point_name',
        'p.medium as point_medium',
        'a.id as parameter_id',
        'a.code as parameter_code',
        'a.name as parameter_name',
        'a.unit as parameter_unit',
      ])
      .where('l.program_id', '=', programId)
      .orderBy('p.sort_order')
      .orderBy('l.sort_order')
      .execute();
  },

  rounds(db: Kysely<DB>, programId: number) {
    return db
      .selectFrom('monitoring_rounds as r')
      .leftJoin('users as u', 'u.id', 'r.done_by')
      .selectAll('r')
      .select('u.name as done_by_name')
      .where('r.program_id', '=', programId)
      .orderBy('r.seq')
      .execute();
  },

  round(db: Kysely<DB>, programId: number, roundId: number) {
    return db
      .selectFrom('monitoring_rounds')
      .selectAll()
      .where('program_id', '=', programId)
      .where('id', '=', roundId)
      .executeTakeFirst();
  },

  async replaceLines(
    db: Kysely<DB>,
    programId: number,
    lines: readonly { point_id: number; parameter_id: number; frequency: string }[],
  ): Promise<void> {
    await db.deleteFrom('monitoring_program_lines').where('program_id', '=', programId).execute();
    for (let i = 0; i < lines.length; i += 300)
      await db
        .insertInto('monitoring_program_lines')
        .values(lines.slice(i, i + 300).map((l, j) => ({ program_id: programId, ...l, sort_order: i + j })))
        .execute();
  },

  async replaceRounds(db: Kysely<DB>, programId: number, rounds: Omit<Insertable<MonitoringRoundsTable>, 'program_id'>[]) {
    await db.deleteFrom('monitoring_rounds').where('program_id', '=', programId).execute();
    if (rounds.length > 0)
      await db
        .insertInto('monitoring_rounds')
        .values(rounds.map((r) => ({ ...r, program_id: programId })))
        .execute();
  },

  /** Moves a round from one status to another at the version read; false when it changed meanwhile. */
  async changeRound(
    db: Kysely<DB>,
    roundId: number,
    from: string,
    version: number,
    values: { status: string; done_at: string | null; done_by: number | null },
  ): Promise<boolean> {
    const res = await db
      .updateTable('monitoring_rounds')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', roundId)
      .where('status', '=', from)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Rounds not planned any more (done or cancelled): the programme's period and lines are then fixed. */
  async startedRounds(db: Kysely<DB>, programId: number): Promise<number> {
    const row = await db
      .selectFrom('monitoring_rounds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('program_id', '=', programId)
      .where('status', '!=', 'planned')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
