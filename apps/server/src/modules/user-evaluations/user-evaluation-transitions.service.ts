import type {
  UserEvaluationDetail,
  UserEvaluationReturnBody,
  UserEvaluationTransitionBody,
} from '@qlcv/common/schemas/user-evaluations';
import type { Kysely, Updateable } from 'kysely';
import type { DB, UserEvaluationsTable } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { type DomainEventType, recordEvent } from '../../lib/domain-events';
import { forbidden, invalid, staleVersion } from '../../lib/errors';
import { invalidState, locked } from '../evaluations/evaluation-errors';
import { recomputeTotal } from './user-evaluation-actuals';
import { rolesOf } from './user-evaluations.mappers';
import { userEvaluationsRepository as repo, USER_EVALUATION_ENTITY, type UserEvaluationRow } from './user-evaluations.repository';
import type { UserEvaluationsService } from './user-evaluations.service';

type Status = 'draft' | 'self_assessed' | 'reviewed' | 'approved';

const viScore = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

/** The event payload the notification dispatcher reads (notification-recipients.ts, payloadContext). */
export function userEvaluationEventPayload(r: {
  id: number;
  employee_id: number;
  department_id: number | null;
  reviewer_id: number | null;
  evaluation_name: string;
  employee_name: string;
  total: number | null;
}): Record<string, unknown> {
  return {
    assignee_id: r.employee_id,
    department_id: r.department_id,
    head_ids: r.reviewer_id ? [r.reviewer_id] : [],
    vars: {
      'evaluation.name': r.evaluation_name,
      'evaluation.score': viScore(r.total === null ? null : Number(r.total)),
      'employee.name': r.employee_name,
    },
    link: `/admin/user-evaluations/${r.id}`,
  };
}

/** The steps of a user evaluation, one route each: submit-self, review, approve, return. */
export class UserEvaluationTransitionsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userEvaluations: UserEvaluationsService,
  ) {}

  /** Loads the row (404 outside the scope), refuses a closed or unopened period, then checks who and from what. */
  private async step(
    actor: Actor,
    id: number,
    version: number | undefined,
    opts: {
      from: Status;
      to: Status;
      action: string;
      allowed: (row: UserEvaluationRow) => boolean;
      wrongState: string;
      check?: (trx: Kysely<DB>, row: UserEvaluationRow) => Promise<void>;
      set?: Updateable<UserEvaluationsTable>;
      note?: string | null;
      event?: DomainEventType;
    },
  ): Promise<UserEvaluationDetail> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.userEvaluations.rowForWrite(trx, actor, id);
      if (row.evaluation_status === 'closed') throw locked();
      if (row.evaluation_status !== 'open') throw invalidState('Kỳ đánh giá chưa mở.');
      if (!opts.allowed(row)) throw forbidden();
      if (row.status !== opts.from) throw invalidState(opts.wrongState);
      if (version !== undefined && version !== row.version) throw staleVersion();
      await opts.check?.(trx, row);
      const moved = await repo.updateAt(
        trx,
        id,
        row.version,
        { status: opts.to, ...opts.set, version: row.version + 1, updated_at: nowIso() },
        opts.from,
      );
      if (!moved) throw staleVersion();
      const { total } = await recomputeTotal(trx, id);
      await writeAudit(trx, actor, {
        entity: USER_EVALUATION_ENTITY,
        entityId: id,
        action: opts.action,
        changes: { status: [row.status, opts.to], ...(opts.note ? { note: opts.note } : {}) },
      });
      if (opts.event) {
        await recordEvent(trx, {
          type: opts.event,
          entity: USER_EVALUATION_ENTITY,
          entityId: id,
          actorId: actor.id,
          payload: userEvaluationEventPayload({ ...row, total }),
        });
      }
    });
    return this.userEvaluations.get(actor, id);
  }

  /** Every criterion must carry the score of this step; the 422 names the ones missing. */
  private requireScores(field: 'self_score' | 'reviewer_score') {
    return async (trx: Kysely<DB>, row: UserEvaluationRow) => {
      const missing = (await repo.scores(trx, row.id)).filter((s) => s[field] === null).map((s) => s.kpi_name);
      if (missing.length > 0) throw invalid('scores', `Chưa chấm điểm các tiêu chí: ${missing.join(', ')}.`, 'SCORES_MISSING');
    };
  }

  /** draft → self_assessed, by the employee; after the self deadline still accepted, marked late. */
  submitSelf(actor: Actor, id: number, body: UserEvaluationTransitionBody) {
    return this.step(actor, id, body.version, {
      from: 'draft',
      to: 'self_assessed',
      action: 'submit_self',
      allowed: (r) => rolesOf(r, actor).own,
      wrongState: 'Phiếu đánh giá đã được gửi tự đánh giá.',
      check: this.requireScores('self_score'),
      set: { self_submitted_at: nowIso(), return_note: null },
      note: body.note,
    });
  }

  /** self_assessed → reviewed, by the reviewer (or HR standing in); the employee is told the score. */
  review(actor: Actor, id: number, body: UserEvaluationTransitionBody) {
    return this.step(actor, id, body.version, {
      from: 'self_assessed',
      to: 'reviewed',
      action: 'review',
      allowed: (r) => rolesOf(r, actor).reviewer,
      wrongState: 'Chỉ đánh giá được phiếu nhân viên đã tự đánh giá.',
      check: this.requireScores('reviewer_score'),
      set: { reviewed_at: nowIso(), return_note: null },
      note: body.note,
      event: 'evaluation.reviewed',
    });
  }

  /** reviewed → approved, by HR (not their own). */
  approve(actor: Actor, id: number, body: UserEvaluationTransitionBody) {
    return this.step(actor, id, body.version, {
      from: 'reviewed',
      to: 'approved',
      action: 'approve',
      allowed: (r) => {
        const roles = rolesOf(r, actor);
        return roles.hr && !roles.own;
      },
      wrongState: 'Chỉ duyệt được phiếu quản lý đã đánh giá.',
      set: { approved_at: nowIso(), approved_by: actor.id, return_note: null },
      note: body.note,
      event: 'evaluation.approved',
    });
  }

  /**
   * One step back with the reason: self_assessed → draft (the reviewer or HR), reviewed → self_assessed (the reviewer
   * or HR), approved → reviewed (HR).
   */
  async return(actor: Actor, id: number, body: UserEvaluationReturnBody) {
    const row = await this.userEvaluations.visibleRow(this.db, actor, id);
    const back: Partial<Record<Status, { to: Status; set: Record<string, unknown> }>> = {
      self_assessed: { to: 'draft', set: { self_submitted_at: null } },
      reviewed: { to: 'self_assessed', set: { reviewed_at: null } },
      approved: { to: 'reviewed', set: { approved_at: null, approved_by: null } },
    };
    const step = back[row.status as Status];
    return this.step(actor, id, body.version, {
      from: row.status === 'draft' ? 'self_assessed' : (row.status as Status),
      to: step?.to ?? 'draft',
      action: 'return',
      allowed: (r) => {
        const roles = rolesOf(r, actor);
        if (roles.own) return false;
        if (r.status === 'approved') return roles.hr;
        if (r.status === 'reviewed') return roles.hr || r.reviewer_id === actor.id;
        return roles.reviewer;
      },
      wrongState: 'Phiếu đánh giá chưa gửi, không có gì để trả lại.',
      set: { ...step?.set, return_note: body.note },
      note: body.note,
    });
  }
}
