import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';

// The rules across rows of attendance, under concurrent HTTP requests (both engines).

let t: TestApp;
let emp: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  emp = await t.userWith(['attendance.index']);
  const s = (await t.call({ method: 'GET', url: '/api/attendance/settings', token: t.adminToken })).json();
  const res = await t.call({
    method: 'PUT',
    url: '/api/attendance/settings',
    token: t.adminToken,
    payload: { ...s, office_ip_ranges: ['127.0.0.0/8', '::1'], version: s.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('attendance under concurrency', () => {
  it('a double tap (10 check-ins at once) makes one punch; the others are refused', async () => {
    const answers = await race(t, 10, () => ({
      method: 'POST',
      url: '/api/attendance/check',
      token: emp.token,
      payload: { kind: 'in', method: 'ip' },
    }));
    expect(statusCounts(answers)[201]).toBe(1);
    expectRefusals(answers, 201, { status: 409, code: 'ALREADY_CHECKED' });
    const rows = await t.database.db.selectFrom('attendance_checks').select('id').where('user_id', '=', emp.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('one pending correction per person-day (10 at once)', async () => {
    const answers = await race(t, 10, (i) => ({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: '2026-02-03', check_out: `17:${String(10 + i)}`, reason: `Quên chấm ra ${i}` },
    }));
    expect(statusCounts(answers)[201]).toBe(1);
    expectRefusals(answers, 201, { status: 409, code: 'CORRECTION_PENDING' });
    const rows = await t.database.db
      .selectFrom('attendance_corrections')
      .select('id')
      .where('user_id', '=', emp.id)
      .where('status', '=', 'pending')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the same time clock file imported 5 times at once adds its punches once', async () => {
    const code = (await t.database.db.selectFrom('users').select('code').where('id', '=', emp.id).executeTakeFirstOrThrow()).code;
    const csv = `Mã nhân viên;Thời gian\n${code};2026-02-04 07:55\n${code};2026-02-04 17:35\n${code};2026-02-05 08:10\n`;
    const hr = await t.userWith(['attendance.all']);
    const answers = await race(t, 5, () => ({
      method: 'POST',
      url: '/api/attendance/imports',
      token: hr.token,
      raw: multipart([{ name: 'file', filename: 'cham-cong.csv', data: Buffer.from(csv), contentType: 'text/csv' }]),
    }));
    expect(statusCounts(answers)).toEqual({ 200: 5 });
    expect(answers.reduce((n, a) => n + a.body.accepted, 0)).toBe(3);
    const rows = await t.database.db
      .selectFrom('attendance_checks')
      .select(['kind', 'date'])
      .where('user_id', '=', emp.id)
      .where('method', '=', 'import')
      .orderBy('at')
      .execute();
    expect(rows).toEqual([
      { kind: 'in', date: '2026-02-04' },
      { kind: 'out', date: '2026-02-04' },
      { kind: 'in', date: '2026-02-05' },
    ]);
  });

  it('a site code is unique (5 creates at once)', async () => {
    const answers = await race(t, 5, (i) => ({
      method: 'POST',
      url: '/api/attendance/sites',
      token: t.adminToken,
      payload: { code: 'TRUNG', name: `Địa điểm ${i}`, latitude: 21.0285, longitude: 105.8048, radius_m: 100 },
    }));
    expect(statusCounts(answers)[201]).toBe(1);
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã địa điểm chấm công đã tồn tại.' });
  });
});
