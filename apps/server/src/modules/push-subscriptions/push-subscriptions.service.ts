import type { PushSubscribeBody, PushSubscription } from '@qlcv/common/schemas/push-subscriptions';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type OutboundPolicy, outboundAddressProblem } from '../../integrations/outbound-address';
import type { PushSubscriptionStore, PushTarget } from '../../integrations/push/push-driver';
import { validBrowserKeys } from '../../integrations/push/web-push-crypto';
import { nowIso } from '../../lib/clock';
import { invalid, notFound } from '../../lib/errors';
import { lockRow } from '../../lib/row-lock';
import { pushSubscriptionsRepository as repo } from './push-subscriptions.repository';

/** Devices one person may have at once: enough for phone, tablet and a few browsers; bounds a dispatch's fan-out. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * The browsers a user turned Web Push on in (issue 23): listed, added (again: the same endpoint updates its row) and
 * removed by their owner only; read by the push driver (PushSubscriptionStore), which removes a subscription its push
 * service says is gone.
 */
export class PushSubscriptionsService implements PushSubscriptionStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly outbound: OutboundPolicy,
  ) {}

  async list(userId: number): Promise<{ data: PushSubscription[] }> {
    return { data: await repo.ofUser(this.db, userId) };
  }

  /** 201 for a new device, 200 when this browser was already subscribed (its row is updated, for this user). */
  async subscribe(
    userId: number,
    body: PushSubscribeBody,
    userAgent: string | undefined,
  ): Promise<{ created: boolean; row: PushSubscription }> {
    const problem = outboundAddressProblem(body.endpoint, this.outbound);
    if (problem) throw invalid('endpoint', `Địa chỉ nhận thông báo không hợp lệ: ${problem}`);
    if (!validBrowserKeys(body.keys.p256dh, body.keys.auth)) throw invalid('keys.p256dh', 'Khoá của trình duyệt không hợp lệ');
    return this.db.transaction().execute(async (trx) => {
      // The owner's row holds the device cap: two browsers subscribing at once are counted one after the other.
      await lockRow(trx, 'users', userId);
      const existing = await repo.byEndpoint(trx, body.endpoint);
      if (existing?.user_id !== userId && Number((await repo.countOfUser(trx, userId)).n) >= MAX_DEVICES_PER_USER) {
        throw invalid(
          'endpoint',
          `Mỗi người nhận thông báo trên tối đa ${MAX_DEVICES_PER_USER} thiết bị. Hãy gỡ bớt thiết bị cũ.`,
        );
      }
      const row = await repo.upsert(trx, {
        user_id: userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        device_label: body.device_label,
        user_agent: userAgent ? userAgent.slice(0, 300) : null,
        created_at: nowIso(),
      });
      return { created: !existing, row };
    });
  }

  /** Someone else's device answers 404, as one that does not exist. */
  async remove(userId: number, id: number): Promise<void> {
    const res = await repo.deleteOwn(this.db, id, userId);
    if (Number(res.numDeletedRows) === 0) throw notFound('Không tìm thấy thiết bị.');
  }

  // PushSubscriptionStore: what the push driver reads and reports.

  async target(id: number): Promise<PushTarget | null> {
    return (await repo.target(this.db, id)) ?? null;
  }

  async gone(id: number): Promise<void> {
    await repo.deleteById(this.db, id);
  }

  async succeeded(id: number): Promise<void> {
    await repo.markSuccess(this.db, id, nowIso());
  }

  async failed(id: number): Promise<void> {
    await repo.markFailure(this.db, id, nowIso());
  }
}
