import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import type { PermissionKey } from '@qlcv/common/permissions';
import { VERDICT_LABELS } from '@qlcv/common/regulation-limits';
import {
  ANALYSIS_STATE_LABELS,
  analysisAssignBody,
  analysisDetailSchema,
  analysisExceedancesQuery,
  analysisExceedancesSchema,
  analysisListQuery,
  analysisResultBody,
  analysisResultsBody,
  analysisReturnBody,
  analysisRowsBody,
  analysisSchema,
  analysisTrendQuery,
  analysisTrendSchema,
  analystOptionSchema,
  resultText,
  worksheetQuery,
  worksheetSchema,
} from '@qlcv/common/schemas/analyses';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import { type AnalysesService, RELEASED_READER_KEYS } from './analyses.service';
import type { AnalysisResultsService } from './analysis-results.service';
import type { AnalysisTrendsService } from './analysis-trends.service';

/** Who reads analyses: the laboratory (an analyst holding only `lab.analyse` reads their own). */
const READ: PermissionKey[] = ['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive'];
/** Released results are read outside the laboratory too (the service keeps those readers to released ones). */
const READ_RELEASED: PermissionKey[] = [...READ, ...RELEASED_READER_KEYS];
/** Who enters results: the assigned analyst, or the laboratory's head (the service checks which). */
const ENTER: PermissionKey[] = ['lab.analyse', 'lab.receive'];
const HEAD: PermissionKey[] = ['lab.receive'];
const VERIFY: PermissionKey[] = ['lab.verify'];
const RELEASE: PermissionKey[] = ['lab.verify', 'lab.receive'];

const analystsQuery = z.object({ search: z.string().trim().max(200).optional() });

/**
 * The laboratory's analyses (`/api/analyses`, issue 25 part 2): made when a sample is received; one route per state
 * change — assign (the head, a batch), enter a result (one, or a worksheet's rows), verify (a batch, never by the
 * analyst), return (with a reason), release (a batch).
 */
export const analysesRoutes: FastifyPluginAsyncZod<{
  analyses: AnalysesService;
  results: AnalysisResultsService;
  trends: AnalysisTrendsService;
}> = async (app, { analyses, results, trends }) => {
  const tags = ['analyses'];
  const details = { 200: z.array(analysisDetailSchema) };

  app.get(
    '/api/analyses',
    {
      config: { permission: [...READ] },
      schema: { tags, querystring: analysisListQuery, response: { 200: paginated(analysisSchema) } },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return analyses.list(actor, req.query);
      return sendXlsx(reply, {
        fileName: `phan-tich-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Phân tích',
        rows: await analyses.exportRows(actor, req.query),
        columns: [
          { header: 'Mã mẫu', width: 22, value: (a) => a.sample.code },
          { header: 'Điểm', width: 10, value: (a) => a.point.code },
          { header: 'Thời điểm lấy', width: 18, value: (a) => formatDateTime(a.sample.taken_at) },
          { header: 'Chỉ tiêu', width: 14, value: (a) => a.parameter.code },
          { header: 'Kết quả', width: 18, value: (a) => resultText(a) ?? '' },
          {
            header: 'Giới hạn',
            width: 28,
            value: (a) => (a.limit ? `${a.limit.text} (${a.limit.regulation.code} cột ${a.limit.column})` : ''),
          },
          {
            header: 'Đánh giá',
            width: 22,
            value: (a) =>
              a.verdict ? `${VERDICT_LABELS[a.verdict]}${a.exceed_ratio ? ` (gấp ${formatDecVi(a.exceed_ratio)} lần)` : ''}` : '',
          },
          { header: 'Phương pháp', width: 24, value: (a) => a.method },
          { header: 'Ngày phân tích', width: 14, value: (a) => (a.analysed_on ? formatDate(a.analysed_on) : '') },
          { header: 'Kiểm nghiệm viên', width: 24, value: (a) => a.analyst?.name ?? '' },
          {
            header: 'Trạng thái',
            width: 18,
            value: (a) => ANALYSIS_STATE_LABELS[a.state] + (a.late_for_holding ? ' (quá hạn lưu mẫu)' : ''),
          },
        ],
      });
    },
  );

  app.get(
    '/api/analyses/worksheet',
    { config: { permission: [...READ] }, schema: { tags, querystring: worksheetQuery, response: { 200: worksheetSchema } } },
    (req) => analyses.worksheet(actorOf(req), req.query),
  );

  app.get(
    '/api/analyses/trend',
    {
      config: { permission: [...READ_RELEASED] },
      schema: { tags, querystring: analysisTrendQuery, response: { 200: analysisTrendSchema } },
    },
    (req) => trends.trend(actorOf(req), req.query),
  );

  app.get(
    '/api/analyses/exceedances',
    {
      config: { permission: [...READ_RELEASED] },
      schema: { tags, querystring: analysisExceedancesQuery, response: { 200: analysisExceedancesSchema } },
    },
    (req) => trends.exceedances(actorOf(req), req.query),
  );

  app.get(
    '/api/analyses/analysts',
    {
      config: { permission: [...HEAD] },
      schema: { tags, querystring: analystsQuery, response: { 200: z.array(analystOptionSchema) } },
    },
    (req) => analyses.analysts(req.query),
  );

  app.get(
    '/api/analyses/:id',
    { config: { permission: [...READ_RELEASED] }, schema: { tags, params: idParams, response: { 200: analysisDetailSchema } } },
    (req) => analyses.get(actorOf(req), req.params.id),
  );

  app.post(
    '/api/analyses/assign',
    { config: { permission: [...HEAD] }, schema: { tags, body: analysisAssignBody, response: details } },
    (req) => analyses.assign(actorOf(req), req.body),
  );

  app.post(
    '/api/analyses/:id/result',
    {
      config: { permission: [...ENTER] },
      schema: { tags, params: idParams, body: analysisResultBody, response: { 200: analysisDetailSchema } },
    },
    (req) => results.enter(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/analyses/results',
    { config: { permission: [...ENTER] }, schema: { tags, body: analysisResultsBody, response: details } },
    (req) => results.enterMany(actorOf(req), req.body.rows),
  );

  app.post(
    '/api/analyses/verify',
    { config: { permission: [...VERIFY] }, schema: { tags, body: analysisRowsBody, response: details } },
    (req) => results.verify(actorOf(req), req.body),
  );

  app.post(
    '/api/analyses/:id/return',
    {
      config: { permission: [...VERIFY] },
      schema: { tags, params: idParams, body: analysisReturnBody, response: { 200: analysisDetailSchema } },
    },
    (req) => results.returnToAnalyst(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/analyses/release',
    { config: { permission: [...RELEASE] }, schema: { tags, body: analysisRowsBody, response: details } },
    (req) => results.release(actorOf(req), req.body),
  );
};
