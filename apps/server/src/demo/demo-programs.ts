import { programRounds } from '@qlcv/common/schemas/monitoring-programs';
import type { Frequency } from '@qlcv/common/schemas/sites';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { vnToday } from '../lib/vn-time';

// The demo's monitoring programmes (issue 24): one per demo site for this year, priced by the customer's signed
// contract when it has one; the rounds before today done by the monitoring team — but one, left late — and the rest
// planned.

/** A programme per site for the current year; nothing when there are programmes already or no sites. */
export async function loadDemoPrograms(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('monitoring_programs').select('id').limit(1).executeTakeFirst()) return false;
  const sites = await db.selectFrom('sites').select(['id', 'code', 'name', 'customer_id']).orderBy('id').execute();
  if (sites.length === 0) return false;
  const today = vnToday();
  const year = today.slice(0, 4);
  const team = await db.selectFrom('users').select('id').where('username', '=', 'duc.tv').executeTakeFirst();
  const now = new Date().toISOString();
  let lateLeft = 1;
  await db.transaction().execute(async (trx) => {
    for (const site of sites) {
      const plan = await trx
        .selectFrom('site_point_plans as l')
        .innerJoin('site_points as p', 'p.id', 'l.point_id')
        .select(['l.point_id', 'l.parameter_id', 'l.frequency'])
        .where('p.site_id', '=', site.id)
        .orderBy('p.sort_order')
        .orderBy('l.sort_order')
        .execute();
      if (plan.length === 0) continue;
      const contract = await trx
        .selectFrom('contracts')
        .select('id')
        .where('customer_id', '=', site.customer_id)
        .where('status', 'in', ['signed', 'in_progress'])
        .orderBy('id')
        .executeTakeFirst();
      const code = `CT${year}-${site.code.replace(/^CS-/, '')}`;
      const name = `Quan trắc môi trường định kỳ năm ${year} — ${site.name}`;
      const { id } = await trx
        .insertInto('monitoring_programs')
        .values({
          code,
          name,
          site_id: site.id,
          contract_id: contract?.id ?? null,
          start_date: `${year}-01-01`,
          end_date: `${year}-12-31`,
          description: null,
          search_text: searchText(code, name),
          created_by: team?.id ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('monitoring_program_lines')
        .values(plan.map((l, i) => ({ program_id: id, ...l, sort_order: i })))
        .execute();
      const rounds = programRounds(
        `${year}-01-01`,
        `${year}-12-31`,
        plan.map((l) => l.frequency as Frequency),
      );
      const rows = rounds.map((r) => {
        const past = r.due_date < today;
        // The last past round of the first programme is still waiting: the late one the dashboard will show.
        const late = past && lateLeft > 0 && !rounds.some((x) => x.seq > r.seq && x.due_date < today);
        if (late) lateLeft -= 1;
        const done = past && !late;
        return {
          program_id: id,
          seq: r.seq,
          name: r.name,
          period_start: r.period_start,
          period_end: r.period_end,
          due_date: r.due_date,
          frequencies: JSON.stringify(r.frequencies),
          status: done ? 'done' : 'planned',
          done_at: done ? `${r.due_date}T09:00:00.000Z` : null,
          done_by: done ? (team?.id ?? null) : null,
        };
      });
      if (rows.length > 0) await trx.insertInto('monitoring_rounds').values(rows).execute();
    }
  });
  return true;
}
