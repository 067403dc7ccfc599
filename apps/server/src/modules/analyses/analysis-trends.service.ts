import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Verdict } from '@qlcv/common/regulation-limits';
import {
  type AnalysisExceedances,
  type AnalysisExceedancesQuery,
  type AnalysisQualifier,
  type AnalysisTrend,
  type AnalysisTrendQuery,
  MAX_TREND_POINTS,
} from '@qlcv/common/schemas/analyses';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { invalid, notFound } from '../../lib/errors';
import { vnDayEnd, vnDayStart, vnToday } from '../../lib/vn-time';
import type { CustomersService } from '../customers/customers.service';
import { limitOf } from './analyses.mappers';
import { type AnalysisFilter, type AnalysisRow, analysesRepository as repo } from './analyses.repository';
import { RELEASED_READER_KEYS, seesAllAnalyses } from './analyses.service';
import { samplingDay } from './analysis-limits.service';

const sampleOf = (r: AnalysisRow) => ({ id: r.sample_id, code: r.sample_code, taken_at: r.sample_taken_at });

/**
 * What the released results say over time (issue 25 part 3): a point's parameter against the limit each result was
 * judged by on its sampling date (a chart), and a customer's exceeding results of a year with their count per month.
 * Read by the laboratory, the monitoring staff and the account managers; an analyst alone reads their own results.
 */
export class AnalysisTrendsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { customers: CustomersService },
  ) {}

  /** Both reads are of released results: whoever reads those reads them all (an analyst alone, their own). */
  private scope(actor: Actor): Pick<AnalysisFilter, 'onlyAnalyst'> {
    return seesAllAnalyses(actor) || hasAnyPermission(actor.permissions, [...RELEASED_READER_KEYS])
      ? {}
      : { onlyAnalyst: actor.id };
  }

  async trend(actor: Actor, q: AnalysisTrendQuery): Promise<AnalysisTrend> {
    const to = q.to ?? vnToday();
    const from = q.from ?? addDays(to, -365);
    if (from > to) throw invalid('to', 'Đến ngày phải sau hoặc bằng từ ngày.');
    const point = await repo.point(this.db, q.point_id);
    if (!point) throw notFound('Không tìm thấy điểm quan trắc.');
    const [parameter] = await repo.parameters(this.db, [q.parameter_id]);
    if (!parameter) throw notFound('Không tìm thấy chỉ tiêu.');
    const rows = await repo.trend(
      this.db,
      {
        ...this.scope(actor),
        parameter_id: q.parameter_id,
        point_id: q.point_id,
        from: vnDayStart(from),
        to: vnDayEnd(to),
      },
      MAX_TREND_POINTS + 1,
    );
    const truncated = rows.length > MAX_TREND_POINTS;
    if (truncated) rows.length = MAX_TREND_POINTS;
    return {
      point: { id: point.id, code: point.code, name: point.name },
      site: { id: point.site_id, code: point.site_code, name: point.site_name },
      parameter: { id: parameter.id, code: parameter.code, name: parameter.name, unit: parameter.unit },
      from,
      to,
      points: rows.map((r) => ({
        analysis_id: r.id,
        sample: sampleOf(r),
        date: samplingDay(r.sample_taken_at),
        qualifier: r.qualifier as AnalysisQualifier | null,
        value: r.value ?? '',
        unit: r.unit,
        limit: limitOf(r),
        verdict: r.verdict as Verdict | null,
        exceed_ratio: r.exceed_ratio,
      })),
      truncated,
    };
  }

  async exceedances(actor: Actor, q: AnalysisExceedancesQuery): Promise<AnalysisExceedances> {
    const customer = await this.deps.customers.get(q.customer_id);
    const rows = await repo.exceedances(
      this.db,
      {
        ...this.scope(actor),
        customer_id: customer.id,
        from: vnDayStart(`${q.year}-01-01`),
        to: vnDayEnd(`${q.year}-12-31`),
      },
      MAX_TREND_POINTS + 1,
    );
    const truncated = rows.length > MAX_TREND_POINTS;
    if (truncated) rows.length = MAX_TREND_POINTS;
    const counts = new Array<number>(12).fill(0);
    for (const r of rows) {
      const month = Number(samplingDay(r.sample_taken_at).slice(5, 7));
      counts[month - 1] = (counts[month - 1] ?? 0) + 1;
    }
    return {
      customer: { id: customer.id, code: customer.code, name: customer.name },
      year: q.year,
      total: rows.length,
      months: counts.map((count, i) => ({ month: i + 1, count })),
      rows: rows.map((r) => ({
        analysis_id: r.id,
        sample: sampleOf(r),
        date: samplingDay(r.sample_taken_at),
        site: { id: r.site_id, code: r.site_code, name: r.site_name },
        point: { id: r.point_id, code: r.point_code, name: r.point_name },
        parameter: { id: r.parameter_id, code: r.parameter_code, name: r.parameter_name },
        qualifier: r.qualifier as AnalysisQualifier | null,
        value: r.value ?? '',
        unit: r.unit,
        limit: limitOf(r),
        exceed_ratio: r.exceed_ratio,
        exceed_by: r.exceed_by,
      })),
      truncated,
    };
  }
}
