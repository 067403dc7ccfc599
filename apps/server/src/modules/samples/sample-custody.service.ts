import { formatDateTime } from '@qlcv/common/format/date';
import {
  SAMPLE_STATUS_LABELS,
  SAMPLE_STEP_MOVES,
  type SampleDetail,
  type SampleHandOverBody,
  type SampleReceiveBody,
  type SampleStep,
  type SampleStepBody,
} from '@qlcv/common/schemas/samples';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import type { UsersService } from '../users/users.service';
import { CLOCK_SKEW_MS } from './sample-entry';
import { samplesRepository as repo } from './samples.repository';
import { SAMPLE_ENTITY, SAMPLE_NOT_FOUND, type SamplesService } from './samples.service';

export type StepBody = SampleHandOverBody | SampleReceiveBody | SampleStepBody;

/** What the reception makes in its own transaction: the sample's analyses (modules/analyses, issue 25). */
export interface ReceptionAnalyses {
  createForSample(
    trx: Kysely<DB>,
    actor: Actor,
    sample: Pick<SampleDetail, 'id' | 'taken_at' | 'lab_parameters'>,
  ): Promise<unknown>;
}

/**
 * The chain of custody (issue 24 part 5): taken → handed over (by the team, to a person, with the cool box's
 * temperature) → received at the laboratory (intact, within the holding time, temperature) → in analysis → stored →
 * disposed. Each step is its own route and an event with its person; a step out of order is refused (409), and two
 * people taking the same step at once move the sample once (compare-and-set on status and version).
 */
export class SampleCustodyService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { samples: SamplesService; users: UsersService; analyses: ReceptionAnalyses },
  ) {}

  async step(actor: Actor, id: number, step: SampleStep, body: StepBody): Promise<SampleDetail> {
    const move = SAMPLE_STEP_MOVES[step];
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.deps.samples.canSee(trx, id, actor))) throw notFound(SAMPLE_NOT_FOUND);
      const s = await this.deps.samples.detail(trx, id, actor);
      if (s.status !== move.from)
        throw conflict(
          `Mẫu ${s.code} đang ở bước "${SAMPLE_STATUS_LABELS[s.status]}": chưa thể "${move.label.toLowerCase()}" (cần bước "${SAMPLE_STATUS_LABELS[move.from]}").`,
          'SAMPLE_STEP_ORDER',
        );
      if (!s.can[step])
        throw forbidden(
          step === 'hand-over'
            ? 'Chỉ trưởng đoàn và thành viên của chuyến mới bàn giao được mẫu.'
            : 'Chỉ nhân viên phòng thí nghiệm (quyền nhận mẫu) mới thực hiện được bước này.',
        );
      if (body.version !== undefined && body.version !== s.version) throw staleVersion();
      const now = nowIso();
      const event = await this.eventOf(trx, s, step, body, now);
      if (!(await repo.move(trx, id, move.from, s.version, { status: move.to, updated_at: now }))) throw staleVersion();
      await repo.insertEvent(trx, { sample_id: id, status: move.to, by_id: actor.id, created_at: now, ...event });
      // Received: one analysis per laboratory parameter due at its point, made once (the sample moved once above).
      if (step === 'receive') await this.deps.analyses.createForSample(trx, actor, s);
      await writeAudit(trx, actor, {
        entity: SAMPLE_ENTITY,
        entityId: id,
        action: step.replace('-', '_'),
        changes: { status: [s.status, move.to], ...(event.notes ? { notes: [null, event.notes] } : {}) },
      });
    });
    return this.deps.samples.detail(this.db, id, actor);
  }

  /** What the step's event records: who received it and the cool box (hand-over), the laboratory's check (receive). */
  private async eventOf(trx: Kysely<DB>, s: SampleDetail, step: SampleStep, body: StepBody, now: string) {
    const base = { at: now, to_id: null, temperature: null, intact: null, within_holding: null, notes: body.notes ?? null };
    if (step === 'hand-over') {
      const b = body as SampleHandOverBody;
      const to = await this.deps.users.get(b.to_user_id, trx).catch(() => null);
      if (to?.status !== 'active') throw invalid('to_user_id', 'Người nhận mẫu không tồn tại hoặc đã bị khóa tài khoản.');
      const at = b.at ? new Date(b.at).toISOString() : now;
      if (Date.parse(at) > Date.now() + CLOCK_SKEW_MS) throw invalid('at', 'Thời điểm bàn giao không được ở tương lai.');
      if (at < s.taken_at) throw invalid('at', `Thời điểm bàn giao phải sau khi lấy mẫu (${formatDateTime(s.taken_at)}).`);
      return { ...base, at, to_id: to.id, temperature: b.temperature };
    }
    if (step === 'receive') {
      const b = body as SampleReceiveBody;
      return {
        ...base,
        temperature: b.temperature,
        intact: b.intact ? 1 : 0,
        within_holding: s.hold_until === null || now <= s.hold_until ? 1 : 0,
      };
    }
    return base;
  }
}
