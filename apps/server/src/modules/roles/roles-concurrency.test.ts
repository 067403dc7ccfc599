import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { createRole, uniq } from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

// Rules across rows of roles (docs/architecture.md, "Rules across rows"): codes are unique, a role given to a user is
// never deleted — under N identical requests at once.

describe('roles under concurrent requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one of 15 roles sent at once with the same code', async () => {
    const code = uniq('role');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/roles',
      token: t.adminToken,
      payload: { code, name: 'Kế toán', permissions: [] },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã vai trò đã tồn tại.' });
  });

  it('never deletes a role that a user created at the same time is given', async () => {
    for (let round = 0; round < 3; round++) {
      const role = await createRole(t, { code: uniq('role'), name: 'Thủ quỹ', permissions: [] });
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/roles/${role.id}`, token: t.adminToken },
        () => {
          const username = uniq('tq');
          return {
            method: 'POST',
            url: '/api/users',
            token: t.adminToken,
            payload: { name: 'Thủ quỹ', username, role_id: role.id, password: TEST_PASSWORD },
          };
        },
        {
          inUse: { message: /^Không thể xóa vai trò đang được gán cho \d+ người dùng/ },
          missing: { field: 'role_id', message: 'Vai trò không tồn tại.' },
        },
      );
      const users = await t.database.db.selectFrom('users').select('id').where('role_id', '=', role.id).execute();
      expect(users).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
