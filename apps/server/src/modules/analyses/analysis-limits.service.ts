import { formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import { type ChosenFactor, limitText, type Qualifier } from '@qlcv/common/regulation-limits';
import { resultText } from '@qlcv/common/schemas/analyses';
import type { Kysely, Updateable } from 'kysely';
import type { AnalysesTable, DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { recordEvent } from '../../lib/domain-events';
import { vnToday } from '../../lib/vn-time';
import type { RegulationsService } from '../regulations/regulations.service';
import { ANALYSIS_ENTITY } from './analyses.mappers';
import { type AnalysisRow, analysesRepository as repo } from './analyses.repository';

/** The Vietnamese day a sample was taken on: the regulation in force that day is the one a result is judged by. */
export const samplingDay = (takenAt: string) => vnToday(new Date(takenAt));

function pointFactors(json: string | null): ChosenFactor[] {
  if (!json) return [];
  return (JSON.parse(json) as ChosenFactor[]).map((f) => ({ code: f.code, value: f.value }));
}

/** A result judged at release, with the row it was read from. */
export interface Judged {
  row: AnalysisRow;
  values: Updateable<AnalysesTable>;
}

/**
 * Released results against their point's effective limit (issue 25 part 3): the regulation in force on the sampling
 * date, the point's column and factors, read through RegulationsService; the limit and verdict are written on the
 * analysis at release, a snapshot no later edit of the regulation changes. A batch's exceedances are told once per
 * sample (`analysis.exceeded`) to the programme's owner and the customer's account manager.
 */
export class AnalysisLimitsService {
  constructor(private readonly deps: { regulations: RegulationsService }) {}

  /** The snapshot columns of a result released now (in the release's transaction). */
  async verdictOf(trx: Kysely<DB>, r: AnalysisRow, now: string): Promise<Updateable<AnalysesTable>> {
    const point =
      r.point_regulation_id === null
        ? null
        : {
            regulation_id: r.point_regulation_id,
            column: r.point_regulation_column,
            factors: pointFactors(r.point_regulation_factors),
          };
    const { limit, judgement } = await this.deps.regulations.judge(
      point,
      r.parameter_analyte,
      samplingDay(r.sample_taken_at),
      { qualifier: r.qualifier as Qualifier | null, value: r.value ?? '0', unit: r.unit },
      trx,
    );
    return {
      limit_regulation_id: limit?.regulation.id ?? null,
      limit_regulation_code: limit?.regulation.code ?? null,
      limit_column: limit?.column ?? null,
      limit_text: limit ? limitText(limit) : null,
      limit_min: limit?.min ?? null,
      limit_max: limit?.max ?? null,
      limit_unit: limit?.unit ?? null,
      limit_averaging: limit?.averaging ?? null,
      limit_formula: limit?.formula ?? null,
      verdict: judgement.verdict,
      verdict_reason: judgement.reason,
      exceed_ratio: judgement.times,
      exceed_by: judgement.by,
      judged_at: now,
    };
  }

  /**
   * `analysis.exceeded`, one per sample of the batch with an exceeding result (its parameters listed together): a
   * sample is one discharge at one moment, and its owner reads its exceedances at once.
   */
  async recordExceeded(trx: Kysely<DB>, actor: Actor, judged: readonly Judged[]): Promise<void> {
    const exceeded = judged.filter((j) => j.values.verdict === 'exceeded');
    if (exceeded.length === 0) return;
    const bySample = new Map<number, Judged[]>();
    for (const j of exceeded) bySample.set(j.row.sample_id, [...(bySample.get(j.row.sample_id) ?? []), j]);
    const recipients = new Map((await repo.exceedRecipients(trx, [...bySample.keys()])).map((x) => [x.sample_id, x]));
    for (const [sampleId, list] of bySample) {
      const first = (list[0] as Judged).row;
      const who = recipients.get(sampleId);
      const manager = who?.contract_author_id ?? who?.customer_author_id ?? null;
      const regulation = [...new Set(list.map((j) => `${j.values.limit_regulation_code} cột ${j.values.limit_column}`))];
      await recordEvent(trx, {
        type: 'analysis.exceeded',
        entity: ANALYSIS_ENTITY,
        entityId: first.id,
        actorId: actor.id,
        payload: {
          code: `${first.sample_code} · ${list.map((j) => j.row.parameter_code).join(', ')}`,
          creator_id: who?.owner_id ?? null,
          assignee_ids: manager !== null ? [manager] : [],
          vars: {
            'analysis.samples': first.sample_code,
            'analysis.parameters': list.map((j) => j.row.parameter_code).join(', '),
            'analysis.exceedances': list.map(exceedanceText).join('; '),
            'analysis.regulation': regulation.join(', '),
            'sample.point': `${first.point_code} — ${first.point_name} (${first.site_name})`,
            'sample.taken_at': formatDateTime(first.sample_taken_at),
            'program.code': who?.program_code ?? '',
            'program.name': who?.program_name ?? '',
            'site.name': first.site_name,
            'customer.name': who?.customer_name ?? '',
          },
          link: `/admin/monitoring/analyses/${first.id}`,
        },
      });
    }
  }
}

/** "COD 180 mg/L (giới hạn ≤ 135, gấp 1,33 lần)". */
function exceedanceText({ row, values }: Judged): string {
  const result = resultText({ qualifier: row.qualifier, value: row.value ? formatDecVi(row.value) : null, unit: row.unit });
  const times = values.exceed_ratio ? `, gấp ${formatDecVi(values.exceed_ratio)} lần` : '';
  return `${row.parameter_code} ${result ?? ''} (giới hạn ${values.limit_text ?? ''}${times})`;
}
