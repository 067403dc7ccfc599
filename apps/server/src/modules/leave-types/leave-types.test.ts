import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// The annual leave type is found by its code (the balance ledger reads it): the settings screen and the API keep it.

describe('leave types: the annual type', () => {
  let t: TestApp;
  type Type = { id: number; code: string; name: string; symbol: string; version: number } & Record<string, unknown>;
  let annual: Type;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.call({ method: 'GET', url: '/api/leave-types', token: t.adminToken });
    annual = (res.json().data as Type[]).find((x) => x.code === 'annual') as Type;
    expect(annual).toBeDefined();
  });
  afterAll(() => t?.close());

  const body = (x: Type, change: Partial<Type>) => {
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = { ...x, ...change };
    return rest;
  };

  it('keeps its code: a rename of the code is refused on the field, a new name is saved', async () => {
    const refused = await t.call({
      method: 'PUT',
      url: `/api/leave-types/${annual.id}`,
      token: t.adminToken,
      payload: body(annual, { code: 'nam' }),
    });
    const err = expectError(refused, 422, 'VALIDATION_FAILED', 'code');
    expect(err.errors[0]?.message).toContain('phép năm');
    const saved = await t.call({
      method: 'PUT',
      url: `/api/leave-types/${annual.id}`,
      token: t.adminToken,
      payload: body(annual, { name: 'Nghỉ phép năm (12 ngày)' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ code: 'annual', name: 'Nghỉ phép năm (12 ngày)' });
    annual = saved.json();
  });

  it('is never deleted, even unused (409 in Vietnamese); another unused type is', async () => {
    const refused = await t.call({ method: 'DELETE', url: `/api/leave-types/${annual.id}`, token: t.adminToken });
    const err = expectError(refused, 409, 'IN_USE');
    expect(err.message).toContain('phép năm');
    const made = await t.call({
      method: 'POST',
      url: '/api/leave-types',
      token: t.adminToken,
      payload: { code: 'hoc_tap', name: 'Nghỉ học tập', symbol: 'H' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const gone = await t.call({ method: 'DELETE', url: `/api/leave-types/${made.json().id}`, token: t.adminToken });
    expect(gone.statusCode).toBe(204);
    expectError(await t.call({ method: 'DELETE', url: `/api/leave-types/${annual.id}`, token: null }), 401, 'UNAUTHENTICATED');
    const plain = await t.userWith([]);
    expectError(await t.call({ method: 'DELETE', url: `/api/leave-types/${annual.id}`, token: plain.token }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'DELETE', url: '/api/leave-types/999999', token: t.adminToken }), 404, 'NOT_FOUND');
  });
});
