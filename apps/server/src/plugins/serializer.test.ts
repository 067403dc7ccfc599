import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { fallbacks } from './serializer';

describe('response serializer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Serializers compile on first use; touch the main shapes.
    await t.call({ method: 'GET', url: '/api/users', token: t.adminToken });
    await t.call({ method: 'GET', url: '/api/departments/tree', token: t.adminToken });
    await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken });
  });
  afterAll(() => t.close());

  it('writes only declared fields, dropping anything else on the object', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password_hash|search_text|token_hash/);
    expect(Object.keys(res.json().user)).toContain('role');
  });

  it('compiles the main response schemas without falling back to zod', () => {
    expect(fallbacks.filter((f) => /\/api\/(users|departments\/tree|auth\/info) /.test(f))).toEqual([]);
  });
});
