import { hasAnyPermission } from '@qlcv/common/permissions';
import {
  ANALYSIS_SORTS,
  ANALYSIS_STATE_LABELS,
  type Analysis,
  type AnalysisAssignBody,
  type AnalysisDetail,
  type AnalysisListQuery,
  type AnalysisState,
  type AnalystOption,
  DEFAULT_ALLOWED_RPD,
  MAX_WORKSHEET_ROWS,
  OPEN_ANALYSIS_STATES,
  type Worksheet,
  type WorksheetQuery,
} from '@qlcv/common/schemas/analyses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { recordEvent } from '../../lib/domain-events';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { allRows, parseSort } from '../../lib/pagination';
import { pageOf } from '../../lib/plain-record';
import { addHours } from '../../lib/vn-time';
import { ANALYSIS_ENTITY, ANALYSIS_NOT_FOUND, toAnalysis } from './analyses.mappers';
import { type AnalysisFilter, type AnalysisRow, analysesRepository as repo } from './analyses.repository';
import { worksheetQc } from './analysis-qc';

/** Who sees every analysis: the laboratory's readers, verifiers and head; an analyst alone sees their own. */
export const seesAllAnalyses = (actor: Actor) => hasAnyPermission(actor.permissions, ['lab.index', 'lab.verify', 'lab.receive']);
/** The laboratory's head: receives samples, assigns analyses, may enter any result. */
export const isLabHead = (actor: Actor) => hasAnyPermission(actor.permissions, ['lab.receive']);
const verifies = (actor: Actor) => hasAnyPermission(actor.permissions, ['lab.verify']);
/**
 * Who reads a released result outside the laboratory: the monitoring staff (a programme's owner) and the customers'
 * account managers — the two the `analysis.exceeded` notice goes to, whose link opens the analysis.
 */
export const RELEASED_READER_KEYS = ['monitoring.index', 'customer.index'] as const;
/** Whether `actor` reads `r`: the laboratory all, an analyst their own, the released readers a released result. */
export const readsAnalysis = (actor: Actor, r: { analyst_id: number | null; state: string }) =>
  seesAllAnalyses(actor) ||
  r.analyst_id === actor.id ||
  (r.state === 'released' && hasAnyPermission(actor.permissions, [...RELEASED_READER_KEYS]));

/** A result may be entered (again) in these states; `pending` only by the laboratory's head. */
export const ENTRY_STATES: readonly AnalysisState[] = ['pending', 'assigned', 'returned', 'entered'];
const ASSIGN_STATES: readonly AnalysisState[] = ['pending', 'assigned', 'returned'];

/** "MAU-01 · COD": how an analysis is named in messages and notifications. */
export const analysisName = (r: Pick<AnalysisRow, 'sample_code' | 'parameter_code'>) => `${r.sample_code} · ${r.parameter_code}`;

/**
 * A batch's rows with their indexes, in id order: two batches sharing analyses lock them in the same order (PostgreSQL
 * would otherwise find them deadlocked), and each refusal still names its row.
 */
export const byId = <R extends { id: number }>(rows: readonly R[]): [number, R][] =>
  [...rows.entries()].sort((x, y) => x[1].id - y[1].id);

/** A refusal on a row of a batch names its field (`rows.3.version`); a single call's, the plain field. */
export const withField = (err: AppError, field: string): AppError =>
  new AppError(err.status, err.code, err.message, [{ field, message: err.message }], err.headers);

export const wrongState = (r: Pick<AnalysisRow, 'sample_code' | 'parameter_code'>, state: string, verb: string) =>
  conflict(
    `Phép phân tích ${analysisName(r)} đang ở trạng thái "${ANALYSIS_STATE_LABELS[state as AnalysisState] ?? state}": không thể ${verb}.`,
    'ANALYSIS_STATE',
  );

/**
 * The laboratory's analyses (issue 25 part 2): made when a sample is received, one per laboratory parameter due at
 * its point; read by the laboratory (an analyst holding only `lab.analyse` reads what is assigned to them, 404 on the
 * rest); assigned by the head. Results, verification and release: `analysis-results.service.ts`.
 */
export class AnalysesService {
  constructor(private readonly db: Kysely<DB>) {}

  private scope(actor: Actor): Pick<AnalysisFilter, 'onlyAnalyst'> {
    return seesAllAnalyses(actor) ? {} : { onlyAnalyst: actor.id };
  }

  /** The analysis as `actor` may read it; 404 outside their scope. `db`: the caller's transaction. */
  async row(db: Kysely<DB>, actor: Actor, id: number): Promise<AnalysisRow> {
    const r = await repo.find(db, id);
    if (!r || !readsAnalysis(actor, r)) throw notFound(ANALYSIS_NOT_FOUND);
    return r;
  }

  /** Whether `actor` sees the analysis (its history follows the same rule). */
  async canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    return this.row(db, actor, id).then(
      () => true,
      () => false,
    );
  }

  /** The list's filter in `actor`'s scope; `late`: one cutoff per turnaround target in use, from now. */
  private async filterOf(actor: Actor, q: Omit<AnalysisListQuery, 'page' | 'per_page' | 'sort'>): Promise<AnalysisFilter> {
    const f: AnalysisFilter = { ...q, states: q.state, ...this.scope(actor), ...(q.mine ? { analyst_id: actor.id } : {}) };
    if (q.late) {
      const now = Date.parse(nowIso());
      const targets = await repo.turnaroundTargets(this.db);
      f.lateCutoffs = targets.map((d) => [d, new Date(now - d * 86_400_000).toISOString()] as const);
    }
    return f;
  }

  /** How many analyses the list would show `actor` (the dashboard's cards). */
  async count(actor: Actor, q: Omit<AnalysisListQuery, 'page' | 'per_page' | 'sort'>): Promise<number> {
    return repo.count(this.db, await this.filterOf(actor, q));
  }

  async list(actor: Actor, q: AnalysisListQuery) {
    const sort = parseSort<(typeof ANALYSIS_SORTS)[number]>(q.sort, ANALYSIS_SORTS, '-taken_at');
    const f = await this.filterOf(actor, q);
    return pageOf(
      q,
      (w) => repo.list(this.db, f, sort, w),
      () => repo.count(this.db, f),
      toAnalysis,
    );
  }

  exportRows(actor: Actor, q: AnalysisListQuery): Promise<AsyncIterable<Analysis>> {
    return allRows((page, perPage) => this.list(actor, { ...q, page, per_page: perPage }));
  }

  async get(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<AnalysisDetail> {
    return this.detail(db, actor, await this.row(db, actor, id));
  }

  async detail(db: Kysely<DB>, actor: Actor, r: AnalysisRow): Promise<AnalysisDetail> {
    const events = await repo.events(db, r.id);
    const state = r.state as AnalysisState;
    const mine = r.analyst_id === actor.id;
    const analyst = hasAnyPermission(actor.permissions, ['lab.analyse']);
    return {
      ...toAnalysis(r),
      history: events.map((e) => ({
        id: e.id,
        state: e.state as AnalysisState,
        at: e.at,
        by: e.by_id !== null ? { id: e.by_id, name: e.by_name ?? '' } : null,
        to: e.to_id !== null ? { id: e.to_id, name: e.to_name ?? '' } : null,
        result: e.result,
        reason: e.reason,
      })),
      can: {
        assign: isLabHead(actor) && ASSIGN_STATES.includes(state),
        enter: ENTRY_STATES.includes(state) && (isLabHead(actor) || (analyst && mine)),
        verify: verifies(actor) && state === 'entered' && actor.id !== r.entered_by && actor.id !== r.analyst_id,
        return: verifies(actor) && (state === 'entered' || state === 'verified'),
        release: (verifies(actor) || isLabHead(actor)) && state === 'verified',
      },
    };
  }

  /** Details of analyses, in the order asked. */
  async details(db: Kysely<DB>, actor: Actor, ids: readonly number[]): Promise<AnalysisDetail[]> {
    const out: AnalysisDetail[] = [];
    for (const id of ids) out.push(await this.get(actor, id, db));
    return out;
  }

  /**
   * One parameter's analyses over many samples, the way a laboratory works (not released unless asked), each with its
   * QC flags: a blank above the parameter's LOD, a duplicate pair beyond the allowed relative difference.
   */
  async worksheet(actor: Actor, q: WorksheetQuery): Promise<Worksheet> {
    const f: AnalysisFilter = {
      parameter_id: q.parameter_id,
      analyst_id: q.analyst_id,
      states: q.state ?? OPEN_ANALYSIS_STATES,
      ...this.scope(actor),
    };
    const rows = await repo.worksheet(this.db, f, MAX_WORKSHEET_ROWS + 1);
    const truncated = rows.length > MAX_WORKSHEET_ROWS;
    if (truncated) rows.length = MAX_WORKSHEET_ROWS;
    const parameter = rows[0] ? toAnalysis(rows[0]).parameter : await this.parameterOf(q.parameter_id);
    const candidates = await repo.pairCandidates(
      this.db,
      q.parameter_id,
      rows.map((r) => r.round_id),
      rows.map((r) => r.point_id),
    );
    const qc = worksheetQc(rows, candidates, parameter.lod, DEFAULT_ALLOWED_RPD);
    return {
      parameter,
      allowed_rpd: DEFAULT_ALLOWED_RPD,
      rows: rows.map((r) => {
        const a = toAnalysis(r);
        return {
          id: a.id,
          sample: a.sample,
          point: a.point,
          site: a.site,
          state: a.state,
          analyst: a.analyst,
          qualifier: a.qualifier,
          value: a.value,
          unit: a.unit,
          method: a.method,
          equipment: a.equipment,
          analysed_on: a.analysed_on,
          uncertainty: a.uncertainty,
          hold_until: a.hold_until,
          late_for_holding: a.late_for_holding,
          return_reason: a.return_reason,
          version: a.version,
          qc: qc.get(r.id) ?? { blank_above_lod: false, pair: null, rpd: null, rpd_exceeded: false },
        };
      }),
      truncated,
    };
  }

  /** An empty worksheet still names its parameter (and 404 for one that does not exist). */
  private async parameterOf(id: number): Promise<Worksheet['parameter']> {
    const [p] = await repo.parameters(this.db, [id]);
    if (!p) throw notFound('Không tìm thấy chỉ tiêu.');
    return p;
  }

  /** Who may be assigned analyses: active users holding `lab.analyse`. */
  /**
   * A trip's released results at one customer's sites, QC samples included (the test reports module reads them here;
   * released results only, so no actor's scope applies); with `roundId`, one round's. `db`: the caller's transaction.
   */
  releasedForReport(db: Kysely<DB>, tripId: number, customerId: number, roundId?: number | null) {
    return repo.releasedForReport(db, tripId, customerId, roundId);
  }

  analysts(q: { search?: string }): Promise<AnalystOption[]> {
    return repo.holdersOf(this.db, 'lab.analyse', { search: q.search, limit: 100 });
  }

  /**
   * The sample received (in the reception's transaction): one analysis per laboratory parameter due at its point,
   * unit and method from the parameter, holding time from the sample's taking; what exists already stays (the unique
   * key makes them once, a reception raced or repeated included).
   */
  async createForSample(
    trx: Kysely<DB>,
    actor: Actor,
    sample: { id: number; taken_at: string; lab_parameters: readonly { id: number }[] },
  ): Promise<number[]> {
    const now = nowIso();
    const params = await repo.parameterDefaults(
      trx,
      sample.lab_parameters.map((p) => p.id),
    );
    const ids = await repo.insertMissing(
      trx,
      params.map((p) => ({
        sample_id: sample.id,
        parameter_id: p.id,
        state: 'pending',
        unit: p.unit,
        method: p.method,
        hold_until: p.holding_hours === null ? null : addHours(sample.taken_at, Number(p.holding_hours)),
        late_for_holding: 0,
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      })),
    );
    await repo.insertEvents(
      trx,
      ids.map((id) => ({ analysis_id: id, state: 'pending', at: now, by_id: actor.id, to_id: null, result: null, reason: null })),
    );
    for (const id of ids) await writeAudit(trx, actor, { entity: ANALYSIS_ENTITY, entityId: id, action: 'create' });
    return ids;
  }

  /**
   * A worksheet's analyses to one analyst (a user holding `lab.analyse`), each as read (its version): all of them or,
   * on any refusal, none. The analyst hears of it once (`analysis.assigned`).
   */
  async assign(actor: Actor, body: AnalysisAssignBody): Promise<AnalysisDetail[]> {
    return this.db.transaction().execute(async (trx) => {
      const [analyst] = await repo.holdersOf(trx, 'lab.analyse', { id: body.analyst_id, limit: 1 });
      if (!analyst)
        throw invalid('analyst_id', 'Người được giao phải là kiểm nghiệm viên đang hoạt động (có quyền nhập kết quả phân tích).');
      const found = new Map(
        (
          await repo.byIds(
            trx,
            body.rows.map((r) => r.id),
          )
        ).map((r) => [r.id, r]),
      );
      const now = nowIso();
      const done: AnalysisRow[] = [];
      for (const [i, ref] of byId(body.rows)) {
        const r = found.get(ref.id);
        if (!r) throw withField(notFound(ANALYSIS_NOT_FOUND), `rows.${i}.id`);
        if (!ASSIGN_STATES.includes(r.state as AnalysisState))
          throw withField(wrongState(r, r.state, 'phân công lại'), `rows.${i}.id`);
        if (ref.version !== Number(r.version)) throw withField(staleVersion(), `rows.${i}.version`);
        const moved = await repo.transition(trx, r.id, ASSIGN_STATES, ref.version, {
          state: 'assigned',
          analyst_id: analyst.id,
          updated_at: now,
        });
        if (!moved) throw withField(staleVersion(), `rows.${i}.version`);
        await repo.insertEvents(trx, [
          { analysis_id: r.id, state: 'assigned', at: now, by_id: actor.id, to_id: analyst.id, result: null, reason: null },
        ]);
        await writeAudit(trx, actor, {
          entity: ANALYSIS_ENTITY,
          entityId: r.id,
          action: 'assign',
          changes: { state: [r.state, 'assigned'], analyst: [r.analyst_name, analyst.name] },
        });
        done.push(r);
      }
      const first = done[0] as AnalysisRow;
      const single = done.length === 1;
      await recordEvent(trx, {
        type: 'analysis.assigned',
        entity: ANALYSIS_ENTITY,
        entityId: first.id,
        actorId: actor.id,
        payload: {
          code: single ? analysisName(first) : `${done.length} phép phân tích`,
          assignee_ids: [analyst.id],
          vars: {
            'analysis.count': String(done.length),
            'analysis.parameters': [...new Set(done.map((r) => r.parameter_code))].join(', '),
            'analysis.samples': [...new Set(done.map((r) => r.sample_code))].join(', '),
          },
          link: single ? `/admin/monitoring/analyses/${first.id}` : '/admin/monitoring/analyses?mine=true',
        },
      });
      return this.details(
        trx,
        actor,
        done.map((r) => r.id),
      );
    });
  }
}
