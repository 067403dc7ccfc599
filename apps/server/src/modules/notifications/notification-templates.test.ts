import {
  EVENT_CATALOGUE,
  type EventGroup,
  eventDef,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
} from '@qlcv/common/schemas/notification-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../lib/domain-events';
import { labWorld, receivedSample } from '../../test/analysis-fixtures';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProgramme } from '../../test/monitoring-fixtures';
import { buildWorld, caller, createRequest, receive, type World } from '../../test/request-helpers';
import { EquipmentCalibrationJob } from '../equipment/equipment-calibration.job';
import { MonitoringRoundRemindersJob } from '../monitoring-programs/monitoring-round-reminders.job';
import { SampleHoldingJob } from '../samples/sample-holding.job';
import { userEvaluationEventPayload } from '../user-evaluations/user-evaluation-transitions.service';

// Issue 21: a template reads only the event's own values, in delivery as in the preview (part 5); every event's
// record code and link are placeholders of that event, filled in delivery (part 10).

const PUBLIC_URL = 'https://qlcv.congty.vn';

/**
 * The placeholder of each group's record code; a user evaluation has no code of its own (its period names it). The
 * monitoring group holds several records: each of its events names its own (the catalogue's `code`).
 */
const RECORD_CODE: Record<Exclude<EventGroup, 'monitoring'>, string> = {
  request: 'request.code',
  work: 'work.code',
  leave: 'leave.code',
  contract: 'contract.code',
  evaluation: 'evaluation.name',
  attendance: 'attendance.code',
};
const codeOf = (event: NotificationEvent): string => {
  const def = eventDef(event);
  return def.code ?? RECORD_CODE[def.group as keyof typeof RECORD_CODE];
};

type Who = { id: number; token: string };

describe('notification templates in delivery', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let world: World;
  /** Named by every setting of these tests: told of every event, never its actor. */
  let reader: Who;
  let head: Who;
  let emp: Who;
  let manager: Who;
  /** Checks in and asks for corrections, which the head decides. */
  let attender: Who;
  let sick: number;

  const db = () => t.database.db;
  const settingOf = async (event: string) =>
    (await call('GET', `/api/notification-settings?event=${event}`)).json().data[0] as Record<string, unknown> & {
      id: number;
      version: number;
    };
  const saveSetting = (s: Record<string, unknown>, patch: Record<string, unknown>) =>
    call('PUT', `/api/notification-settings/${s.id}`, {
      event: s.event,
      active: true,
      channels: s.channels,
      recipients: s.recipients,
      title_template: s.title_template,
      body_template: s.body_template,
      version: s.version,
      ...patch,
    });
  /** The reader's notification and e-mail of the last `event` of the record `entityId`. */
  const received = async (event: string, entityId: number) => {
    const note = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', reader.id)
      .where('event', '=', event)
      .where('entity_id', '=', entityId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const mail = await db()
      .selectFrom('deliveries')
      .selectAll()
      .where('user_id', '=', reader.id)
      .where('event_id', '=', note?.event_id ?? 0)
      .where('channel', '=', 'email')
      .executeTakeFirst();
    return { note, mail };
  };
  const dispatch = () => t.app.workers.dispatcher.runOnce(10_000);
  const apply = async (who: Who, day: string) => {
    const res = await call(
      'POST',
      '/api/leaves',
      { leave_type_id: sick, start_date: day, end_date: day, reason: 'Khám bệnh' },
      who.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  };

  beforeAll(async () => {
    t = await createTestApp({}, { PUBLIC_URL });
    call = caller(t);
    world = await buildWorld(t);
    reader = await t.userWith([], { email: 'doc.thong.bao@example.vn' });
    const dept = await createDepartment(t, { code: uniq('NP'), name: 'Phòng Nhân sự' });
    head = await t.userWith(['leaves.index', 'leaves.create', 'leaves.departments'], { department_id: dept.id });
    emp = await t.userWith(['leaves.index', 'leaves.create'], { department_id: dept.id, joined_at: '2015-03-01' });
    manager = await t.userWith(['leaves.index', 'leaves.department'], { department_id: dept.id });
    attender = await t.userWith(['attendance.index'], { department_id: dept.id });
    await db().updateTable('departments').set({ head_id: head.id }).where('id', '=', dept.id).execute();
    const types = (await call('GET', '/api/leave-types')).json().data as { id: number; code: string }[];
    sick = types.find((x) => x.code === 'sick')?.id as number;
    await dispatch();
  });
  afterAll(() => t?.close());

  describe('own values only (part 5)', () => {
    const BUILT_INS = '{{constructor}}|{{toString}}|{{__proto__}}|{{hasOwnProperty}}|{{valueOf}}';

    it("renders an object's built-in names as nothing in a real delivery, for a record's event and a payload's event", async () => {
      // The save refuses these names; a template stored before the check (or by hand) must still leak nothing.
      const real: Record<string, string> = { 'work.assigned': 'work.code', 'leave.submitted': 'leave.from' };
      for (const event of ['work.assigned', 'leave.submitted']) {
        const s = await settingOf(event);
        expect(
          (
            await saveSetting(s, {
              channels: ['in_app', 'email'],
              recipients: { roles: [], departments: [], users: [reader.id], dynamic: [] },
            })
          ).statusCode,
        ).toBe(200);
        await db()
          .updateTable('notification_settings')
          .set({ title_template: `T ${BUILT_INS}`, body_template: `B ${BUILT_INS} {{${real[event]}}}` })
          .where('event', '=', event)
          .execute();
      }
      const work = (await call('POST', '/api/works', { title: 'Lấy mẫu khí thải', assignee_id: emp.id })).json();
      const leave = await apply(emp, '2027-03-01');
      await dispatch();
      for (const [event, id, code] of [
        ['work.assigned', work.id, work.code],
        ['leave.submitted', leave.id, '01/03/2027'],
      ] as const) {
        const { note, mail } = await received(event, id);
        expect(note?.title, event).toBe('T ||||');
        expect(note?.body, event).toBe(`B |||| ${code}`);
        expect(mail?.body, event).toBe(`B |||| ${code}`);
        for (const text of [note?.title, note?.body, mail?.subject, mail?.body]) {
          expect(text).not.toMatch(/function|native code|\[object/);
        }
      }
    });
  });

  describe("each event's record code and link (part 10)", () => {
    it('every event of the catalogue offers its record code and the link', () => {
      for (const event of NOTIFICATION_EVENTS) {
        const placeholders = EVENT_CATALOGUE[event].placeholders as readonly string[];
        expect(placeholders, event).toContain('link');
        expect(placeholders, event).toContain(codeOf(event));
      }
    });

    it('saves, for every event, a template with its code and link', async () => {
      for (const event of NOTIFICATION_EVENTS) {
        const s = await settingOf(event);
        const res = await saveSetting(s, {
          channels: ['in_app', 'email'],
          recipients: { roles: [], departments: [], users: [reader.id], dynamic: [] },
          title_template: `Mã {{${codeOf(event)}}}`,
          body_template: `{{ ${codeOf(event)} }}: mở {{link}}`,
        });
        expect(res.statusCode, `${event}: ${res.body}`).toBe(200);
      }
    });

    it('fills a leave’s code and link in a real delivery of every leave event', async () => {
      const pending = await apply(emp, '2027-03-02');
      expect((await call('POST', `/api/leaves/${pending.id}/approve`, {}, head.token)).statusCode).toBe(200);
      const refused = await apply(emp, '2027-03-03');
      expect(
        (await call('POST', `/api/leaves/${refused.id}/reject`, { note: 'Trùng lịch quan trắc' }, head.token)).statusCode,
      ).toBe(200);
      const dropped = await apply(emp, '2027-03-04');
      expect((await call('POST', `/api/leaves/${dropped.id}/cancel`, {}, emp.token)).statusCode).toBe(200);
      const forYou = await call(
        'POST',
        '/api/leaves/for-employee',
        { user_id: emp.id, leave_type_id: sick, start_date: '2027-03-05', end_date: '2027-03-05' },
        manager.token,
      );
      expect(forYou.statusCode, forYou.body).toBe(201);
      await dispatch();
      const cases: [NotificationEvent, { id: number; code: string }][] = [
        ['leave.submitted', pending],
        ['leave.approved', pending],
        ['leave.rejected', refused],
        ['leave.cancelled', dropped],
        ['leave.created_for_you', forYou.json()],
      ];
      for (const [event, leave] of cases) {
        expect(leave.code, event).toMatch(/\S/);
        const { note, mail } = await received(event, leave.id);
        expect(note?.title, event).toBe(`Mã ${leave.code}`);
        expect(note?.body, event).toBe(`${leave.code}: mở /admin/leaves/${leave.id}`);
        expect(note?.link, event).toBe(`/admin/leaves/${leave.id}`);
        expect(mail?.subject, event).toBe(`Mã ${leave.code}`);
        expect(mail?.body, event).toBe(`${leave.code}: mở ${PUBLIC_URL}/admin/leaves/${leave.id}`);
      }
    });

    it('fills every other event’s code and link in delivery', async () => {
      // Through the API: a work assigned, a request created, received and (another) rejected.
      const work = (await call('POST', '/api/works', { title: 'Phân tích mẫu nước', assignee_id: emp.id })).json();
      const request = await createRequest(t, world);
      await receive(t, request.id);
      const other = await createRequest(t, world);
      expect((await call('POST', `/api/requests/${other.id}/reject`, { reason: 'Ngoài phạm vi dịch vụ.' })).statusCode).toBe(200);
      // Two attendance corrections, one approved and one refused by the head.
      const correction = async (date: string, verb: 'approve' | 'reject') => {
        const made = await call(
          'POST',
          '/api/attendance/corrections',
          { date, check_in: '08:00', reason: 'Quên chấm công' },
          attender.token,
        );
        expect(made.statusCode, made.body).toBe(201);
        const id = made.json().id as number;
        const decided = await call('POST', `/api/attendance/corrections/${id}/${verb}`, { note: 'Đã xem' }, head.token);
        expect(decided.statusCode, decided.body).toBe(200);
        return { id, code: `GT-${id}`, link: `/admin/attendance/corrections/${id}` };
      };
      const approvedCorrection = await correction('2026-01-05', 'approve');
      const refusedCorrection = await correction('2026-01-06', 'reject');
      // Monitoring: a round coming due and an instrument's calibration by their jobs, a trip planned through the API.
      const programme = await createProgramme(t, { start: '2031-01-01', end: '2031-03-31' });
      const meter = (
        await call('POST', '/api/equipment', {
          code: uniq('PH'),
          name: 'Máy đo pH cầm tay',
          kind: 'instrument',
          calibration_due: '2031-03-20',
        })
      ).json() as { id: number; code: string };
      expect(await new MonitoringRoundRemindersJob(db()).runOnce(new Date('2031-03-27T02:00:00Z'))).toBe(1);
      expect(await new EquipmentCalibrationJob(db()).runOnce(new Date('2031-03-27T02:00:00Z'))).toBe(1);
      const trip = await call('POST', '/api/sampling-trips', {
        name: 'Lấy mẫu quý I/2031',
        start_date: '2031-03-25',
        end_date: '2031-03-25',
        leader_id: emp.id,
        round_ids: [programme.rounds[0]?.id],
      });
      expect(trip.statusCode, trip.body).toBe(201);
      const onTrip = { id: trip.json().id as number, code: trip.json().code as string };
      // A sample held past its holding time (COD kept 24 h here), alerted by its job a day later.
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const sampled = await createProgramme(t, { start: '2031-01-01', end: '2031-03-31', holdingHours: 24 });
      const box = await call('POST', '/api/sampling-trips', {
        name: 'Lấy mẫu hôm nay',
        start_date: today,
        end_date: today,
        leader_id: emp.id,
        round_ids: [sampled.rounds[0]?.id],
      });
      expect(box.statusCode, box.body).toBe(201);
      const held = await call('POST', '/api/samples', {
        trip_id: box.json().id,
        round_id: sampled.rounds[0]?.id,
        point_id: box.json().checklist[0].point.id,
        code: uniq('MAU').toUpperCase(),
        taken_at: new Date().toISOString(),
      });
      expect(held.statusCode, held.body).toBe(201);
      expect(await new SampleHoldingJob(db()).runOnce(new Date(Date.now() + 2 * 86_400_000))).toBe(1);
      const onSample = { id: held.json().id as number, code: held.json().code as string };
      // The laboratory: a received sample's analysis assigned to an analyst, entered, and returned with a reason.
      const lab = await labWorld(t);
      const labSample = await receivedSample(t, lab);
      const cod = labSample.analyses.get(lab.cod.id) as { id: number; version: number };
      const analyst = await t.userWith(['lab.analyse']);
      const assigned = await call('POST', '/api/analyses/assign', {
        analyst_id: analyst.id,
        rows: [{ id: cod.id, version: cod.version }],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      const entered = await call(
        'POST',
        `/api/analyses/${cod.id}/result`,
        { value: '12', version: assigned.json()[0].version },
        analyst.token,
      );
      expect(entered.statusCode, entered.body).toBe(200);
      const returned = await call('POST', `/api/analyses/${cod.id}/return`, {
        reason: 'Phân tích lại',
        version: entered.json().version,
      });
      expect(returned.statusCode, returned.body).toBe(200);
      const onAnalysis = {
        id: cod.id,
        code: `${labSample.code} · ${lab.cod.code}`,
        link: `/admin/monitoring/analyses/${cod.id}`,
      };
      // The rest as their modules record them, on real records (a request's or a work's event reads its record).
      const events: { type: NotificationEvent; entity: string; id: number; payload: Record<string, unknown> }[] = [
        { type: 'request.step_changed', entity: 'requests', id: request.id, payload: { to_step: 2 } },
        { type: 'request.completed', entity: 'requests', id: request.id, payload: {} },
        { type: 'work.due_soon', entity: 'works', id: work.id, payload: {} },
        { type: 'work.overdue', entity: 'works', id: work.id, payload: {} },
        { type: 'work.escalated', entity: 'works', id: work.id, payload: {} },
        {
          type: 'contract.expiring',
          entity: 'contracts',
          id: 9001,
          payload: {
            code: '015/2026/HĐ-QT',
            vars: { 'contract.code': '015/2026/HĐ-QT', 'contract.end_date': '31/12/2026', 'contract.days_left': '30' },
            link: '/admin/contracts/9001',
          },
        },
      ];
      // A released sample's exceedance, as the release records it (analysis-limits.service.ts).
      events.push({
        type: 'analysis.exceeded',
        entity: 'analyses',
        id: cod.id,
        payload: {
          code: onAnalysis.code,
          vars: { 'analysis.samples': labSample.code, 'analysis.exceedances': 'COD 180 mg/L (giới hạn ≤ 148,5)' },
          link: onAnalysis.link,
        },
      });
      for (const type of ['evaluation.opened', 'evaluation.reviewed', 'evaluation.approved', 'evaluation.self_due'] as const) {
        const payload = userEvaluationEventPayload({
          id: 9002,
          employee_id: emp.id,
          department_id: null,
          reviewer_id: head.id,
          evaluation_name: 'Đánh giá KPI quý IV/2026',
          employee_name: 'Nhân viên',
          total: 87,
        });
        events.push({ type, entity: 'user_evaluations', id: 9002, payload });
      }
      for (const e of events) {
        await recordEvent(db(), { type: e.type, entity: e.entity, entityId: e.id, actorId: null, payload: e.payload });
      }
      await dispatch();
      const onWork = { id: work.id, code: work.code, link: `/admin/works/${work.id}` };
      const onRequest = { id: request.id, code: request.code, link: `/admin/requests/${request.id}` };
      const onOther = { id: other.id, code: other.code, link: `/admin/requests/${other.id}` };
      const onEvaluation = { id: 9002, code: 'Đánh giá KPI quý IV/2026', link: '/admin/user-evaluations/9002' };
      const expected: Record<string, { id: number; code: string; link: string }> = {
        'work.assigned': onWork,
        'work.due_soon': onWork,
        'work.overdue': onWork,
        'work.escalated': onWork,
        'request.created': onOther,
        'request.received': onRequest,
        'request.rejected': onOther,
        'request.step_changed': onRequest,
        'request.completed': onRequest,
        'contract.expiring': { id: 9001, code: '015/2026/HĐ-QT', link: '/admin/contracts/9001' },
        'evaluation.opened': onEvaluation,
        'evaluation.reviewed': onEvaluation,
        'evaluation.approved': onEvaluation,
        'evaluation.self_due': onEvaluation,
        'attendance.correction_submitted': refusedCorrection,
        'attendance.correction_approved': approvedCorrection,
        'attendance.correction_rejected': refusedCorrection,
        'monitoring_round.due': {
          id: programme.rounds[0]?.id as number,
          code: programme.code,
          link: `/admin/monitoring/programs/${programme.id}`,
        },
        'sampling_trip.assigned': { ...onTrip, link: `/admin/monitoring/trips/${onTrip.id}` },
        'equipment.calibration_due': { ...meter, link: `/admin/monitoring/equipment/${meter.id}/edit` },
        'sample.holding_expired': { ...onSample, link: `/admin/monitoring/samples/${onSample.id}` },
        'analysis.assigned': onAnalysis,
        'analysis.returned': onAnalysis,
        'analysis.exceeded': onAnalysis,
      };
      const leaves = NOTIFICATION_EVENTS.filter((e) => EVENT_CATALOGUE[e].group === 'leave');
      expect(Object.keys(expected).sort()).toEqual(NOTIFICATION_EVENTS.filter((e) => !leaves.includes(e)).sort());
      for (const [event, { id, code, link }] of Object.entries(expected)) {
        const { note, mail } = await received(event, id);
        expect(note?.title, event).toBe(`Mã ${code}`);
        expect(note?.body, event).toBe(`${code}: mở ${link}`);
        expect(mail?.body, event).toBe(`${code}: mở ${PUBLIC_URL}${link}`);
      }
    });
  });
});
