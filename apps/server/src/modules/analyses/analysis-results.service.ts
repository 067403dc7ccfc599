import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { hasAnyPermission } from '@qlcv/common/permissions';
import { VERDICT_LABELS, type Verdict } from '@qlcv/common/regulation-limits';
import {
  type AnalysisDetail,
  type AnalysisResultBody,
  type AnalysisResultRow,
  type AnalysisReturnBody,
  type AnalysisRowsBody,
  type AnalysisState,
  resultText,
} from '@qlcv/common/schemas/analyses';
import type { ErrorBody } from '@qlcv/common/schemas/common';
import type { Kysely, Updateable } from 'kysely';
import type { AnalysesTable, DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { recordEvent } from '../../lib/domain-events';
import { AppError, forbidden, notFound, staleVersion } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import type { EquipmentService } from '../equipment/equipment.service';
import { ANALYSIS_ENTITY, ANALYSIS_NOT_FOUND } from './analyses.mappers';
import type { AnalysisRow } from './analyses.repository';
import { analysesRepository as repo } from './analyses.repository';
import {
  type AnalysesService,
  analysisName,
  byId,
  ENTRY_STATES,
  isLabHead,
  seesAllAnalyses,
  withField,
  wrongState,
} from './analyses.service';
import type { AnalysisLimitsService, Judged } from './analysis-limits.service';

type FieldError = ErrorBody['errors'][number];

/** A state change of one analysis: from where, to what, what it writes and records. */
interface Move {
  verb: string;
  from: readonly AnalysisState[];
  to: AnalysisState;
  action: string;
  /** Refuses the row (403/409) before it moves. */
  check?: (r: AnalysisRow) => void;
  values: (r: AnalysisRow, now: string, trx: Kysely<DB>) => Updateable<AnalysesTable> | Promise<Updateable<AnalysesTable>>;
  reason?: string;
  /** Once every row has moved, in the same transaction (the release's exceedances). */
  after?: (trx: Kysely<DB>, moved: Judged[]) => Promise<void>;
}

/** A verdict as the history shows it: "Vượt (QCVN 40:2011/BTNMT cột B ≤ 49,5)". */
const verdictText = (v: Updateable<AnalysesTable>) =>
  `${VERDICT_LABELS[v.verdict as Verdict]}${v.limit_regulation_code ? ` (${v.limit_regulation_code} cột ${v.limit_column} ${v.limit_text})` : ''}`;

/** The Vietnamese day an instant falls on. */
const vnDayOf = (iso: string) => vnToday(new Date(iso));

/**
 * Analysed after the holding time: on a later day than the one it ends on, or on that day once it has passed (the day
 * alone cannot tell the hour).
 */
export function lateForHolding(holdUntil: string | null, analysedOn: string, now: string): boolean {
  if (holdUntil === null) return false;
  const last = vnDayOf(holdUntil);
  return analysedOn > last || (analysedOn === last && now > holdUntil);
}

/** What the history of a result compares. */
const resultView = (
  r: Pick<AnalysisRow, 'qualifier' | 'value' | 'unit' | 'method' | 'analysed_on' | 'uncertainty' | 'notes'> & {
    equipment: string | null;
  },
) => ({
  qualifier: r.qualifier,
  value: r.value,
  unit: r.unit,
  method: r.method,
  equipment: r.equipment,
  analysed_on: r.analysed_on,
  uncertainty: r.uncertainty,
  notes: r.notes,
});

/**
 * The results of analyses (issue 25 part 2): entered by the assigned analyst (or the laboratory's head), one or a
 * worksheet's rows at once, all or none; verified by a second person — never the analyst who entered it — or returned
 * to the analyst with a reason; released. Each change is a compare-and-set on state and version (of two at once, one
 * moves the analysis, the other gets 409), its event in the analysis's history and its audit entry.
 */
export class AnalysisResultsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { analyses: AnalysesService; equipment: EquipmentService; limits: AnalysisLimitsService },
  ) {}

  async enter(actor: Actor, id: number, body: AnalysisResultBody): Promise<AnalysisDetail> {
    const [one] = await this.enterRows(actor, [{ ...body, id }], '');
    return one as AnalysisDetail;
  }

  /** A worksheet's results: every row checked first (422 names `rows.<i>.<field>`), then all written, or none. */
  enterMany(actor: Actor, rows: readonly AnalysisResultRow[]): Promise<AnalysisDetail[]> {
    return this.enterRows(actor, rows, 'rows');
  }

  private async enterRows(actor: Actor, rows: readonly AnalysisResultRow[], prefix: string): Promise<AnalysisDetail[]> {
    const at = (i: number, field: string) => (prefix ? `${prefix}.${i}.${field}` : field);
    return this.db.transaction().execute(async (trx) => {
      const found = await this.rowsOf(trx, actor, rows, at);
      const today = vnToday();
      const errors: FieldError[] = [];
      const equipment = new Map<number, string>();
      for (const [i, body] of rows.entries()) {
        const r = found[i] as AnalysisRow;
        const mine = r.analyst_id === actor.id && hasAnyPermission(actor.permissions, ['lab.analyse']);
        if (!isLabHead(actor) && !mine)
          throw withField(
            forbidden(
              `Chỉ kiểm nghiệm viên được phân công (hoặc trưởng phòng thí nghiệm) mới nhập được kết quả ${analysisName(r)}.`,
            ),
            at(i, 'id'),
          );
        if (!ENTRY_STATES.includes(r.state as AnalysisState))
          throw withField(wrongState(r, r.state, 'nhập kết quả'), at(i, 'id'));
        if (body.version !== Number(r.version)) throw withField(staleVersion(), at(i, 'version'));
        const day = body.analysed_on ?? today;
        const taken = vnDayOf(r.sample_taken_at);
        if (day < taken)
          errors.push({
            field: at(i, 'analysed_on'),
            message: `Ngày phân tích không được trước ngày lấy mẫu ${r.sample_code} (${formatDate(taken)}).`,
          });
        if (day > today) errors.push({ field: at(i, 'analysed_on'), message: 'Ngày phân tích không được sau hôm nay.' });
        if (body.equipment_id != null && !equipment.has(body.equipment_id)) {
          const e = await this.deps.equipment.get(body.equipment_id, trx).catch(() => null);
          if (e?.kind !== 'instrument')
            errors.push({
              field: at(i, 'equipment_id'),
              message: 'Thiết bị phân tích không tồn tại hoặc không phải thiết bị đo.',
            });
          else equipment.set(e.id, `${e.code} — ${e.name}`);
        }
      }
      if (errors.length > 0) throw new AppError(422, 'VALIDATION_FAILED', (errors[0] as FieldError).message, errors);
      const now = nowIso();
      for (const [i, body] of byId(rows)) {
        const r = found[i] as AnalysisRow;
        const day = body.analysed_on ?? today;
        const values = {
          state: 'entered',
          analyst_id: r.analyst_id ?? actor.id,
          qualifier: body.qualifier ?? null,
          value: body.value,
          unit: body.unit ?? r.unit,
          method: body.method ?? r.method,
          equipment_id: body.equipment_id ?? null,
          analysed_on: day,
          uncertainty: body.uncertainty ?? null,
          notes: body.notes ?? null,
          late_for_holding: lateForHolding(r.hold_until, day, now) ? 1 : 0,
          entered_by: actor.id,
          entered_at: now,
          verified_by: null,
          verified_at: null,
          updated_at: now,
        } satisfies Updateable<AnalysesTable>;
        if (!(await repo.transition(trx, r.id, ENTRY_STATES, body.version, values)))
          throw withField(staleVersion(), at(i, 'version'));
        const result = resultText({ qualifier: values.qualifier, value: values.value, unit: values.unit });
        await repo.insertEvents(trx, [
          { analysis_id: r.id, state: 'entered', at: now, by_id: actor.id, to_id: null, result, reason: null },
        ]);
        const before = resultView({
          ...r,
          equipment: r.equipment_id !== null ? `${r.equipment_code} — ${r.equipment_name}` : null,
        });
        const after = resultView({
          ...values,
          equipment: values.equipment_id !== null ? (equipment.get(values.equipment_id) ?? null) : null,
        });
        const changes: Record<string, unknown> = { ...diff(before, after) };
        if (r.state !== 'entered') changes.state = [r.state, 'entered'];
        if (values.late_for_holding && !Number(r.late_for_holding))
          changes.late_for_holding = [null, `quá hạn lưu mẫu ${r.hold_until ? formatDateTime(r.hold_until) : ''}`.trim()];
        await writeAudit(trx, actor, { entity: ANALYSIS_ENTITY, entityId: r.id, action: 'enter', changes });
      }
      return this.deps.analyses.details(
        trx,
        actor,
        found.map((r) => r.id),
      );
    });
  }

  /** Verified by a second person: never the analyst who entered the result (403 SAME_ANALYST). */
  verify(actor: Actor, body: AnalysisRowsBody): Promise<AnalysisDetail[]> {
    return this.moveMany(actor, body.rows, {
      verb: 'soát xét',
      from: ['entered'],
      to: 'verified',
      action: 'verify',
      check: (r) => {
        if (actor.id === r.entered_by || actor.id === r.analyst_id)
          throw new AppError(
            403,
            'SAME_ANALYST',
            `Người soát xét phải khác kiểm nghiệm viên đã phân tích, nhập kết quả ${analysisName(r)}.`,
          );
      },
      values: (_r, now) => ({ verified_by: actor.id, verified_at: now }),
    });
  }

  /** Back to the analyst with the reason (entered or verified); re-entered as if assigned. */
  async returnToAnalyst(actor: Actor, id: number, body: AnalysisReturnBody): Promise<AnalysisDetail> {
    const [one] = await this.moveMany(
      actor,
      [{ id, version: body.version }],
      {
        verb: 'trả lại',
        from: ['entered', 'verified'],
        to: 'returned',
        action: 'return',
        reason: body.reason,
        values: () => ({ return_reason: body.reason, verified_by: null, verified_at: null }),
      },
      '',
    );
    return one as AnalysisDetail;
  }

  /**
   * Released by a verifier or the laboratory's head, each result judged against its point's limit on the sampling
   * date and the limit and verdict kept on it (issue 25 part 3); exceedances told once per sample.
   */
  release(actor: Actor, body: AnalysisRowsBody): Promise<AnalysisDetail[]> {
    return this.moveMany(actor, body.rows, {
      verb: 'phát hành',
      from: ['verified'],
      to: 'released',
      action: 'release',
      values: async (r, now, trx) => ({
        released_by: actor.id,
        released_at: now,
        ...(await this.deps.limits.verdictOf(trx, r, now)),
      }),
      after: (trx, moved) => this.deps.limits.recordExceeded(trx, actor, moved),
    });
  }

  /** The analyses of a batch as `actor` sees them, in the order given (404 on the first missing). */
  private async rowsOf(
    trx: Kysely<DB>,
    actor: Actor,
    rows: readonly { id: number }[],
    at: (i: number, field: string) => string,
  ): Promise<AnalysisRow[]> {
    const byId = new Map(
      (
        await repo.byIds(
          trx,
          rows.map((r) => r.id),
        )
      ).map((r) => [r.id, r]),
    );
    return rows.map((ref, i) => {
      const r = byId.get(ref.id);
      if (!r || (!seesAllAnalyses(actor) && r.analyst_id !== actor.id))
        throw withField(notFound(ANALYSIS_NOT_FOUND), at(i, 'id'));
      return r;
    });
  }

  /** One move of each analysis of a batch, all or none. */
  private moveMany(
    actor: Actor,
    rows: readonly { id: number; version: number }[],
    m: Move,
    prefix = 'rows',
  ): Promise<AnalysisDetail[]> {
    const at = (i: number, field: string) => (prefix ? `${prefix}.${i}.${field}` : field);
    return this.db.transaction().execute(async (trx) => {
      const found = await this.rowsOf(trx, actor, rows, at);
      const now = nowIso();
      const judged: Judged[] = [];
      for (const [i, ref] of byId(rows)) {
        const r = found[i] as AnalysisRow;
        if (!m.from.includes(r.state as AnalysisState)) throw withField(wrongState(r, r.state, m.verb), at(i, 'id'));
        m.check?.(r);
        if (ref.version !== Number(r.version)) throw withField(staleVersion(), at(i, 'version'));
        const values = await m.values(r, now, trx);
        judged.push({ row: r, values });
        const moved = await repo.transition(trx, r.id, m.from, ref.version, {
          ...values,
          state: m.to,
          updated_at: now,
        });
        if (!moved) {
          // Moved by someone else meanwhile: the state it is in now, or the version it has.
          const fresh = await repo.find(trx, r.id);
          throw withField(fresh && fresh.state !== r.state ? wrongState(r, fresh.state, m.verb) : staleVersion(), at(i, 'id'));
        }
        await repo.insertEvents(trx, [
          {
            analysis_id: r.id,
            state: m.to,
            at: now,
            by_id: actor.id,
            to_id: null,
            result: resultText(r),
            reason: m.reason ?? null,
          },
        ]);
        await writeAudit(trx, actor, {
          entity: ANALYSIS_ENTITY,
          entityId: r.id,
          action: m.action,
          changes: {
            state: [r.state, m.to],
            ...(m.reason ? { return_reason: [r.return_reason, m.reason] } : {}),
            ...(values.verdict ? { verdict: [null, verdictText(values)] } : {}),
          },
        });
        if (m.to === 'returned') await this.recordReturned(trx, actor, r, m.reason ?? '');
      }
      await m.after?.(trx, judged);
      return this.deps.analyses.details(
        trx,
        actor,
        found.map((r) => r.id),
      );
    });
  }

  /** `analysis.returned`, to the analyst (or whoever entered the result). */
  private async recordReturned(trx: Kysely<DB>, actor: Actor, r: AnalysisRow, reason: string) {
    await recordEvent(trx, {
      type: 'analysis.returned',
      entity: ANALYSIS_ENTITY,
      entityId: r.id,
      actorId: actor.id,
      payload: {
        code: analysisName(r),
        assignee_ids: [...new Set([r.analyst_id, r.entered_by].filter((x): x is number => x !== null))],
        vars: {
          'analysis.parameters': r.parameter_code,
          'analysis.samples': r.sample_code,
          'analysis.result': resultText(r) ?? '',
          'analysis.reason': reason,
        },
        link: `/admin/monitoring/analyses/${r.id}`,
      },
    });
  }
}
