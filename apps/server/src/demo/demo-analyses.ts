import { compareDec, decText, divide, multiply } from '@qlcv/common/lab-decimal';
import type { ChosenFactor } from '@qlcv/common/regulation-limits';
import { resultText } from '@qlcv/common/schemas/analyses';
import { addDays } from '@qlcv/common/work-calendar';
import type { Insertable, Kysely } from 'kysely';
import type { AnalysisEventsTable, DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { vnToday } from '../lib/vn-time';
import { analysesRepository } from '../modules/analyses/analyses.repository';
import { AnalysisLimitsService, type Judged } from '../modules/analyses/analysis-limits.service';
import { lateForHolding } from '../modules/analyses/analysis-results.service';
import { RegulationsService } from '../modules/regulations/regulations.service';

// The demo's laboratory results (issue 25 parts 2–3): each sample the laboratory received has one analysis per
// laboratory parameter due at its point in its round, analysed by one of the lab's analysts and verified by another.
// The older trips' samples (stored, disposed) are released and judged against their point's limit on the sampling day
// — a few above it, so `analysis.exceeded` is told; the latest done trip's samples (in analysis) show every state of
// the bench; today's received sample waits to be assigned (half of it assigned already).

/** The lab: its head receives, assigns and releases; the analysts enter and verify each other's results. */
const HEAD = 'phuong.tt';
const ANALYSTS = ['son.kv', 'ngoc.atb', 'thao.lt'];

/** Plausible results by parameter code without its medium prefix: [min, max, decimals]. */
const RANGES: Record<string, [number, number, number]> = {
  BOD5: [12, 45, 1],
  COD: [35, 120, 0],
  TSS: [15, 80, 0],
  NH4: [0.5, 8, 2],
  TN: [5, 25, 1],
  TP: [0.5, 4, 2],
  NO3: [1, 10, 2],
  S2: [0.05, 0.3, 3],
  DAU: [0.2, 2.5, 2],
  COLI: [800, 4500, 0],
  AS: [0.002, 0.02, 4],
  PB: [0.005, 0.05, 4],
  CD: [0.001, 0.004, 4],
  HG: [0.0005, 0.003, 4],
  CR6: [0.01, 0.05, 3],
  CN: [0.005, 0.03, 3],
  CLO: [0.1, 0.8, 2],
  MAU: [15, 60, 0],
  PO4: [0.05, 0.3, 3],
  CUNG: [120, 280, 0],
  KMNO4: [1, 3.5, 2],
  FE: [0.1, 1.5, 2],
  BUI: [45, 160, 0],
  TSP: [110, 260, 0],
  PM25: [18, 45, 0],
  SO2: [45, 160, 0],
  NO2: [35, 120, 0],
  NOX: [120, 650, 0],
  CO: [1500, 6500, 0],
  PH: [6.5, 8.2, 2],
};
/** Surface water is cleaner than a discharge (QCVN 08:2023 levels). */
const SURFACE: Record<string, [number, number, number]> = {
  BOD5: [2, 6, 1],
  COD: [6, 18, 1],
  TSS: [8, 30, 0],
  NH4: [0.05, 0.28, 2],
  PO4: [0.02, 0.15, 3],
  COLI: [1200, 4800, 0],
};
/** The parameters that exceed now and then, on one released normal sample's parameter in fourteen. */
const SPIKES = new Set(['BOD5', 'COD', 'TSS', 'NH4', 'TSP', 'BUI']);
const FALLBACK: [number, number, number] = [0.5, 5, 2];

const bare = (code: string) => code.replace(/^[A-Z]+-/, '');

/** A decimal string in [min, max] with `decimals` places, from a seed; integer steps, no float left in the text. */
function demoValue([min, max, decimals]: [number, number, number], seed: number): string {
  const scale = 10 ** decimals;
  const lo = Math.round(min * scale);
  const hi = Math.round(max * scale);
  const step = lo + (((seed * 7919 + 104_729) % 9973) % (hi - lo + 1));
  return decText({ digits: BigInt(step), scale: decimals });
}

/** An instant on a Vietnamese day at hh:mm (UTC+7), ISO. */
const at = (day: string, hh: number, mm = 0) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + ((hh - 7) * 60 + mm) * 60_000).toISOString();

type State = 'pending' | 'assigned' | 'entered' | 'verified' | 'released' | 'returned';
/** The latest done trip's bench: its analyses in turn through the states (the first returned with a reason). */
const BENCH: State[] = ['returned', 'entered', 'verified', 'released', 'assigned', 'entered', 'verified', 'pending'];

/** Analyses for the demo's received samples; nothing when there are analyses already or no received samples. */
export async function loadDemoAnalyses(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('analyses').select('id').limit(1).executeTakeFirst()) return false;
  const samples = await db
    .selectFrom('samples as s')
    .innerJoin('monitoring_rounds as r', 'r.id', 's.round_id')
    .select([
      's.id',
      's.code',
      's.status',
      's.qc_kind',
      's.taken_at',
      's.round_id',
      's.point_id',
      'r.program_id',
      'r.frequencies',
    ])
    .where('s.status', 'in', ['received', 'in_analysis', 'stored', 'disposed'])
    .orderBy('s.taken_at')
    .orderBy('s.id')
    .execute();
  if (samples.length === 0) return false;
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('username', 'in', [HEAD, ...ANALYSTS])
        .execute()
    ).map((u) => [u.username, u]),
  );
  const head = users.get(HEAD);
  const analysts = ANALYSTS.map((u) => users.get(u)).filter((u) => u !== undefined);
  if (!head || analysts.length < 2) return false;
  const regulations = new RegulationsService(db);
  const limits = new AnalysisLimitsService({ regulations });
  const releaser = { id: head.id, name: head.name } as Actor;
  const now = new Date().toISOString();
  let seed = 0;
  let spike = 0;
  let bench = 0;

  await db.transaction().execute(async (trx) => {
    for (const s of samples) {
      const due = new Set(JSON.parse(s.frequencies) as string[]);
      const params = (
        await trx
          .selectFrom('monitoring_program_lines as l')
          .innerJoin('parameters as p', 'p.id', 'l.parameter_id')
          .select(['p.id', 'p.code', 'p.unit', 'p.method', 'p.lod', 'p.holding_hours', 'p.analyte', 'l.frequency'])
          .where('l.program_id', '=', s.program_id)
          .where('l.point_id', '=', s.point_id)
          .where('p.place', '!=', 'field')
          .orderBy('p.code')
          .execute()
      ).filter((p) => due.has(p.frequency));
      if (params.length === 0) continue;
      const day = vnToday(new Date(s.taken_at));
      const plan = await trx
        .selectFrom('site_points')
        .select(['regulation_id', 'regulation_column', 'regulation_factors'])
        .where('id', '=', s.point_id)
        .executeTakeFirstOrThrow();
      const point =
        plan.regulation_id === null
          ? null
          : {
              regulation_id: plan.regulation_id,
              column: plan.regulation_column,
              factors: plan.regulation_factors ? (JSON.parse(plan.regulation_factors) as ChosenFactor[]) : [],
            };
      const received = s.status === 'received' ? new Date(Date.now() - 60 * 60_000).toISOString() : at(day, 18, 15);
      const judged: Judged[] = [];
      for (const [k, p] of params.entries()) {
        seed += 1;
        const analyst = analysts[seed % analysts.length]!;
        const verifier = analysts[(seed + 1) % analysts.length]!;
        // Today's received sample: half assigned already; the latest done trip's: the bench's states in turn.
        const planned: State =
          s.status === 'received'
            ? k % 2 === 0
              ? 'pending'
              : 'assigned'
            : s.status === 'in_analysis'
              ? (BENCH[bench++ % BENCH.length] as State)
              : 'released';
        const analysedOn = addDays(day, 1 + (k % 3));
        const assignedAt =
          s.status === 'received' ? new Date(Date.parse(received) + 30 * 60_000).toISOString() : at(addDays(day, 1), 8, 10);
        const entered = at(analysedOn, 15, (seed * 7) % 60);
        const verified = at(addDays(analysedOn, 1), 9, (seed * 11) % 60);
        const releasedAt = at(addDays(analysedOn, 2), 10, (seed * 13) % 60);
        // Nothing happens after now: a recent sample's steps stop where today is.
        let st = planned;
        if (!['pending', 'assigned'].includes(st) && entered > now) st = 'assigned';
        if (['verified', 'released', 'returned'].includes(st) && verified > now) st = 'entered';
        if (st === 'released' && releasedAt > now) st = 'verified';
        const hasResult = ['entered', 'verified', 'released', 'returned'].includes(st);
        const code = bare(p.code);
        // A blank is clean; one released normal sample's parameter in nine that usually exceed does.
        const candidate = s.qc_kind === 'normal' && st === 'released' && SPIKES.has(code);
        if (candidate) spike += 1;
        const spiking = candidate && spike % 14 === 6;
        let qualifier: '<' | null = null;
        const range = (p.code.startsWith('NM-') ? SURFACE[code] : undefined) ?? RANGES[code] ?? FALLBACK;
        let value = demoValue(range, seed);
        // The usual result sits under the point's limit (0,40–0,89 × its max); a spike 1,12–1,59 × above it.
        const { limit } = await regulations.judge(point, p.analyte, day, { qualifier: null, value, unit: p.unit }, trx);
        if (limit?.max && (spiking || compareDec(value, limit.max) > 0))
          value = divide(multiply(limit.max, spiking ? `1.${12 + (seed % 48)}` : `0.${40 + (seed % 50)}`), '1', range[2]);
        if (p.lod && (s.qc_kind === 'field_blank' || (['HG', 'CD'].includes(code) && seed % 2 === 0))) {
          qualifier = '<';
          value = p.lod;
        }
        const holdUntil =
          p.holding_hours === null ? null : new Date(Date.parse(s.taken_at) + Number(p.holding_hours) * 3_600_000).toISOString();
        const result = hasResult ? resultText({ qualifier, value, unit: p.unit }) : null;
        const steps: Omit<Insertable<AnalysisEventsTable>, 'analysis_id'>[] = [
          { state: 'pending', at: received, by_id: head.id, to_id: null, result: null, reason: null },
        ];
        if (st !== 'pending')
          steps.push({
            state: 'assigned',
            at: assignedAt,
            by_id: head.id,
            to_id: analyst.id,
            result: null,
            reason: null,
          });
        if (hasResult) steps.push({ state: 'entered', at: entered, by_id: analyst.id, to_id: null, result, reason: null });
        if (st === 'returned')
          steps.push({
            state: 'returned',
            at: verified,
            by_id: verifier.id,
            to_id: null,
            result,
            reason: 'Đường chuẩn chưa đạt hệ số tương quan, đề nghị phân tích lại',
          });
        if (st === 'verified' || st === 'released')
          steps.push({ state: 'verified', at: verified, by_id: verifier.id, to_id: null, result, reason: null });
        if (st === 'released')
          steps.push({ state: 'released', at: releasedAt, by_id: head.id, to_id: null, result, reason: null });
        const { id } = await trx
          .insertInto('analyses')
          .values({
            sample_id: s.id,
            parameter_id: p.id,
            state: st,
            analyst_id: st === 'pending' ? null : analyst.id,
            qualifier: hasResult ? qualifier : null,
            value: hasResult ? value : null,
            unit: p.unit,
            method: p.method,
            equipment_id: null,
            analysed_on: hasResult ? analysedOn : null,
            uncertainty: null,
            notes: null,
            hold_until: holdUntil,
            late_for_holding: hasResult && lateForHolding(holdUntil, analysedOn, entered) ? 1 : 0,
            entered_by: hasResult ? analyst.id : null,
            entered_at: hasResult ? entered : null,
            verified_by: st === 'verified' || st === 'released' ? verifier.id : null,
            verified_at: st === 'verified' || st === 'released' ? verified : null,
            released_by: st === 'released' ? head.id : null,
            released_at: st === 'released' ? releasedAt : null,
            return_reason: st === 'returned' ? 'Đường chuẩn chưa đạt hệ số tương quan, đề nghị phân tích lại' : null,
            version: steps.length,
            created_at: received,
            updated_at: steps.at(-1)?.at ?? received,
            created_by: head.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('analysis_events')
          .values(steps.map((e) => ({ ...e, analysis_id: id })))
          .execute();
        if (st !== 'released') continue;
        // Judged as the release judges: the limit in force on the sampling day, kept on the analysis.
        const row = (await analysesRepository.find(trx, id))!;
        const values = await limits.verdictOf(trx, row, releasedAt);
        await trx.updateTable('analyses').set(values).where('id', '=', id).execute();
        judged.push({ row, values });
      }
      // The exceedances of the sample's release, told as the release tells them (the dispatcher delivers them).
      await limits.recordExceeded(trx, releaser, judged);
    }
  });
  return true;
}
