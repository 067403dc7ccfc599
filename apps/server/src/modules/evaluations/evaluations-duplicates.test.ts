import { EVENT_CATALOGUE } from '@qlcv/common/schemas/notification-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDuplicatePeriods } from '../../db/migrations/0032-rules-across-rows';
import { createDepartment, expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 21, part 10: a period is refused when another has its name, or its type and dates; periods duplicated before
// the rule stay as they were; the notification titles read well with a period named "Đánh giá KPI …".

describe('evaluation periods are unique by name and by type + dates', () => {
  let t: TestApp;
  let hr: { id: number; token: string };
  let dept: number;
  let kpi: number;
  const body = (over: Record<string, unknown> = {}) => ({
    name: `Đánh giá KPI ${uniq('k')}`,
    period_type: 'quarter',
    period_start: '2034-01-01',
    period_end: '2034-03-31',
    self_deadline: '2034-04-05',
    review_deadline: '2034-04-10',
    department_ids: [dept],
    criteria: [{ kpi_type_id: kpi, weight: 100, target: 1 }],
    ...over,
  });
  const post = (over: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/evaluations', token: hr.token, payload: body(over) });
  const put = (id: number, over: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: `/api/evaluations/${id}`, token: hr.token, payload: body(over) });

  beforeAll(async () => {
    t = await createTestApp();
    hr = await t.userWith(['evaluations.index', 'evaluations.create', 'evaluations.edit']);
    dept = (await createDepartment(t, { code: uniq('PB'), name: 'Phòng Kỹ thuật' })).id;
    const k = await t.call({
      method: 'POST',
      url: '/api/kpi-types',
      token: t.adminToken,
      payload: { code: uniq('KPI'), name: 'Hồ sơ đúng hạn', direction: 'higher' },
    });
    kpi = k.json().id;
  });
  afterAll(() => t?.close());

  it('refuses a second period of the same name (case and spaces aside), or of the same type and dates', async () => {
    const first = await post({ name: 'Đánh giá KPI quý I/2034' });
    expect(first.statusCode, first.body).toBe(201);
    const sameName = expectError(
      await post({ name: '  đánh giá  KPI QUÝ I/2034 ', period_start: '2034-01-02' }),
      422,
      'VALIDATION_FAILED',
      'name',
    );
    expect(sameName.message).toBe('Đã có kỳ đánh giá mang tên này.');
    const sameDates = expectError(await post({ name: 'Quý I/2034' }), 422, 'VALIDATION_FAILED', 'period_start');
    expect(sameDates.message).toBe('Đã có kỳ đánh giá cùng loại kỳ với cùng ngày bắt đầu và ngày kết thúc.');
    // The same dates as another kind of period are another period.
    expect((await post({ name: 'Tháng 1-3/2034', period_type: 'month' })).statusCode).toBe(201);
    const other = await post({ name: 'Đánh giá KPI quý II/2034', period_start: '2034-04-01', period_end: '2034-06-30' });
    expect(other.statusCode, other.body).toBe(201);
    expectError(
      await put(other.json().id, {
        name: 'Đánh giá KPI quý I/2034',
        period_start: '2034-04-01',
        period_end: '2034-06-30',
        version: 1,
      }),
      422,
      'VALIDATION_FAILED',
      'name',
    );
    const renamed = await put(other.json().id, {
      name: 'Đánh giá KPI quý II/2034 (sửa)',
      period_start: '2034-04-01',
      period_end: '2034-06-30',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('keeps periods duplicated before the rule as they were, editable, and refuses new duplicates of them', async () => {
    const db = t.database.db;
    const at = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const row = await db
        .insertInto('evaluations')
        .values({
          name: 'Đánh giá năm 2033',
          period_type: 'year',
          period_start: '2033-01-01',
          period_end: '2033-12-31',
          self_deadline: '2034-01-05',
          review_deadline: '2034-01-10',
          created_by: hr.id,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // What migration 0032 does to an upgraded database holding them.
    await markDuplicatePeriods(db as never);
    const marks = await db
      .selectFrom('evaluations')
      .select(['id', 'name_dup', 'period_dup'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(marks.map((m) => [Number(m.name_dup), Number(m.period_dup)])).toEqual([
      [0, 0],
      [ids[1], ids[1]],
      [ids[2], ids[2]],
    ]);
    const year = { period_type: 'year', period_start: '2033-01-01', period_end: '2033-12-31' };
    await db
      .insertInto('evaluation_departments')
      .values({ evaluation_id: ids[2] as number, department_id: dept })
      .execute();
    const kept = await put(ids[2] as number, { ...year, name: 'Đánh giá năm 2033', version: 1 });
    expect(kept.statusCode, kept.body).toBe(200);
    expectError(await post({ ...year, name: 'Đánh giá năm 2033' }), 422, 'VALIDATION_FAILED', 'name');
    expectError(await post({ ...year, name: 'Năm 2033' }), 422, 'VALIDATION_FAILED', 'period_start');
  });

  it('titles the evaluation notifications so that a period named "Đánh giá KPI …" reads well', async () => {
    for (const event of ['evaluation.opened', 'evaluation.reviewed', 'evaluation.self_due', 'evaluation.approved'] as const) {
      const title = EVENT_CATALOGUE[event].defaults.title.replace('{{evaluation.name}}', 'Đánh giá KPI quý IV/2026');
      expect(title.toLowerCase()).not.toContain('đánh giá đánh giá');
      expect(title.toLowerCase()).not.toContain('kỳ đánh giá đánh giá');
    }
    const emp = await t.userWith(['user_evaluations.index'], { department_id: dept, joined_at: '2020-01-01' });
    const e = await post({
      name: 'Đánh giá KPI quý IV/2034',
      period_start: '2034-01-01',
      period_end: '2034-01-31',
      period_type: 'month',
    });
    expect(e.statusCode, e.body).toBe(201);
    const opened = await t.call({ method: 'POST', url: `/api/evaluations/${e.json().id}/open`, token: hr.token, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    await t.app.workers.dispatcher.runOnce();
    const note = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', emp.id)
      .where('event', '=', 'evaluation.opened')
      .executeTakeFirstOrThrow();
    expect(note.title).toBe('Đã mở kỳ đánh giá: Đánh giá KPI quý IV/2034');
  });
});
