import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { createDepartment, createRole, uniq } from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

// Rules across rows of departments (docs/architecture.md, "Rules across rows"): codes are unique, the tree has no
// loop, a department with people or sub-departments is never deleted — under N identical requests at once.

describe('departments under concurrent requests', () => {
  let t: TestApp;
  let roleId: number;
  const department = (over: Record<string, unknown> = {}) =>
    createDepartment(t, { code: uniq('PB'), name: 'Phòng Thử', ...over }) as Promise<{ id: number; version: number }>;

  beforeAll(async () => {
    t = await createTestApp();
    roleId = (await createRole(t, { code: uniq('nv'), name: 'Nhân viên', permissions: [] })).id;
  });
  afterAll(() => t?.close());

  it('creates one of 15 departments sent at once with the same code', async () => {
    const code = uniq('PB');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/departments',
      token: t.adminToken,
      payload: { code, name: 'Phòng Kế toán' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã phòng ban đã tồn tại.' });
  });

  it('never closes a loop when two departments are each set under the other at once', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async () => [await department(), await department()] as const));
    const calls = pairs.flatMap(([a, b]) => [
      [a, b],
      [b, a],
    ]);
    const answers = await race(t, calls.length, (i) => {
      const [self, parent] = calls[i] as [{ id: number; version: number }, { id: number }];
      return {
        method: 'PUT',
        url: `/api/departments/${self.id}`,
        token: t.adminToken,
        payload: { code: `PB${self.id}x`, name: 'Phòng Thử', parent_id: parent.id, version: self.version },
      };
    });
    expect(statusCounts(answers)).toEqual({ 200: 8, 422: 8 });
    expectRefusals(answers, 200, {
      status: 422,
      field: 'parent_id',
      message: 'Không thể chọn chính phòng ban này hoặc phòng ban con của nó làm cấp trên.',
    });
    const rows = await t.database.db.selectFrom('departments').select(['id', 'parent_id']).execute();
    const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
    for (const r of rows) {
      let at: number | null | undefined = r.parent_id;
      for (let hops = 0; at; hops++) {
        expect(at, `department ${r.id} is its own ancestor`).not.toBe(r.id);
        expect(hops).toBeLessThan(rows.length);
        at = parentOf.get(at);
      }
    }
  });

  it('never deletes a department that a user created at the same time works in', async () => {
    for (let round = 0; round < 3; round++) {
      const dep = await department();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/departments/${dep.id}`, token: t.adminToken },
        () => ({
          method: 'POST',
          url: '/api/users',
          token: t.adminToken,
          payload: { name: 'Nhân viên', username: uniq('pb'), role_id: roleId, department_id: dep.id, password: TEST_PASSWORD },
        }),
        {
          inUse: { message: /^Không thể xóa phòng ban đang có \d+ nhân viên/ },
          missing: { field: 'department_id', message: 'Phòng ban không tồn tại.' },
        },
      );
      const users = await t.database.db.selectFrom('users').select('id').where('department_id', '=', dep.id).execute();
      expect(users).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });

  it('never deletes a department that a sub-department created at the same time sits under', async () => {
    for (let round = 0; round < 3; round++) {
      const dep = await department();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/departments/${dep.id}`, token: t.adminToken },
        () => ({
          method: 'POST',
          url: '/api/departments',
          token: t.adminToken,
          payload: { code: uniq('PB'), name: 'Tổ con', parent_id: dep.id },
        }),
        {
          inUse: { message: /^Không thể xóa phòng ban đang có \d+ phòng ban trực thuộc/ },
          missing: { field: 'parent_id', message: 'Phòng ban cấp trên không tồn tại.' },
        },
      );
      const children = await t.database.db.selectFrom('departments').select('id').where('parent_id', '=', dep.id).execute();
      expect(children).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });
});
