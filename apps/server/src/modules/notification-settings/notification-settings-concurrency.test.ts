import { EVENT_CATALOGUE } from '@qlcv/common/schemas/notification-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of notification settings (docs/architecture.md, "Rules across rows"): one setting per event —
// under N identical requests at once.

describe('notification settings under concurrent requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one of 12 settings sent at once for the same event', async () => {
    const event = 'work.assigned';
    await t.database.db.deleteFrom('notification_settings').where('event', '=', event).execute();
    const answers = await race(t, 12, () => ({
      method: 'POST',
      url: '/api/notification-settings',
      token: t.adminToken,
      payload: {
        event,
        channels: ['in_app'],
        recipients: { dynamic: ['assignee'] },
        title_template: 'Bạn được giao công việc',
        body_template: 'Vui lòng xem công việc mới.',
      },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(answers, 201, {
      status: 422,
      field: 'event',
      message: `Sự kiện "${EVENT_CATALOGUE[event].label}" đã có cấu hình. Hãy sửa cấu hình đó.`,
    });
  });
});
