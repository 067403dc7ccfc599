import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  LEAVE_HALF_LABELS,
  LEAVE_LIST_KEYS,
  LEAVE_STATUS_LABELS,
  type Leave,
  leaveAdjustmentBody,
  leaveApprovalCount,
  leaveBalanceQuery,
  leaveBalanceSchema,
  leaveCancelBody,
  leaveCreateBody,
  leaveDecisionBody,
  leaveDetailSchema,
  leaveForEmployeeBody,
  leaveListQuery,
  leavePolicyBody,
  leavePolicySchema,
  leavePreviewQuery,
  leavePreviewSchema,
  leaveRejectBody,
  leaveSchema,
  leaveUpdateBody,
  leaveYearEndBody,
  leaveYearEndResponse,
} from '@qlcv/common/schemas/leaves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx, type XlsxColumn } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { LeaveApprovalsService } from './leave-approvals.service';
import type { LeaveBalancesService } from './leave-balances.service';
import type { LeavesService } from './leaves.service';

const COLUMNS: XlsxColumn<Leave>[] = [
  { header: 'Mã đơn', width: 14, value: (l) => l.code },
  { header: 'Mã nhân viên', width: 12, value: (l) => l.user.code },
  { header: 'Nhân viên', width: 26, value: (l) => l.user.name },
  { header: 'Phòng ban', width: 24, value: (l) => l.user.department?.name },
  { header: 'Loại nghỉ', width: 20, value: (l) => l.type.name },
  { header: 'Ký hiệu', width: 8, value: (l) => l.type.symbol },
  { header: 'Từ ngày', type: 'date', value: (l) => l.start_date },
  { header: 'Buổi bắt đầu', width: 12, value: (l) => LEAVE_HALF_LABELS[l.start_half] },
  { header: 'Đến ngày', type: 'date', value: (l) => l.end_date },
  { header: 'Buổi kết thúc', width: 12, value: (l) => LEAVE_HALF_LABELS[l.end_half] },
  { header: 'Số ngày', width: 9, value: (l) => l.days },
  { header: 'Lý do', width: 30, value: (l) => l.reason },
  { header: 'Trạng thái', width: 12, value: (l) => LEAVE_STATUS_LABELS[l.status] },
  { header: 'Người duyệt', width: 24, value: (l) => l.decided_by?.name ?? l.approver?.name },
  { header: 'Ngày duyệt', type: 'datetime', value: (l) => l.decided_at },
  { header: 'Ghi chú', width: 30, value: (l) => l.decision_note },
  { header: 'Người tạo', width: 24, value: (l) => l.created_by_user?.name },
  { header: 'Ngày tạo', type: 'datetime', value: (l) => l.created_at },
];

const MANAGE = ['leaves.department', 'leaves.departments', 'leaves.all'] as const;

export const leavesRoutes: FastifyPluginAsyncZod<{
  leaves: LeavesService;
  approvals: LeaveApprovalsService;
  balances: LeaveBalancesService;
}> = async (app, { leaves, approvals, balances }) => {
  const tags = ['leaves'];
  const detail = { 200: leaveDetailSchema };
  // Deciding and cancelling: any signed-in user, for the leaves they see (404 outside), 403 when they may not.
  const auth = { config: { auth: true } };

  app.get(
    '/api/leaves',
    {
      // A head or a substitute decides leaves without any leave key: they reach the approval tab (the service refuses
      // the other tabs to a caller without one of LEAVE_LIST_KEYS).
      config: { auth: true },
      schema: {
        tags,
        description:
          '`tab`: mine (default), approval (awaiting my decision), all (my scope). `X-Export: xlsx` for the file. Without a leave key, only `approval`.',
        querystring: leaveListQuery,
        response: { 200: paginated(leaveSchema) },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return leaves.list(actor, req.query);
      return sendXlsx(reply, {
        fileName: `nghi-phep-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Nghỉ phép',
        rows: await leaves.exportRows(actor, req.query),
        columns: COLUMNS,
      });
    },
  );

  app.get(
    '/api/leaves/approval-count',
    { config: { auth: true }, schema: { tags, response: { 200: leaveApprovalCount } } },
    async (req) => ({ count: await leaves.approvalCount(actorOf(req)) }),
  );

  app.get(
    '/api/leaves/preview',
    {
      config: { permission: ['leaves.create', ...MANAGE] },
      schema: { tags, querystring: leavePreviewQuery, response: { 200: leavePreviewSchema } },
    },
    (req) => leaves.preview(actorOf(req), req.query),
  );

  app.get(
    '/api/leaves/balance',
    {
      config: { permission: LEAVE_LIST_KEYS },
      schema: { tags, querystring: leaveBalanceQuery, response: { 200: leaveBalanceSchema } },
    },
    (req) => leaves.balance(actorOf(req), req.query.user_id, req.query.year),
  );

  app.post(
    '/api/leaves/balance-adjustments',
    {
      config: { permission: ['leaves.all'] },
      schema: { tags, body: leaveAdjustmentBody, response: { 201: leaveBalanceSchema } },
    },
    async (req, reply) => reply.status(201).send(await balances.adjust(actorOf(req), req.body)),
  );

  app.post(
    '/api/leaves/year-end-close',
    {
      config: { permission: ['leaves.all'] },
      schema: { tags, body: leaveYearEndBody, response: { 200: leaveYearEndResponse } },
    },
    (req) => balances.yearEndClose(actorOf(req), req.body.year),
  );

  app.get(
    '/api/leaves/policy',
    { config: { permission: ['leaves.all'] }, schema: { tags, response: { 200: leavePolicySchema } } },
    () => balances.policy(),
  );

  app.put(
    '/api/leaves/policy',
    { config: { permission: ['leaves.all'] }, schema: { tags, body: leavePolicyBody, response: { 200: leavePolicySchema } } },
    (req) => balances.updatePolicy(actorOf(req), req.body),
  );

  app.post(
    '/api/leaves',
    { config: { permission: ['leaves.create'] }, schema: { tags, body: leaveCreateBody, response: { 201: leaveDetailSchema } } },
    async (req, reply) => reply.status(201).send(await leaves.create(actorOf(req), req.body)),
  );

  app.post(
    '/api/leaves/for-employee',
    {
      config: { permission: MANAGE },
      schema: { tags, body: leaveForEmployeeBody, response: { 201: leaveDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await leaves.createForEmployee(actorOf(req), req.body)),
  );

  // Any signed-in user, for the leaves they see (404 otherwise): their own, their scope's, or one awaiting them.
  app.get('/api/leaves/:id', { ...auth, schema: { tags, params: idParams, response: detail } }, (req) =>
    leaves.get(actorOf(req), req.params.id),
  );

  app.put(
    '/api/leaves/:id',
    {
      config: { permission: ['leaves.create', 'leaves.edit', 'leaves.departments', 'leaves.all'] },
      schema: { tags, params: idParams, body: leaveUpdateBody, response: detail },
    },
    (req) => leaves.update(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/leaves/:id/approve',
    {
      ...auth,
      schema: {
        tags,
        description: 'pending → approved',
        params: idParams,
        body: leaveDecisionBody.default({}),
        response: detail,
      },
    },
    (req) => approvals.approve(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/leaves/:id/reject',
    { ...auth, schema: { tags, description: 'pending → rejected', params: idParams, body: leaveRejectBody, response: detail } },
    (req) => approvals.reject(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/leaves/:id/cancel',
    {
      ...auth,
      schema: {
        tags,
        description: 'pending / approved → cancelled',
        params: idParams,
        body: leaveCancelBody.default({}),
        response: detail,
      },
    },
    (req) => approvals.cancel(actorOf(req), req.params.id, req.body),
  );
};
