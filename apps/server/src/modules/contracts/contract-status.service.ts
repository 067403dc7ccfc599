import {
  CONTRACT_APPROVAL_VERBS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TRANSITIONS,
  type ContractDetail,
  type ContractVerb,
} from '@qlcv/common/schemas/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, forbidden, invalid, staleVersion } from '../../lib/errors';
import { CONTRACT_ENTITY } from './contracts.mappers';
import { contractsRepository as repo } from './contracts.repository';
import { type ContractsService, mayApprove } from './contracts.service';

const OWN_SUBMISSION =
  'Bạn đã gửi duyệt hợp đồng này nên không thể tự ký hoặc trả lại. Người khác có quyền duyệt hợp đồng sẽ làm việc này.';

const wrongState = (verb: ContractVerb, number: string, status: string) =>
  new AppError(
    409,
    'INVALID_STATE',
    `Không thể ${CONTRACT_TRANSITIONS[verb].label.toLowerCase()} hợp đồng ${number} đang ở trạng thái ${
      CONTRACT_STATUS_LABELS[status as keyof typeof CONTRACT_STATUS_LABELS] ?? status
    }.`,
  );

export interface ContractVerbInput {
  note?: string | null;
  version?: number;
  /** sign only. */
  signed_date?: string;
}

/**
 * The status flow, one verb per change: draft → pending approval → signed → in progress → completed → liquidated,
 * back from pending approval to draft (`return`), or cancelled from any status before completion. Each change is a
 * conditional UPDATE on the statuses it leaves (so of two concurrent calls one wins, the other gets 409) with its
 * history entry. Signing fixes the signed date and computes the VAT again by it. Submitting records who submitted;
 * signing and returning (the route asks `contracts.approve`) are never done by them (separation of duties), which the
 * conditional UPDATE holds too.
 */
export class ContractStatusService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly contracts: ContractsService,
  ) {}

  async change(actor: Actor, id: number, verb: ContractVerb, input: ContractVerbInput): Promise<ContractDetail> {
    const t = CONTRACT_TRANSITIONS[verb];
    if (t.noteRequired && !input.note) throw invalid('note', 'Vui lòng nhập lý do');
    const deciding = CONTRACT_APPROVAL_VERBS.includes(verb);
    await this.db.transaction().execute(async (trx) => {
      const before = await this.contracts.detail(id, trx);
      if (!t.from.includes(before.status)) throw wrongState(verb, before.number, before.status);
      if (deciding && !mayApprove(actor, before.approval?.submitted_by?.id ?? null)) {
        throw mayApprove(actor, null) ? forbidden(OWN_SUBMISSION) : forbidden();
      }
      if (input.version !== undefined && input.version !== before.version) throw staleVersion();
      const now = nowIso();
      const values: Record<string, unknown> = { status: t.to, updated_at: now };
      const changes: Record<string, unknown> = { status: [before.status, t.to] };
      if (verb === 'submit') Object.assign(values, { submitted_by: actor.id, submitted_at: now });
      if (verb === 'sign' && input.signed_date) {
        if (input.signed_date > before.end_date) {
          throw invalid('signed_date', 'Ngày ký không được sau ngày kết thúc hợp đồng');
        }
        values.signed_date = input.signed_date;
        changes.signed_date = [before.signed_date, input.signed_date];
        Object.assign(values, await this.reprice(trx, before, input.signed_date, changes));
      }
      const changed = await repo.changeStatus(trx, id, t.from, input.version ?? null, values, deciding ? actor.id : undefined);
      if (!changed) {
        const current = await repo.exists(trx, id);
        if (deciding && current?.status === 'pending_approval' && current.submitted_by === actor.id) {
          throw forbidden(OWN_SUBMISSION);
        }
        throw current && t.from.includes(current.status as never)
          ? staleVersion()
          : wrongState(verb, before.number, current?.status ?? before.status);
      }
      if (input.note) changes.note = input.note;
      await writeAudit(trx, actor, { entity: CONTRACT_ENTITY, entityId: id, action: verb, changes });
    });
    return this.contracts.detailFor(actor, id);
  }

  /** The lines priced again by the signed date: their applied rates and the contract's totals. */
  private async reprice(trx: Kysely<DB>, before: ContractDetail, date: string, changes: Record<string, unknown>) {
    const { rows, money } = await this.contracts.priced(trx, before.items, date);
    await repo.updateItemRates(
      trx,
      before.items.map((item, i) => ({
        id: item.id,
        applied_rate: rows[i]?.applied_rate ?? null,
        amount: rows[i]?.amount ?? item.amount,
      })),
    );
    for (const key of ['subtotal', 'vat_amount', 'total'] as const) {
      if (money[key] !== before[key]) changes[key] = [before[key], money[key]];
    }
    return money;
  }
}
