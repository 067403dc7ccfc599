import { addDays, weekdayOf } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import { ATTENDANCE_SETTINGS_ID } from '../db/migrations/0034-attendance';
import type { DB } from '../db/schema';
import { formatCode, nextSequence } from '../lib/sequences';
import { vnToday } from '../lib/vn-time';
import { vnInstant } from '../modules/attendance/attendance-rules';
import { approverOf } from '../modules/leaves/leave-scopes';

// The demo company's attendance: the office in Hà Nội and two sampling sites, the rules (08:00–12:00, 13:30–17:30,
// Saturday morning; attendance required), a month of check-ins for everyone up to today with a few late arrivals,
// two forgotten check-outs (one corrected and approved), one imported time clock batch (the sampling team), and a
// three-day business trip (CT) of a sampler to the Nomura site last week, approved through the leave flow.

const SITES = [
  { code: 'VP-HN', name: 'Văn phòng Hà Nội', lat: 21_030_653, lng: 105_847_130, radius: 150, all: 1 },
  { code: 'QT-THANGLONG', name: 'Điểm lấy mẫu KCN Thăng Long', lat: 21_123_200, lng: 105_781_600, radius: 300, all: 0 },
  { code: 'QT-NOMURA', name: 'Điểm lấy mẫu KCN Nomura Hải Phòng', lat: 20_866_400, lng: 106_598_700, radius: 300, all: 0 },
];

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function loadDemoAttendance(db: Kysely<DB>): Promise<void> {
  if (await db.selectFrom('attendance_sites').select('id').limit(1).executeTakeFirst()) return;
  const random = rng(20_261_127);
  const nowIso = new Date().toISOString();
  const today = vnToday();
  const nowMinutes = (() => {
    const local = new Date(Date.now() + 7 * 3_600_000);
    return local.getUTCHours() * 60 + local.getUTCMinutes();
  })();
  const users = await db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.code', 'u.username', 'd.code as dept'])
    .where('u.username', '!=', 'admin')
    .where('u.status', '=', 'active')
    .orderBy('u.id')
    .execute();
  const samplers = users.filter((u) => u.dept === 'QT-HT' || u.dept === 'QT');
  const hr = users.find((u) => u.username === 'nhung.lth') ?? users[0];

  await db.transaction().execute(async (trx) => {
    const stamps = { created_at: nowIso, updated_at: nowIso, created_by: hr?.id ?? null };
    const siteIds: number[] = [];
    for (const s of SITES) {
      const row = await trx
        .insertInto('attendance_sites')
        .values({
          code: s.code,
          name: s.name,
          description: null,
          latitude_e6: s.lat,
          longitude_e6: s.lng,
          radius_m: s.radius,
          all_staff: s.all,
          active: 1,
          search_text: `${s.code} ${s.name}`.toLowerCase(),
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      siteIds.push(row.id);
      if (!s.all && samplers.length)
        await trx
          .insertInto('attendance_site_users')
          .values(samplers.map((u) => ({ site_id: row.id, user_id: u.id })))
          .execute();
    }
    await trx
      .updateTable('attendance_settings')
      .set({
        required: 1,
        accuracy_limit_m: 100,
        grace_minutes: 5,
        office_ip_ranges: JSON.stringify(['203.113.130.0/24', '2001:ee0:4f00::/48']),
        updated_at: nowIso,
      })
      .where('id', '=', ATTENDANCE_SETTINGS_ID)
      .execute();

    await demoBusinessTrip(trx, samplers[1]?.id ?? users[1]?.id, today, hr?.id ?? null);

    // Full days of approved leave (and trips) have no punches: nobody checks in at the office on them.
    const leaves = await trx
      .selectFrom('leaves')
      .select(['user_id', 'start_date', 'end_date'])
      .where('status', '=', 'approved')
      .where('end_date', '>=', addDays(today, -31))
      .execute();
    const onLeave = (userId: number, day: string) =>
      leaves.some((l) => l.user_id === userId && l.start_date <= day && l.end_date >= day);

    const importDays = new Set([addDays(today, -3), addDays(today, -4)]);
    const importUsers = new Set(samplers.slice(0, 3).map((u) => u.id));
    const forgot = [
      { userId: users[4]?.id, day: addDays(today, -5) },
      { userId: users[7]?.id, day: addDays(today, -9) },
    ];
    const batch = await trx
      .insertInto('attendance_imports')
      .values({
        file_name: 'may-cham-cong-zkteco.csv',
        layout: 'zkteco',
        rows: 0,
        accepted: 0,
        duplicates: 0,
        created_by: hr?.id ?? null,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let imported = 0;
    const rows: Parameters<ReturnType<typeof trx.insertInto<'attendance_checks'>>['values']>[0] & unknown[] = [];
    for (let back = 30; back >= 0; back--) {
      const day = addDays(today, -back);
      const wd = weekdayOf(day);
      if (wd === 7) continue;
      const saturday = wd === 6;
      for (const u of users) {
        if (onLeave(u.id, day)) continue;
        const late = random() < 0.04;
        const inMin = late ? 8 * 60 + 10 + Math.floor(random() * 35) : 7 * 60 + 40 + Math.floor(random() * 24);
        const outMin = saturday ? 12 * 60 + Math.floor(random() * 10) : 17 * 60 + 30 + Math.floor(random() * 35);
        if (day === today && nowMinutes < inMin) continue;
        const fromImport = importDays.has(day) && importUsers.has(u.id);
        const field = samplers.some((s) => s.id === u.id) && random() < 0.3;
        const site = field ? siteIds[1 + Math.floor(random() * 2)] : siteIds[0];
        const punch = (kind: 'in' | 'out', minutes: number) => {
          const at = new Date(new Date(vnInstant(day, clock(minutes))).getTime() + Math.floor(random() * 59_000)).toISOString();
          rows.push({
            user_id: u.id,
            kind,
            method: fromImport ? 'import' : random() < 0.75 ? 'gps' : random() < 0.5 ? 'qr' : 'ip',
            at,
            date: day,
            site_id: fromImport ? null : (site ?? null),
            latitude_e6: null,
            longitude_e6: null,
            accuracy_m: fromImport ? null : 8 + Math.floor(random() * 30),
            distance_m: fromImport ? null : Math.floor(random() * 60),
            ip: null,
            device_time: null,
            photo_key: null,
            photo_mime: null,
            import_id: fromImport ? batch.id : null,
            import_key: fromImport ? `${u.id}|${at}` : null,
            created_at: at,
          });
          if (fromImport) imported++;
        };
        punch('in', inMin);
        const forgotOut = forgot.some((f) => f.userId === u.id && f.day === day);
        if (!forgotOut && (day !== today || nowMinutes > outMin)) punch('out', outMin);
      }
    }
    for (let i = 0; i < rows.length; i += 300)
      await trx
        .insertInto('attendance_checks')
        .values(rows.slice(i, i + 300))
        .execute();
    await trx.updateTable('attendance_imports').set({ rows: imported, accepted: imported }).where('id', '=', batch.id).execute();

    // The first forgotten check-out was explained and approved by the department's head; the second still shows.
    const first = forgot[0];
    if (first?.userId) {
      const person = await trx.selectFrom('users').select(['department_id']).where('id', '=', first.userId).executeTakeFirst();
      const head = person?.department_id
        ? await trx.selectFrom('departments').select('head_id').where('id', '=', person.department_id).executeTakeFirst()
        : undefined;
      const approver = head?.head_id && head.head_id !== first.userId ? head.head_id : (hr?.id ?? null);
      const asked = new Date(new Date(vnInstant(addDays(first.day, 1), '08:30')).getTime()).toISOString();
      const decided = new Date(new Date(vnInstant(addDays(first.day, 1), '10:15')).getTime()).toISOString();
      const c = await trx
        .insertInto('attendance_corrections')
        .values({
          user_id: first.userId,
          date: first.day,
          check_in: null,
          check_out: '17:40',
          reason: 'Quên chấm ra do về muộn sau cuộc họp với khách hàng.',
          status: 'approved',
          approver_id: approver,
          decided_by: approver,
          decided_at: decided,
          decision_note: 'Đã xác nhận với khách hàng.',
          created_by: first.userId,
          created_at: asked,
          updated_at: decided,
          version: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('attendance_correction_history')
        .values([
          { correction_id: c.id, action: 'created', actor_id: first.userId, note: null, at: asked },
          { correction_id: c.id, action: 'approved', actor_id: approver, note: 'Đã xác nhận với khách hàng.', at: decided },
        ])
        .execute();
    }
  });
}

/**
 * An approved business trip (công tác, the leave type that counts as worked) from the Tuesday to the Thursday of the
 * week before last, when it overlaps no leave of the person: timekeeping shows these days as CT.
 */
async function demoBusinessTrip(trx: Kysely<DB>, userId: number | undefined, today: string, fallbackApprover: number | null) {
  if (!userId) return;
  const type = await trx.selectFrom('leave_types').select('id').where('code', '=', 'business_trip').executeTakeFirst();
  const person = await trx.selectFrom('users').select(['id', 'department_id']).where('id', '=', userId).executeTakeFirst();
  if (!type || !person) return;
  let start = addDays(today, -14);
  while (weekdayOf(start) !== 2) start = addDays(start, 1);
  const end = addDays(start, 2);
  const overlap = await trx
    .selectFrom('leaves')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'approved'])
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .executeTakeFirst();
  if (overlap) return;
  const approver = (await approverOf(trx, person)) ?? fallbackApprover;
  const asked = new Date(vnInstant(addDays(start, -4), '09:20')).toISOString();
  const decided = new Date(vnInstant(addDays(start, -4), '14:05')).toISOString();
  const yymm = `${asked.slice(2, 4)}${asked.slice(5, 7)}`;
  await trx
    .insertInto('leaves')
    .values({
      code: `NP${yymm}-${formatCode('', await nextSequence(trx, `leaves:${yymm}`))}`,
      user_id: userId,
      leave_type_id: type.id,
      start_date: start,
      start_half: 'full',
      end_date: end,
      end_half: 'full',
      half_days: 6,
      reason: 'Công tác lấy mẫu quan trắc định kỳ quý IV tại KCN Nomura, Hải Phòng',
      status: 'approved',
      approver_id: approver,
      decided_by: approver,
      decided_at: decided,
      decision_note: null,
      created_by: userId,
      created_at: asked,
      updated_at: decided,
    })
    .execute();
}
