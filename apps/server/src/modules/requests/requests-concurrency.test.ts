import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race, statusCounts } from '../../test/concurrency';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildWorld, uniquePhone, type World } from '../../test/request-helpers';

// Rules across rows of requests (docs/architecture.md, "Rules across rows"): every request gets a code of its own
// from the month's sequence (lib/sequences.ts, one upsert) — under N identical requests at once.

describe('request codes under concurrent requests', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
  });
  afterAll(() => t?.close());

  it('gives 15 requests created at once 15 different codes', async () => {
    const answers = await race(t, 15, (i) => ({
      method: 'POST',
      url: '/api/requests',
      token: t.adminToken,
      payload: {
        request_type_id: world.typeId,
        requester_name: 'Vũ Minh Đức',
        requester_phone: uniquePhone(),
        title: `Phân tích mẫu đất ${i}`,
      },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 15 });
    const codes = answers.map((a) => a.body.code as string);
    expect(new Set(codes).size).toBe(15);
    for (const code of codes) expect(code).toMatch(/^YC\d{4}-\d{4,}$/);
  });
});
