import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers without a token when the database is reachable', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown /api path with the JSON 404 body', async () => {
    const res = await t.call({ method: 'GET', url: '/api/khong-co' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error_code: 'NOT_FOUND', errors: [] });
  });
});

describe('request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes an empty body sent as JSON as no body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: t.adminToken,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('still refuses a broken JSON body and a prototype-polluting one', async () => {
    const broken = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error_code).toBe('BAD_REQUEST');
    const proto = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"x":1}}',
    });
    expect(proto.statusCode).toBe(400);
  });
});
