import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './fixtures';
import { createTestApp, type TestApp } from './harness';

// Over-long text is refused with a message naming the field; nothing is cut and nothing is stored.
describe('text limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a description one character too long, naming the field, and stores nothing', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/departments',
      token: t.adminToken,
      payload: { code: 'DAI-QUA', name: 'Phòng thử giới hạn', description: 'a'.repeat(1001) },
    });
    const body = expectError(res, 422, 'VALIDATION_FAILED', 'description');
    expect(body.errors.find((e) => e.field === 'description')?.message).toBe('Mô tả tối đa 1000 ký tự');
    const list = await t.call({ method: 'GET', url: '/api/departments?search=DAI-QUA', token: t.adminToken });
    expect(list.json().meta.total).toBe(0);
  });

  it('keeps text exactly at the limit, whole', async () => {
    const description = `${'ệ'.repeat(999)}x`;
    const res = await t.call({
      method: 'POST',
      url: '/api/departments',
      token: t.adminToken,
      payload: { code: 'DUNG-GIOI-HAN', name: 'Phòng đúng giới hạn', description },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().description).toBe(description);
  });

  it('names the field of a profile address past 255 characters', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/profile/partial',
      token: t.adminToken,
      payload: { column: 'address', value: 'b'.repeat(256) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain('Địa chỉ tối đa 255 ký tự');
  });
});
