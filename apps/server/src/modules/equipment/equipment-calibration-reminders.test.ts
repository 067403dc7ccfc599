import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { EquipmentCalibrationJob } from './equipment-calibration.job';

// Issue 24 part 7: an instrument's calibration or a vehicle's inspection due within 30 days, or lapsed, is reminded of
// once per due date — to the head of the keeping department — and again only for a new due date.

type Who = { id: number; token: string };

describe('equipment calibration reminders', () => {
  let t: TestApp;
  let head: Who;
  let deptId: number;
  let job: EquipmentCalibrationJob;

  const post = async (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') => {
    const res = await t.call({ method, url, token: t.adminToken, payload });
    expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
    return res.json();
  };
  const equipment = (code: string, kind: 'instrument' | 'vehicle', due: string | null, extra: Record<string, unknown> = {}) =>
    post('/api/equipment', {
      code: uniq(code),
      name: kind === 'vehicle' ? 'Xe bán tải Ford Ranger' : 'Máy đo pH cầm tay',
      kind,
      calibration_due: due,
      identifier: kind === 'vehicle' ? '51C-123.45' : null,
      department_id: deptId,
      ...extra,
    }) as Promise<{ id: number; code: string; version: number; name: string; kind: string }>;
  const events = (id: number) =>
    t.database.db
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', 'equipment.calibration_due')
      .where('entity_id', '=', id)
      .execute();
  const notesOf = async (who: Who) =>
    (await t.call({ method: 'GET', url: '/api/notifications?per_page=100', token: who.token })).json().data as {
      event: string;
      entity_id: number;
      title: string;
      body: string;
      link: string;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    const dept = await createDepartment(t, { code: uniq('HT'), name: 'Đội hiện trường' });
    deptId = dept.id;
    head = await t.userWith([], { department_id: dept.id });
    await t.database.db.updateTable('departments').set({ head_id: head.id }).where('id', '=', dept.id).execute();
    job = new EquipmentCalibrationJob(t.database.db);
  }, 60_000);
  afterAll(() => t?.close());

  it('reminds once of a due-soon vehicle and a lapsed instrument; not of one in 31 days, undated or out of use', async () => {
    const car = await equipment('XE', 'vehicle', '2027-05-15');
    const old = await equipment('DO', 'instrument', '2027-01-10');
    const later = await equipment('PH', 'instrument', '2027-06-01');
    const undated = await equipment('BOM', 'instrument', null);
    const retired = await equipment('TB', 'instrument', '2027-05-02', { active: false });
    const at = new Date('2027-05-01T02:00:00Z'); // 01/05 in Vietnam: due soon up to 31/05
    expect(await job.runOnce(at)).toBe(2);
    expect(await job.runOnce(at)).toBe(0);
    for (const e of [later, undated, retired]) expect(await events(e.id), e.code).toHaveLength(0);
    expect(await events(car.id)).toHaveLength(1);
    expect(await events(old.id)).toHaveLength(1);

    await t.app.workers.dispatcher.runOnce();
    const notes = (await notesOf(head)).filter((n) => n.event === 'equipment.calibration_due');
    const ofCar = notes.find((n) => n.entity_id === car.id);
    expect(ofCar?.title).toBe(`Phương tiện ${car.code}: hạn đăng kiểm 15/05/2027`);
    expect(ofCar?.body).toContain('(còn 14 ngày)');
    expect(ofCar?.link).toBe(`/admin/monitoring/equipment/${car.id}/edit`);
    const ofOld = notes.find((n) => n.entity_id === old.id);
    expect(ofOld?.title).toBe(`Thiết bị đo ${old.code}: hạn hiệu chuẩn 10/01/2027`);
    expect(ofOld?.body).toContain('(đã quá hạn 111 ngày)');

    // 02/05 in Vietnam: the instrument due 01/06 comes into the window, once; the vehicle lapsing after its
    // reminder is not reminded again.
    expect(await job.runOnce(new Date('2027-05-01T17:00:00Z'))).toBe(1);
    expect(await job.runOnce(new Date('2027-05-20T02:00:00Z'))).toBe(0);
    expect(await events(later.id)).toHaveLength(1);
    expect(await events(car.id)).toHaveLength(1);
  });

  it('reminds again after a new calibration moves the due date, once more', async () => {
    const meter = await equipment('COND', 'instrument', '2027-08-10');
    expect(await job.runOnce(new Date('2027-08-01T02:00:00Z'))).toBe(1);
    // Calibrated: a new certificate until 20/09; still in the window of 25/08, so reminded for that date.
    const detail = (await t.call({ method: 'GET', url: `/api/equipment/${meter.id}`, token: t.adminToken })).json();
    await post(
      `/api/equipment/${meter.id}`,
      {
        code: detail.code,
        name: detail.name,
        kind: detail.kind,
        department_id: deptId,
        calibration_due: '2027-09-20',
        last_calibrated_on: '2027-08-05',
        calibration_certificate: 'HC-2027/0815',
        version: detail.version,
      },
      'PUT',
    );
    expect(await job.runOnce(new Date('2027-08-15T02:00:00Z'))).toBe(0);
    expect(await job.runOnce(new Date('2027-08-25T02:00:00Z'))).toBe(1);
    expect(await job.runOnce(new Date('2027-09-25T02:00:00Z'))).toBe(0);
    const raised = await events(meter.id);
    expect(raised.map((e) => JSON.parse(String(e.payload)).vars['equipment.due_date'])).toEqual(['10/08/2027', '20/09/2027']);
  });

  it('two runners at once raise a due date once', async () => {
    const gauge = await equipment('LL', 'instrument', '2028-02-10');
    const at = new Date('2028-02-01T02:00:00Z');
    const both = await Promise.allSettled([job.runOnce(at), new EquipmentCalibrationJob(t.database.db).runOnce(at)]);
    expect(both.map((r) => (r.status === 'fulfilled' ? r.value : 0)).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await events(gauge.id)).toHaveLength(1);
  });
});
