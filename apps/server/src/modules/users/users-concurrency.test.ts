import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { createRole, uniq } from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { uniquePhone } from '../../test/request-helpers';

// Rules across rows of users (docs/architecture.md, "Rules across rows"): username, e-mail and mobile are each held by
// one user, and every user gets a code of its own from the sequence — under N identical requests at once.

describe('users under concurrent requests', () => {
  let t: TestApp;
  let roleId: number;
  const body = (over: Record<string, unknown>) => ({
    name: 'Lê Văn Cường',
    username: uniq('cuong'),
    role_id: roleId,
    password: TEST_PASSWORD,
    ...over,
  });
  const createAll = (n: number, make: (i: number) => Record<string, unknown>) =>
    race(t, n, (i) => ({ method: 'POST', url: '/api/users', token: t.adminToken, payload: body(make(i)) }));

  beforeAll(async () => {
    t = await createTestApp();
    roleId = (await createRole(t, { code: uniq('nv'), name: 'Nhân viên', permissions: [] })).id;
  });
  afterAll(() => t?.close());

  it('creates one of 12 users sent at once with the same username', async () => {
    const username = uniq('trung');
    const answers = await createAll(12, () => ({ username }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(answers, 201, { status: 422, field: 'username', message: 'Tên đăng nhập đã được sử dụng.' });
  });

  it('creates one of 12 users sent at once with the same e-mail, and one with the same mobile', async () => {
    const email = `${uniq('trung')}@congty.vn`;
    const byEmail = await createAll(12, () => ({ email }));
    expect(statusCounts(byEmail)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(byEmail, 201, { status: 422, field: 'email', message: 'Email đã được sử dụng bởi người dùng khác.' });
    const mobile = uniquePhone();
    const byMobile = await createAll(12, () => ({ mobile }));
    expect(statusCounts(byMobile)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(byMobile, 201, {
      status: 422,
      field: 'mobile',
      message: 'Số điện thoại đã được sử dụng bởi người dùng khác.',
    });
  });

  it('lets one of 10 people take the same e-mail on their own profile at once (the error names `value`)', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => t.userWith([])));
    const email = `${uniq('chung')}@congty.vn`;
    const answers = await race(t, people.length, (i) => ({
      method: 'PUT',
      url: '/api/profile/partial',
      token: people[i]?.token as string,
      payload: { column: 'email', value: email },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 422: 9 });
    expectRefusals(answers, 200, { status: 422, field: 'value', message: 'Email đã được sử dụng bởi người dùng khác.' });
  });

  it('gives 15 users created at once 15 different codes from the sequence', async () => {
    const answers = await createAll(15, () => ({}));
    expect(statusCounts(answers)).toEqual({ 201: 15 });
    const codes = answers.map((a) => a.body.code as string);
    expect(new Set(codes).size).toBe(15);
    for (const code of codes) expect(code).toMatch(/^NV\d{4,}$/);
  });
});
