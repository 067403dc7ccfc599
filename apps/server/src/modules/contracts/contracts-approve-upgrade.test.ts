import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeContractsApprove } from '../../db/migrations/0031-contracts-approve';
import { auditOf, createUser, expectError } from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

// Migration 0031 on a database as an upgrade finds it: roles that signed with contracts.show alone, a contract
// waiting for approval whose submitter is only in its history.
describe('upgrade to contracts.approve (migration 0031)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives the key to the roles that could sign before, and takes the waiting contracts’ submitter from the history', async () => {
    const sales = await t.userWith(['contracts.index', 'contracts.show', 'contracts.create']);
    const readers = await t.userWith(['contracts.index']);
    const customer = (
      await t.call({
        method: 'POST',
        url: '/api/customers',
        token: t.adminToken,
        payload: { type: 'organization', name: 'Công ty Cổ phần Nhựa Tiền Phong' },
      })
    ).json().id;
    const made = await t.call({
      method: 'POST',
      url: '/api/contracts',
      token: sales.token,
      payload: {
        customer_id: customer,
        title: 'Quan trắc nước thải 2027',
        start_date: '2027-01-01',
        end_date: '2027-12-31',
        items: [{ name: 'Phân tích nước thải', unit_name: 'mẫu', quantity: 2, unit_price: 900_000, vat_rate: '10' }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const submitted = await t.call({ method: 'POST', url: `/api/contracts/${id}/submit`, token: sales.token, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // As before the upgrade: no submitter on the row, and the role without the new key.
    const db = t.database.db;
    await db.updateTable('contracts').set({ submitted_by: null, submitted_at: null }).where('id', '=', id).execute();
    await db.deleteFrom('role_permissions').where('permission', '=', 'contracts.approve').execute();
    const version = async (roleId: number) =>
      (await db.selectFrom('roles').select('version').where('id', '=', roleId).executeTakeFirstOrThrow()).version;
    const before = await version(sales.roleId);

    await upgradeContractsApprove(db as never);
    await upgradeContractsApprove(db as never); // twice: nothing more

    const keysOf = async (roleId: number) =>
      (await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute()).map(
        (r) => r.permission,
      );
    expect((await keysOf(sales.roleId)).filter((k) => k === 'contracts.approve')).toHaveLength(1);
    expect(await keysOf(readers.roleId)).not.toContain('contracts.approve');
    expect(await version(sales.roleId)).toBe(before + 1);
    const row = await db
      .selectFrom('contracts')
      .select(['submitted_by', 'submitted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const entry = (await auditOf(t, 'contracts', id)).find((h) => h.action === 'submit');
    expect(row.submitted_by).toBe(sales.id);
    expect(new Date(String(row.submitted_at)).toISOString()).toBe(new Date(String(entry?.created_at)).toISOString());

    // The submitter still cannot sign it; a colleague of the same role, who signed before, still can.
    const sign = (token: string) =>
      t.call({ method: 'POST', url: `/api/contracts/${id}/sign`, token, payload: { signed_date: '2026-12-20' } });
    expectError(await sign(sales.token), 403, 'FORBIDDEN');
    await createUser(t, {
      name: 'Đỗ Thị Mai',
      username: 'mai.dt.upgrade',
      role_id: sales.roleId,
      password: TEST_PASSWORD,
    });
    const signed = await sign(await t.login('mai.dt.upgrade', TEST_PASSWORD));
    expect(signed.statusCode, signed.body).toBe(200);
  });
});
