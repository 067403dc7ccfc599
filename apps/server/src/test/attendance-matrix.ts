import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage } from '../lib/storage';
import { uniq } from './fixtures';
import type { TestApp } from './harness';
import { multipart, PNG } from './multipart';

// The attendance routes' calls for the permission matrix (permission-matrix.test.ts): each gets a record of its own.

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

let dayCounter = 0;
/** A past day no other call of the matrix used (one pending correction per person-day). */
const freshDay = () => new Date(Date.UTC(2025, 0, 1 + dayCounter++)).toISOString().slice(0, 10);

async function current(t: TestApp, url: string) {
  const res = await t.call({ method: 'GET', url, token: t.adminToken });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function freshCorrection(t: TestApp, userId: number, approverId: number | null): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.database.db
    .insertInto('attendance_corrections')
    .values({
      user_id: userId,
      date: freshDay(),
      check_in: null,
      check_out: '17:30',
      reason: 'Ma trận',
      status: 'pending',
      approver_id: approverId,
      decided_by: null,
      decided_at: null,
      decision_note: null,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshSite(t: TestApp): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/attendance/sites',
    token: t.adminToken,
    payload: { code: uniq('DD'), name: 'Địa điểm ma trận', latitude: 21.0285, longitude: 105.8048, radius_m: 100 },
  });
  if (res.statusCode !== 201) throw new Error(`site: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

let officeIpSet = false;

/** The call of an attendance route for the caller `me`; `other`: an employee whose corrections wait for `me`. */
export async function attendanceRequestFor(
  t: TestApp,
  route: string,
  key: string | undefined,
  me: number,
  other: number,
): Promise<Call | null> {
  if (!route.includes(' /api/attendance')) return null;
  const [method, url] = route.split(' ') as [string, string];
  const at = (u: string, payload?: Record<string, unknown> | Buffer, more: Partial<Call> = {}): Call => ({
    method,
    url: u,
    payload,
    ...more,
  });
  switch (route) {
    case 'POST /api/attendance/check': {
      if (!officeIpSet) {
        const s = await current(t, '/api/attendance/settings');
        const res = await t.call({
          method: 'PUT',
          url: '/api/attendance/settings',
          token: t.adminToken,
          payload: { ...s, office_ip_ranges: ['127.0.0.0/8', '::1'], version: s.version },
        });
        if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
        officeIpSet = true;
      }
      // One punch a minute per person: each call starts with none.
      await t.database.db.deleteFrom('attendance_checks').where('user_id', '=', me).execute();
      return at(url, { kind: 'in', method: 'ip' }, { remoteAddress: '127.0.0.1' });
    }
    case 'GET /api/attendance':
    case 'GET /api/attendance/days':
      return at(`${url}?month=2026-01`);
    case 'GET /api/attendance/:id/photo': {
      const storage = new LocalStorage(path.join(t.config.dataDir, 'uploads'));
      const temp = await storage.receive(Readable.from([PNG]));
      const storageKey = storage.newKey();
      await storage.commit(temp.tempPath, storageKey);
      const now = new Date().toISOString();
      const row = await t.database.db
        .insertInto('attendance_checks')
        .values({
          user_id: me,
          kind: 'in',
          method: 'gps',
          at: '2026-01-05T01:00:00.000Z',
          date: '2026-01-05',
          site_id: null,
          latitude_e6: null,
          longitude_e6: null,
          accuracy_m: null,
          distance_m: null,
          ip: null,
          device_time: null,
          photo_key: storageKey,
          photo_mime: 'image/png',
          import_id: null,
          import_key: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return at(`/api/attendance/${row.id}/photo`);
    }
    case 'GET /api/attendance/sites':
    case 'GET /api/attendance/today':
    case 'GET /api/attendance/kiosk-code':
    case 'GET /api/attendance/settings':
      return at(url);
    case 'POST /api/attendance/sites':
      return at(url, { code: uniq('DD'), name: 'Địa điểm mới', latitude: 10.7769, longitude: 106.7009, radius_m: 200 });
    case 'GET /api/attendance/sites/:id':
    case 'DELETE /api/attendance/sites/:id':
      return at(`/api/attendance/sites/${await freshSite(t)}`);
    case 'PUT /api/attendance/sites/:id': {
      const id = await freshSite(t);
      const s = await current(t, `/api/attendance/sites/${id}`);
      return at(`/api/attendance/sites/${id}`, { ...s, name: 'Địa điểm đã sửa' });
    }
    case 'PUT /api/attendance/settings': {
      const s = await current(t, '/api/attendance/settings');
      return at(url, { ...s });
    }
    case 'GET /api/attendance/corrections':
      return at(key ? url : `${url}?tab=to_approve`);
    case 'POST /api/attendance/corrections':
      return at(url, { date: freshDay(), check_out: '17:30', reason: 'Quên chấm ra (ma trận)' });
    case 'GET /api/attendance/corrections/:id':
      return at(`/api/attendance/corrections/${await freshCorrection(t, me, null)}`);
    case 'POST /api/attendance/corrections/:id/cancel':
      return at(`/api/attendance/corrections/${await freshCorrection(t, me, null)}/cancel`, {});
    case 'POST /api/attendance/corrections/:id/approve':
      return at(`/api/attendance/corrections/${await freshCorrection(t, other, me)}/approve`, {});
    case 'POST /api/attendance/corrections/:id/reject':
      return at(`/api/attendance/corrections/${await freshCorrection(t, other, me)}/reject`, { note: 'Từ chối ma trận' });
    case 'POST /api/attendance/imports': {
      const code = (await t.database.db.selectFrom('users').select('code').where('id', '=', me).executeTakeFirstOrThrow()).code;
      const csv = `Mã nhân viên;Thời gian\n${code};2026-01-05 08:00\n`;
      const form = multipart([{ name: 'file', filename: 'may-cham-cong.csv', data: Buffer.from(csv), contentType: 'text/csv' }]);
      return at(url, form.payload, { headers: form.headers });
    }
    default:
      return null;
  }
}
