import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { kioskCode, kioskKey } from './attendance-rules';

// Hà Nội office and a point ~1.2 km away.
const OFFICE = { latitude: 21.028511, longitude: 105.804817 };
const FAR = { latitude: 21.039311, longitude: 105.804817 };
const NEAR = { latitude: 21.028611, longitude: 105.804917 };
const EMPLOYEE_KEYS = ['attendance.index'] as const;

let t: TestApp;
let head: { id: number; token: string };
let emp: { id: number; token: string };
let other: { id: number; token: string };
let hr: { id: number; token: string };
let empCode: string;
let siteId: number;
let settingsVersion: number;

const check = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/attendance/check', token, payload });

/** A punch a minute apart from the last: the double-tap rule refuses two within a minute. */
async function clearDoubleTap(userId: number) {
  await t.database.db
    .updateTable('attendance_checks')
    .set((eb) => ({ at: eb.ref('at') }))
    .where('user_id', '=', userId)
    .execute();
  const rows = await t.database.db.selectFrom('attendance_checks').select(['id', 'at']).where('user_id', '=', userId).execute();
  for (const r of rows)
    await t.database.db
      .updateTable('attendance_checks')
      .set({ at: new Date(new Date(r.at).getTime() - 120_000).toISOString() })
      .where('id', '=', r.id)
      .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  head = await t.userWith([...EMPLOYEE_KEYS, 'attendance.department']);
  const dept = await t.call({
    method: 'POST',
    url: '/api/departments',
    token: t.adminToken,
    payload: { code: uniq('PB'), name: 'Phòng Quan trắc', head_id: head.id },
  });
  expect(dept.statusCode).toBe(201);
  emp = await t.userWith([...EMPLOYEE_KEYS], { department_id: dept.json().id });
  other = await t.userWith([...EMPLOYEE_KEYS]);
  hr = await t.userWith(['attendance.all', 'settings.edit', 'attendance.index']);
  empCode = (await t.call({ method: 'GET', url: `/api/users/${emp.id}`, token: t.adminToken })).json().code;
  const site = await t.call({
    method: 'POST',
    url: '/api/attendance/sites',
    token: hr.token,
    payload: { code: 'VP-HN', name: 'Văn phòng Hà Nội', ...OFFICE, radius_m: 150, all_staff: true, user_ids: [] },
  });
  expect(site.statusCode, site.body).toBe(201);
  siteId = site.json().id;
  const s = await t.call({ method: 'GET', url: '/api/attendance/settings', token: emp.token });
  settingsVersion = s.json().version;
}, 60_000);
afterAll(() => t.close());

describe('attendance: access', () => {
  it('401 without a token, 403 without the key, 404 out of scope', async () => {
    expect((await t.call({ method: 'GET', url: '/api/attendance/today' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/attendance/check', payload: {} })).statusCode).toBe(401);
    const none = await t.userWith(['users.index']);
    expectError(await t.call({ method: 'GET', url: '/api/attendance/today', token: none.token }), 403, 'FORBIDDEN');
    expectError(await check(none.token, { kind: 'in', method: 'gps', ...OFFICE, accuracy_m: 10 }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/attendance/kiosk-code', token: emp.token }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/attendance/sites', token: emp.token }), 403, 'FORBIDDEN');
    expectError(
      await t.call({ method: 'POST', url: '/api/attendance/imports', token: emp.token, ...multipart([]) }),
      403,
      'FORBIDDEN',
    );
    // Another person's month: out of scope for a plain employee, 404 as a record out of scope.
    expectError(
      await t.call({ method: 'GET', url: `/api/attendance/days?month=2026-01&user_id=${emp.id}`, token: other.token }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.call({ method: 'GET', url: '/api/attendance/sites/999999', token: hr.token }), 404, 'NOT_FOUND');
  });
});

describe('attendance: sites and settings', () => {
  it('a site is a plain record: unique code, version, users as child rows, Vietnamese 422s', async () => {
    const dup = await t.call({
      method: 'POST',
      url: '/api/attendance/sites',
      token: hr.token,
      payload: { code: 'VP-HN', name: 'Trùng', ...OFFICE, radius_m: 100 },
    });
    expectError(dup, 422, 'VALIDATION_FAILED', 'code');
    const bad = await t.call({
      method: 'POST',
      url: '/api/attendance/sites',
      token: hr.token,
      payload: { code: 'X1', name: 'Sai', latitude: 91, longitude: 105.1234567, radius_m: 5 },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['latitude', 'longitude', 'radius_m']));
    const nobody = await t.call({
      method: 'POST',
      url: '/api/attendance/sites',
      token: hr.token,
      payload: { code: 'X2', name: 'Không ai', ...FAR, radius_m: 100, all_staff: false, user_ids: [] },
    });
    expectError(nobody, 422, 'VALIDATION_FAILED', 'user_ids');
    const field = await t.call({
      method: 'POST',
      url: '/api/attendance/sites',
      token: hr.token,
      payload: {
        code: 'QT-01',
        name: 'Điểm quan trắc KCN Thăng Long',
        ...FAR,
        radius_m: 200,
        all_staff: false,
        user_ids: [other.id],
      },
    });
    expect(field.statusCode, field.body).toBe(201);
    const saved = field.json() as Record<string, unknown> & { id: number; version: number };
    expect(field.json()).toMatchObject({ all_staff: false, user_ids: [other.id], latitude: FAR.latitude });
    const upd = await t.call({
      method: 'PUT',
      url: `/api/attendance/sites/${saved.id}`,
      token: hr.token,
      payload: { ...saved, user_ids: [other.id, emp.id], version: saved.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().user_ids.sort()).toEqual([other.id, emp.id].sort());
    const stale = await t.call({
      method: 'PUT',
      url: `/api/attendance/sites/${saved.id}`,
      token: hr.token,
      payload: { ...saved, version: saved.version },
    });
    expect(stale.statusCode).toBe(409);
    // "Lịch sử": who changed the people of the site; settings.edit reads it, an employee may not.
    const history = await t.call({
      method: 'GET',
      url: `/api/audit-logs?entity=attendance_sites&entity_id=${saved.id}`,
      token: hr.token,
    });
    expect(history.statusCode, history.body).toBe(200);
    const logs = history.json().data as { action: string; changes: Record<string, unknown[]> }[];
    expect(logs.map((l) => l.action)).toEqual(['update', 'create']);
    const [before, after] = (logs[0]?.changes.user_ids ?? []) as number[][];
    expect([before, [...(after ?? [])].sort()]).toEqual([[other.id], [other.id, emp.id].sort()]);
    expectError(
      await t.call({ method: 'GET', url: `/api/audit-logs?entity=attendance_sites&entity_id=${saved.id}`, token: emp.token }),
      403,
      'FORBIDDEN',
    );
    const del = await t.call({ method: 'DELETE', url: `/api/attendance/sites/${saved.id}`, token: hr.token });
    expect(del.statusCode).toBe(204);
    const list = await t.call({ method: 'GET', url: '/api/attendance/sites', token: hr.token });
    expect(list.json().data.map((s: { code: string }) => s.code)).toEqual(['VP-HN']);
  });

  it('settings: versioned, IP ranges checked, shifts ordered', async () => {
    const base = {
      required: true,
      accuracy_limit_m: 100,
      grace_minutes: 5,
      office_ip_ranges: ['10.20.0.0/16', '2001:db8::/32'],
      shift: { morning_start: '08:00', morning_end: '12:00', afternoon_start: '13:30', afternoon_end: '17:30' },
      department_shifts: [],
    };
    const badIp = await t.call({
      method: 'PUT',
      url: '/api/attendance/settings',
      token: hr.token,
      payload: { ...base, office_ip_ranges: ['10.0.0.0/40'], version: settingsVersion },
    });
    expectError(badIp, 422, 'VALIDATION_FAILED', 'office_ip_ranges.0');
    const badShift = await t.call({
      method: 'PUT',
      url: '/api/attendance/settings',
      token: hr.token,
      payload: { ...base, shift: { ...base.shift, morning_end: '07:00' }, version: settingsVersion },
    });
    expectError(badShift, 422, 'VALIDATION_FAILED', 'shift.morning_end');
    expectError(
      await t.call({ method: 'PUT', url: '/api/attendance/settings', token: emp.token, payload: { ...base, version: 1 } }),
      403,
      'FORBIDDEN',
    );
    const ok = await t.call({
      method: 'PUT',
      url: '/api/attendance/settings',
      token: hr.token,
      payload: { ...base, version: settingsVersion },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ required: true, office_ip_ranges: base.office_ip_ranges });
    const again = await t.call({
      method: 'PUT',
      url: '/api/attendance/settings',
      token: hr.token,
      payload: { ...base, version: settingsVersion },
    });
    expect(again.statusCode).toBe(409);
    settingsVersion = ok.json().version;
    const history = await t.call({
      method: 'GET',
      url: '/api/audit-logs?entity=attendance_settings&entity_id=1',
      token: hr.token,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({
      action: 'update',
      user: { id: hr.id },
      changes: { required: [expect.any(Boolean), true], office_ip_ranges: [expect.any(Array), base.office_ip_ranges] },
    });
  });
});

describe('attendance: check-in', () => {
  it('GPS inside the radius is accepted; outside refused with the distance; too inaccurate refused', async () => {
    const far = await check(emp.token, { kind: 'in', method: 'gps', ...FAR, accuracy_m: 20 });
    expectError(far, 422, 'VALIDATION_FAILED', 'latitude');
    expect(far.json().message).toMatch(/^Bạn đang cách Văn phòng Hà Nội 1,2 km; bán kính cho phép 150 m\.$/);
    const blurry = await check(emp.token, { kind: 'in', method: 'gps', ...NEAR, accuracy_m: 450 });
    expectError(blurry, 422, 'VALIDATION_FAILED', 'accuracy_m');
    expect(blurry.json().message).toContain('chính xác');
    const ok = await check(emp.token, {
      kind: 'in',
      method: 'gps',
      ...NEAR,
      accuracy_m: 12.4,
      device_time: '2020-01-01T00:00:00+07:00',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      kind: 'in',
      method: 'gps',
      site: { id: siteId },
      device_time: '2020-01-01T00:00:00+07:00',
    });
    // The server's clock decided, not the device's.
    expect(Math.abs(Date.parse(ok.json().at) - Date.now())).toBeLessThan(60_000);
    expect(ok.json().distance_m).toBeLessThan(30);
    // A second tap within the minute is refused.
    const again = await check(emp.token, { kind: 'in', method: 'gps', ...NEAR, accuracy_m: 10 });
    expectError(again, 409, 'ALREADY_CHECKED');
    const today = await t.call({ method: 'GET', url: '/api/attendance/today', token: emp.token });
    expect(today.json()).toMatchObject({ checked_in: true, accuracy_limit_m: 100, required: true });
    expect(today.json().sites.map((s: { id: number }) => s.id)).toContain(siteId);
  });

  it('QR: the kiosk code is accepted while fresh; older than 30 s or forged is refused', async () => {
    await clearDoubleTap(emp.id);
    const kiosk = await t.call({ method: 'GET', url: '/api/attendance/kiosk-code', token: hr.token });
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.json().url).toBe(`/admin/attendance/check?code=${encodeURIComponent(kiosk.json().code)}`);
    const key = kioskKey(t.config.appSecret);
    const old = kioskCode(key, new Date(Date.now() - 31_000)).code;
    const expired = await check(emp.token, { kind: 'out', method: 'qr', code: old });
    expectError(expired, 422, 'VALIDATION_FAILED', 'code');
    expect(expired.json().message).toContain('hết hạn');
    const forged = kioskCode(kioskKey('another secret'), new Date()).code;
    expectError(await check(emp.token, { kind: 'out', method: 'qr', code: forged }), 422, 'VALIDATION_FAILED', 'code');
    const ok = await check(emp.token, { kind: 'out', method: 'qr', code: kiosk.json().code });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ kind: 'out', method: 'qr' });
  });

  it('office IP: accepted from a range (IPv4 and IPv6), refused elsewhere', async () => {
    await clearDoubleTap(emp.id);
    const outside = await t.call({
      method: 'POST',
      url: '/api/attendance/check',
      token: emp.token,
      payload: { kind: 'in', method: 'ip' },
      remoteAddress: '192.0.2.7',
    });
    expectError(outside, 422, 'VALIDATION_FAILED', 'method');
    expect(outside.json().message).toContain('192.0.2.7');
    const v6 = await t.call({
      method: 'POST',
      url: '/api/attendance/check',
      token: other.token,
      payload: { kind: 'in', method: 'ip' },
      remoteAddress: '2001:db8:1::5',
    });
    expect(v6.statusCode, v6.body).toBe(201);
    const inside = await t.call({
      method: 'POST',
      url: '/api/attendance/check',
      token: emp.token,
      payload: { kind: 'in', method: 'ip' },
      remoteAddress: '10.20.3.4',
    });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json().ip).toBe('10.20.3.4');
  });

  it('a photo is stored and served to the person; a non-image is refused', async () => {
    await clearDoubleTap(emp.id);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const bad = await check(emp.token, {
      kind: 'out',
      method: 'gps',
      ...NEAR,
      accuracy_m: 5,
      photo: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`,
    });
    expectError(bad, 422, 'VALIDATION_FAILED', 'photo');
    const ok = await check(emp.token, {
      kind: 'out',
      method: 'gps',
      ...NEAR,
      accuracy_m: 5,
      photo: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().has_photo).toBe(true);
    const img = await t.call({ method: 'GET', url: `/api/attendance/${ok.json().id}/photo`, token: emp.token });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expectError(
      await t.call({ method: 'GET', url: `/api/attendance/${ok.json().id}/photo`, token: other.token }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('attendance: records, days, corrections, import', () => {
  const month = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);

  it('records list: own, departments headed, everyone', async () => {
    const mine = await t.call({ method: 'GET', url: `/api/attendance?month=${month}`, token: emp.token });
    expect(mine.statusCode).toBe(200);
    expect(new Set(mine.json().data.map((r: { user_id: number }) => r.user_id))).toEqual(new Set([emp.id]));
    const heads = await t.call({ method: 'GET', url: `/api/attendance?month=${month}`, token: head.token });
    expect(heads.json().data.some((r: { user_id: number }) => r.user_id === emp.id)).toBe(true);
    expect(heads.json().data.some((r: { user_id: number }) => r.user_id === other.id)).toBe(false);
    const all = await t.call({ method: 'GET', url: `/api/attendance?month=${month}&per_page=100`, token: hr.token });
    expect(new Set(all.json().data.map((r: { user_id: number }) => r.user_id))).toEqual(new Set([emp.id, other.id]));
    expect(all.json().meta.total).toBeGreaterThanOrEqual(5);
    expectError(await t.call({ method: 'GET', url: '/api/attendance?month=2026-13', token: hr.token }), 422, 'VALIDATION_FAILED');
  });

  it('corrections: the head decides; one pending per day; history; the facts take the corrected time', async () => {
    const day = '2026-01-05';
    const future = await t.call({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: '2099-01-01', check_out: '17:30', reason: 'Quên chấm ra' },
    });
    expectError(future, 422, 'VALIDATION_FAILED', 'date');
    const none = await t.call({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: day, reason: 'Không có giờ' },
    });
    expectError(none, 422, 'VALIDATION_FAILED', 'check_in');
    const created = await t.call({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: day, check_in: '08:02', check_out: '17:35', reason: 'Quên chấm công do đi hiện trường' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ status: 'pending', approver: { id: head.id }, can: { approve: false, cancel: true } });
    const second = await t.call({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: day, check_out: '17:00', reason: 'Lần nữa' },
    });
    expectError(second, 409, 'CORRECTION_PENDING');
    // The employee may not approve their own; an outsider does not see it.
    expectError(
      await t.call({ method: 'POST', url: `/api/attendance/corrections/${c.id}/approve`, token: emp.token, payload: {} }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.call({ method: 'GET', url: `/api/attendance/corrections/${c.id}`, token: other.token }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.call({ method: 'GET', url: '/api/attendance/corrections/999999', token: head.token }), 404, 'NOT_FOUND');
    const waiting = await t.call({ method: 'GET', url: '/api/attendance/corrections?tab=to_approve', token: head.token });
    expect(waiting.json().data.map((x: { id: number }) => x.id)).toContain(c.id);
    const noNote = await t.call({
      method: 'POST',
      url: `/api/attendance/corrections/${c.id}/reject`,
      token: head.token,
      payload: {},
    });
    expectError(noNote, 422, 'VALIDATION_FAILED', 'note');
    const ok = await t.call({
      method: 'POST',
      url: `/api/attendance/corrections/${c.id}/approve`,
      token: head.token,
      payload: { note: 'Đồng ý' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    expect(ok.json().history.map((h: { action: string }) => h.action)).toEqual(['created', 'approved']);
    const twice = await t.call({
      method: 'POST',
      url: `/api/attendance/corrections/${c.id}/approve`,
      token: head.token,
      payload: {},
    });
    expectError(twice, 409, 'INVALID_STATE');
    const events = await t.database.db
      .selectFrom('domain_events')
      .select('type')
      .where('entity', '=', 'attendance_corrections')
      .where('entity_id', '=', c.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['attendance.correction_submitted', 'attendance.correction_approved']);
    // The catalogue's default settings deliver both: the head is asked, the employee told (in the app and by push).
    await t.app.workers.dispatcher.runOnce(10_000);
    const empName = (await t.database.db.selectFrom('users').select('name').where('id', '=', emp.id).executeTakeFirstOrThrow())
      .name;
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'event', 'title', 'body', 'link'])
      .where('entity', '=', 'attendance_corrections')
      .where('entity_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      {
        user_id: head.id,
        event: 'attendance.correction_submitted',
        title: `Giải trình chấm công của ${empName} chờ duyệt`,
        body: `${empName} giải trình ngày 05/01/2026 (vào 08:02, ra 17:35). Lý do: Quên chấm công do đi hiện trường.`,
        link: `/admin/attendance/corrections/${c.id}`,
      },
      {
        user_id: emp.id,
        event: 'attendance.correction_approved',
        title: 'Giải trình chấm công ngày 05/01/2026 đã được duyệt',
        body: expect.stringMatching(/ đã duyệt giải trình ngày 05\/01\/2026; bảng công của bạn đã được cập nhật\.$/),
        link: `/admin/attendance/corrections/${c.id}`,
      },
    ]);
    const days = await t.call({ method: 'GET', url: `/api/attendance/days?month=2026-01&user_id=${emp.id}`, token: head.token });
    expect(days.statusCode).toBe(200);
    expect(days.json().find((d: { date: string }) => d.date === day)).toMatchObject({
      first_in: '08:02',
      last_out: '17:35',
      corrected: true,
      correction_status: 'approved',
      late_minutes: 0,
    });
    // A new pending one for the same day is allowed once the first is decided; the author cancels it.
    const next = await t.call({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: day, check_in: '09:00', reason: 'Sửa lại' },
    });
    expect(next.statusCode).toBe(201);
    const cancel = await t.call({
      method: 'POST',
      url: `/api/attendance/corrections/${next.json().id}/cancel`,
      token: emp.token,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    // A refusal tells the employee the head's reason.
    const third = await t.call({
      method: 'POST',
      url: '/api/attendance/corrections',
      token: emp.token,
      payload: { date: day, check_out: '18:30', reason: 'Ở lại họp' },
    });
    expect(third.statusCode).toBe(201);
    const refused = await t.call({
      method: 'POST',
      url: `/api/attendance/corrections/${third.json().id}/reject`,
      token: head.token,
      payload: { note: 'Không có biên bản họp' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await t.app.workers.dispatcher.runOnce(10_000);
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'body'])
      .where('event', '=', 'attendance.correction_rejected')
      .where('entity_id', '=', third.json().id)
      .execute();
    expect(told).toEqual([
      {
        user_id: emp.id,
        title: 'Giải trình chấm công ngày 05/01/2026 không được duyệt',
        body: expect.stringMatching(/ không duyệt giải trình ngày 05\/01\/2026\. Lý do: Không có biên bản họp\.$/),
      },
    ]);
  });

  it('time clock import (.csv ZKTeco, .xlsx generic): checked first, unknown codes listed, dry run, idempotent', async () => {
    const bad = `\uFEFFAC-No.;Name;Time;State\n${empCode};A;2026-01-06 07:58:10;C/In\nNV-KHONG-CO;B;2026-01-06 08:01;C/In\n${empCode};A;31/02/2026 17:40;C/Out\n`;
    const refused = await t.call({
      method: 'POST',
      url: '/api/attendance/imports',
      token: hr.token,
      ...multipart([{ name: 'file', filename: 'zk.csv', data: Buffer.from(bad), contentType: 'text/csv' }]),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().report).toMatchObject({ rows: 3, unknown_codes: ['NV-KHONG-CO'], layout: 'zkteco' });
    expect(refused.json().report.errors.map((e: { row: number }) => e.row)).toEqual([3, 4]);
    const none = await t.database.db.selectFrom('attendance_checks').select('id').where('method', '=', 'import').execute();
    expect(none).toEqual([]);

    const good = `AC-No.,Name,Time,State\n${empCode},A,06/01/2026 07:58:10,C/In\n${empCode},A,06/01/2026 12:01,C/Out\n${empCode},A,06/01/2026 17:40,C/Out\n${empCode},A,06/01/2026 17:40,C/Out\n`;
    const form = () => multipart([{ name: 'file', filename: 'zk.csv', data: Buffer.from(good), contentType: 'text/csv' }]);
    const dry = await t.call({ method: 'POST', url: '/api/attendance/imports?dry_run=true', token: hr.token, ...form() });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: 4, accepted: 3, duplicates: 1, dry_run: true, errors: [] });
    const real = await t.call({ method: 'POST', url: '/api/attendance/imports', token: hr.token, ...form() });
    expect(real.json()).toMatchObject({ rows: 4, accepted: 3, duplicates: 1, dry_run: false });
    const again = await t.call({ method: 'POST', url: '/api/attendance/imports', token: hr.token, ...form() });
    expect(again.json()).toMatchObject({ rows: 4, accepted: 0, duplicates: 4 });
    const days = await t.call({ method: 'GET', url: '/api/attendance/days?month=2026-01', token: emp.token });
    expect(days.json().find((d: { date: string }) => d.date === '2026-01-06')).toMatchObject({
      first_in: '07:58',
      last_out: '17:40',
      late_minutes: 0,
      forgot_out: false,
    });

    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Chấm công');
    ws.addRow(['Mã nhân viên', 'Thời gian']);
    ws.addRow([empCode, '2026-01-07 08:20']);
    ws.addRow([empCode, new Date(Date.UTC(2026, 0, 7, 16, 0, 0))]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const xlsx = await t.call({
      method: 'POST',
      url: '/api/attendance/imports',
      token: hr.token,
      ...multipart([
        {
          name: 'file',
          filename: 'may-cham-cong.xlsx',
          data,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ]),
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json()).toMatchObject({ layout: 'generic', accepted: 2 });
    const d7 = (await t.call({ method: 'GET', url: '/api/attendance/days?month=2026-01', token: emp.token }))
      .json()
      .find((d: { date: string }) => d.date === '2026-01-07');
    // 08:20 is 20 minutes late (grace 5); 16:00 leaves 90 minutes early.
    expect(d7).toMatchObject({ first_in: '08:20', last_out: '16:00', late_minutes: 20, early_minutes: 90 });
  });

  it('a day checked in and never out is "forgot_out"', async () => {
    const key = `${emp.id}|2026-01-08T01:00:00.000Z`;
    await t.database.db
      .insertInto('attendance_checks')
      .values({
        user_id: emp.id,
        kind: 'in',
        method: 'import',
        at: '2026-01-08T01:00:00.000Z',
        date: '2026-01-08',
        site_id: null,
        latitude_e6: null,
        longitude_e6: null,
        accuracy_m: null,
        distance_m: null,
        ip: null,
        device_time: null,
        photo_key: null,
        photo_mime: null,
        import_id: null,
        import_key: key,
        created_at: new Date().toISOString(),
      })
      .execute();
    const d8 = (await t.call({ method: 'GET', url: '/api/attendance/days?month=2026-01', token: emp.token }))
      .json()
      .find((d: { date: string }) => d.date === '2026-01-08');
    expect(d8).toMatchObject({ first_in: '08:00', last_out: null, forgot_out: true, late_minutes: 0 });
  });
});
