import { CONTRACT_STATUSES } from '@qlcv/common/schemas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, createRole, createUser, uniq } from '../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { loadDemoContracts } from './demo-contracts';
import { loadDemoServices } from './demo-services';

describe('demo contracts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const now = new Date().toISOString();
    await loadDemoServices(t.database.db, { created_at: now, updated_at: now, created_by: null });
    const kd = await createDepartment(t, { code: uniq('KD'), name: 'Phòng Kinh doanh' });
    const role = await createRole(t, {
      code: uniq('kd'),
      name: 'Kinh doanh',
      permissions: ['requests.index', 'requests.show', 'contracts.index', 'contracts.show', 'contracts.create'],
    });
    for (const [username, name] of [
      ['bao.dq', 'Đặng Quốc Bảo'],
      ['huong.ntt', 'Ngô Thị Thanh Hương'],
    ]) {
      await createUser(t, { name, username, role_id: role.id, department_id: kd.id, password: TEST_PASSWORD });
    }
    // The director signs what the salespeople submit.
    const board = await createRole(t, {
      code: uniq('gd'),
      name: 'Giám đốc',
      permissions: ['contracts.index', 'contracts.show', 'contracts.approve'],
    });
    await createUser(t, { name: 'Nguyễn Văn Hùng', username: 'hung.nv', role_id: board.id, password: TEST_PASSWORD });
    for (const name of ['Công ty TNHH Bia Hà Nội - Mê Linh', 'Công ty Cổ phần Thép Đông Á', 'Bệnh viện Đa khoa tỉnh Bắc Ninh']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/customers',
        token: t.adminToken,
        payload: { type: 'organization', name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t?.close());

  it('makes contracts in every status through the services, once, some expiring within the month', async () => {
    expect(await loadDemoContracts(t.database.db, t.config.dataDir)).toBe(true);
    expect(await loadDemoContracts(t.database.db, t.config.dataDir)).toBe(false);
    const all = (await t.call({ method: 'GET', url: '/api/contracts?per_page=100', token: t.adminToken })).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(20);
    expect(new Set(all.data.map((c: { status: string }) => c.status))).toEqual(new Set(CONTRACT_STATUSES));
    expect(all.data.every((c: { total: number; subtotal: number }) => c.total > c.subtotal && c.subtotal > 0)).toBe(true);
    const sum = (statuses: string[]) =>
      all.data
        .filter((c: { status: string }) => statuses.includes(c.status))
        .reduce((s: number, c: { total: number }) => s + c.total, 0);
    expect(all.meta.sums.signed.total).toBe(sum(['signed', 'in_progress', 'completed', 'liquidated']));
    expect(all.meta.sums.cancelled.total).toBe(sum(['cancelled']));
    // Signed and onward by the director, never by the salesperson who submitted them.
    const signs = await t.database.db
      .selectFrom('audit_logs as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.username'])
      .where('a.entity', '=', 'contracts')
      .where('a.action', '=', 'sign')
      .execute();
    expect(signs.length).toBeGreaterThan(0);
    expect(new Set(signs.map((x) => x.username))).toEqual(new Set(['hung.nv']));
    const expiring = (await t.call({ method: 'GET', url: '/api/contracts?expiring=1', token: t.adminToken })).json();
    expect(expiring.meta.total).toBeGreaterThanOrEqual(3);
    const numbers = all.data.map((c: { number: string }) => c.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n: string) => /^\d{3}\/\d{4}\/HĐ-QT$/.test(n))).toBe(true);
  });
});
