import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of leave types (docs/architecture.md, "Rules across rows"): codes are unique, a leave type a
// leave was applied for is never deleted — under N identical requests at once.

/** The first `n` weekdays from `from`. */
function weekdays(from: string, n: number): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  while (out.length < n) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

describe('leave types under concurrent requests', () => {
  let t: TestApp;
  const leaveType = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/leave-types',
      token: t.adminToken,
      payload: { code: uniq('lt'), name: 'Nghỉ học tập', symbol: 'H' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one of 15 leave types sent at once with the same code', async () => {
    const code = uniq('lt');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/leave-types',
      token: t.adminToken,
      payload: { code, name: 'Nghỉ học tập', symbol: 'H' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã loại nghỉ đã tồn tại.' });
  });

  it('never deletes a leave type that a leave applied for at the same time uses', async () => {
    const emp = await t.userWith(['leaves.index', 'leaves.create'], { joined_at: '2018-01-01' });
    const days = weekdays('2031-03-03', 36);
    for (let round = 0; round < 3; round++) {
      const type = await leaveType();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        12,
        { method: 'DELETE', url: `/api/leave-types/${type.id}`, token: t.adminToken },
        (i) => {
          const day = days[round * 12 + i];
          return {
            method: 'POST',
            url: '/api/leaves',
            token: emp.token,
            payload: { leave_type_id: type.id, start_date: day, end_date: day, reason: 'Học' },
          };
        },
        {
          inUse: { code: 'IN_USE', message: /^Loại nghỉ đã được dùng trong đơn nghỉ/ },
          missing: { field: 'leave_type_id', message: 'Loại nghỉ không tồn tại hoặc đã ngừng dùng.' },
        },
      );
      const leaves = await t.database.db.selectFrom('leaves').select('id').where('leave_type_id', '=', type.id).execute();
      expect(leaves).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
