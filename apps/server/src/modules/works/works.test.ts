import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnYymm } from '../../lib/vn-time';
import { auditOf, createDepartment, expectError, expectNoSecrets, expectXlsx, looksVietnamese, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  buildWorld,
  caller,
  createRequest,
  eventsOf,
  type Person,
  person,
  receive,
  uploadText,
  type WorkDetail,
  type World,
} from '../../test/request-helpers';

const HOUR = 3_600_000;

describe('works', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let world: World;
  /** Department X (field team) and Y (laboratory). */
  let x: number;
  let y: number;
  let creator: Person;
  let assignee: Person;
  let follower: Person;
  let colleague: Person;
  let managerX: Person;
  let managerY: Person;
  let boss: Person;
  let work: WorkDetail;
  let labWork: WorkDetail;

  const get = (id: number, token: string) => call('GET', `/api/works/${id}`, undefined, token);
  const act = (id: number, verb: string, token: string, payload?: unknown) =>
    call('POST', `/api/works/${id}/${verb}`, payload, token);
  const list = (query: string, token: string) => call('GET', `/api/works?${query}`, undefined, token);
  const my = (query: string, token: string) => call('GET', `/api/works/my?${query}`, undefined, token);
  const codesOf = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((w) => w.code);
  const create = async (payload: Record<string, unknown>, token = creator.token): Promise<WorkDetail> => {
    const res = await call('POST', '/api/works', payload, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const editable = (w: WorkDetail, extra: Record<string, unknown> = {}) => ({
    title: w.title,
    description: w.description,
    department_id: w.department?.id ?? null,
    assignee_id: w.assignee?.id ?? null,
    priority: w.priority,
    start_date: w.start_date,
    deadline: w.deadline,
    participant_ids: w.participants.map((p) => p.id),
    version: w.version,
    ...extra,
  });
  const setWork = (id: number, values: Record<string, string | null>) =>
    t.database.db.updateTable('works').set(values).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    x = world.tech.id as number;
    y = world.lab.id as number;
    creator = await person(t, ['works.create'], x);
    assignee = await person(t, [], x);
    follower = await person(t, [], y);
    colleague = await person(t, [], x);
    managerX = await person(t, ['works.department', 'works.create'], x);
    managerY = await person(t, ['works.department'], y);
    boss = await person(t, ['works.all', 'works.create', 'requests.show'], null);
    work = await create({
      title: 'Hiệu chuẩn máy đo pH',
      description: 'Hiệu chuẩn trước đợt quan trắc tháng 12.',
      assignee_id: assignee.id,
      participant_ids: [follower.id],
      priority: 'high',
      start_date: '2026-12-01',
      deadline: '2026-12-31',
    });
    labWork = await create({ title: 'Kiểm kê hóa chất phòng thí nghiệm', department_id: y, priority: 'low' }, managerX.token);
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('creates a standalone work with its code, department, followers and events', () => {
      expect(work.code).toMatch(new RegExp(`^CV${vnYymm()}-\\d{4}$`));
      expect(work.status).toBe('todo');
      expect(work.progress).toBe(0);
      expect(work.request_id).toBeNull();
      expect(work.step_index).toBeNull();
      // Left out, the department is the assignee's.
      expect(work.department?.id).toBe(x);
      expect(work.assignee?.id).toBe(assignee.id);
      expect(work.participants.map((p) => p.id)).toEqual([follower.id]);
      // A day as deadline is the end of that day in Vietnam.
      expect(work.deadline).toBe('2026-12-31T16:59:59.000Z');
      expect(work.start_date).toBe('2026-12-01');
      expect(work.can.edit).toBe(true);
      expect(labWork.department?.id).toBe(y);
    });

    it('records the creation and the assignment', async () => {
      expect((await eventsOf(t, 'works', work.id)).map((e) => [e.type, e.payload?.assignee_id ?? null])).toEqual([
        ['work.created', null],
        ['work.assigned', assignee.id],
      ]);
      const log = await auditOf(t, 'works', work.id);
      expect(log.map((e) => e.action)).toEqual(['create']);
      expect(log[0]?.changes?.title).toEqual([null, 'Hiệu chuẩn máy đo pH']);
    });

    it('validates with Vietnamese messages naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, 'title'],
        [{ title: 'Việc', assignee_id: 999999 }, 'assignee_id'],
        [{ title: 'Việc', department_id: 999999 }, 'department_id'],
        [{ title: 'Việc', participant_ids: [999999] }, 'participant_ids'],
        [{ title: 'Việc', deadline: 'ngày mai' }, 'deadline'],
        [{ title: 'Việc', deadline: '2026-02-30' }, 'deadline'],
        [{ title: 'Việc', start_date: '2026-12-10', deadline: '2026-12-01' }, 'deadline'],
        [{ title: 'Việc', priority: 'gấp' }, 'priority'],
        [{ title: 'Việc', request_id: 999999 }, 'request_id'],
      ];
      for (const [payload, field] of cases) {
        const body = expectError(await call('POST', '/api/works', payload, creator.token), 422, 'VALIDATION_FAILED', field);
        expect(looksVietnamese(body.message), `${field}: ${body.message}`).toBe(true);
      }
    });

    it('accepts a full ISO deadline and keeps it in UTC', async () => {
      const w = await create({ title: 'Gửi mẫu đi phân tích', deadline: '2026-12-05T09:30:00+07:00' });
      expect(w.deadline).toBe('2026-12-05T02:30:00.000Z');
      // No assignee: the creator's department.
      expect(w.department?.id).toBe(x);
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 without the key', async () => {
      for (const url of ['/api/works', '/api/works/my', `/api/works/${work.id}`]) {
        expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
      }
      expectError(await call('POST', '/api/works', { title: 'Việc' }, assignee.token), 403, 'FORBIDDEN');
      expectError(await list('', assignee.token), 403, 'FORBIDDEN');
      expect((await my('', assignee.token)).statusCode).toBe(200);
    });

    it('shows a work to its assignee, creator and followers, its department managers and works.all', async () => {
      for (const p of [assignee, creator, follower, managerX, boss]) {
        const res = await get(work.id, p.token);
        expect(res.statusCode, res.body).toBe(200);
        expectNoSecrets(res);
      }
      expect((await get(work.id, follower.token)).json().can.edit).toBe(false);
      expect((await get(work.id, managerX.token)).json().can.edit).toBe(true);
    });

    it('answers 404 to anyone else, on every call', async () => {
      for (const p of [colleague, managerY]) {
        expectError(await get(work.id, p.token), 404, 'NOT_FOUND');
        expectError(await call('PUT', `/api/works/${work.id}`, editable(work), p.token), 404, 'NOT_FOUND');
        expectError(await call('GET', `/api/works/${work.id}/comments`, undefined, p.token), 404, 'NOT_FOUND');
        expectError(await call('POST', `/api/works/${work.id}/comments`, { body: 'Chào' }, p.token), 404, 'NOT_FOUND');
        expectError(await call('PUT', `/api/works/${work.id}/progress`, { progress: 10 }, p.token), 404, 'NOT_FOUND');
        for (const verb of ['start', 'resume']) expectError(await act(work.id, verb, p.token), 404, 'NOT_FOUND');
        for (const verb of ['hold', 'cancel', 'send-back'])
          expectError(await act(work.id, verb, p.token, { reason: 'x' }), 404, 'NOT_FOUND');
        expectError(await act(work.id, 'complete', p.token, { result_note: 'x' }), 404, 'NOT_FOUND');
      }
      expectError(await get(987654, boss.token), 404, 'NOT_FOUND');
    });

    it('lets only those who may change a work change it: 403 for a follower', async () => {
      expectError(await act(work.id, 'start', follower.token), 403, 'FORBIDDEN');
      expectError(await call('PUT', `/api/works/${work.id}`, editable(work), follower.token), 403, 'FORBIDDEN');
      expectError(await act(work.id, 'complete', follower.token, { result_note: 'Xong' }), 403, 'FORBIDDEN');
    });

    it('keeps the files and the history of a work inside its scope', async () => {
      const doc = await uploadText(t, creator.token, 'huong-dan-hieu-chuan.txt');
      const w = await create({ title: 'Hiệu chuẩn máy đo DO', assignee_id: assignee.id, attachment_ids: [doc.id] });
      expect(w.attachments.map((d) => d.id)).toEqual([doc.id]);
      expect((await call('GET', doc.url, undefined, assignee.token)).statusCode).toBe(200);
      expect((await call('GET', doc.url, undefined, managerX.token)).statusCode).toBe(200);
      expectError(await call('GET', doc.url, undefined, colleague.token), 404, 'NOT_FOUND');
      expectError(await call('GET', doc.url, undefined, managerY.token), 404, 'NOT_FOUND');

      const showInScope = await person(t, ['works.show'], x);
      const showOutside = await person(t, ['works.show'], x);
      const mine = await create({ title: 'Lập kế hoạch lấy mẫu', assignee_id: showInScope.id });
      const url = `/api/audit-logs?entity=works&entity_id=${mine.id}`;
      expect((await call('GET', url, undefined, showInScope.token)).statusCode).toBe(200);
      expectError(await call('GET', url, undefined, showOutside.token), 404, 'NOT_FOUND');
      expectError(await call('GET', url, undefined, assignee.token), 403, 'FORBIDDEN');
    });
  });

  describe('lists', () => {
    it('scopes the list: a department manager sees their department, works.all sees every work', async () => {
      const x1 = codesOf(await list('per_page=all', managerX.token));
      expect(x1).toContain(work.code);
      // Created by managerX for the laboratory: their own, so they see it.
      expect(x1).toContain(labWork.code);
      const y1 = codesOf(await list('per_page=all', managerY.token));
      expect(y1).toContain(labWork.code);
      expect(y1).not.toContain(work.code);
      const all = await list('per_page=all', boss.token);
      expect(codesOf(all)).toEqual(expect.arrayContaining([work.code, labWork.code]));
      expect(all.json().meta.total).toBe(
        (
          await t.database.db
            .selectFrom('works')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n * 1,
      );
      // The count follows the scope too.
      expect((await list('', managerY.token)).json().meta.total).toBe(y1.length);
    });

    it('filters by status, priority, department, assignee, deadline days, overdue and search', async () => {
      expect(codesOf(await list(`department_id=${y}`, boss.token))).toEqual([labWork.code]);
      expect(codesOf(await list(`assignee_id=${assignee.id}&priority=high`, boss.token))).toEqual([work.code]);
      expect(codesOf(await list('priority=low', boss.token))).toEqual([labWork.code]);
      expect(codesOf(await list('from=2026-12-31&to=2026-12-31', boss.token))).toEqual([work.code]);
      expect(codesOf(await list('from=2027-01-01', boss.token))).toEqual([]);
      expect(codesOf(await list(`search=${encodeURIComponent('hieu chuan may do ph')}`, boss.token))).toEqual([work.code]);
      expect(codesOf(await list(`search=${work.code.toLowerCase()}`, boss.token))).toEqual([work.code]);

      const late = await create({ title: 'Nộp báo cáo tháng', assignee_id: assignee.id, deadline: '2026-12-20' });
      await setWork(late.id, { deadline: new Date(Date.now() - HOUR).toISOString() });
      const overdue = await list('overdue=true', boss.token);
      expect(codesOf(overdue)).toEqual([late.code]);
      expect(overdue.json().data[0].overdue).toBe(true);
      expect((await get(late.id, assignee.token)).json().overdue).toBe(true);
      expect(codesOf(await list('overdue=false&per_page=all', boss.token))).not.toContain(late.code);
      const cancelled = await act(late.id, 'cancel', creator.token, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().overdue).toBe(false);
      expect(codesOf(await list('overdue=true', boss.token))).toEqual([]);
      expect(codesOf(await list(`status=cancelled&assignee_id=${assignee.id}`, boss.token))).toEqual([late.code]);
      expectError(await list('status=xong', boss.token), 422, 'VALIDATION_FAILED');
    });

    it('sorts by allow-listed columns only', async () => {
      const sorted = codesOf(await list(`department_id=${x}&sort=-priority&per_page=all`, boss.token));
      expect(sorted[0]).toBe(work.code);
      expectError(await list('sort=search_text', boss.token), 422, 'VALIDATION_FAILED', 'sort');
      // Works without a deadline come last whichever way the deadline sorts.
      for (const sort of ['deadline', '-deadline']) {
        const rows = (await list(`sort=${sort}&per_page=all`, boss.token)).json().data as { deadline: string | null }[];
        const firstEmpty = rows.findIndex((w) => w.deadline === null);
        expect(firstEmpty).toBeGreaterThan(0);
        expect(rows.slice(firstEmpty).every((w) => w.deadline === null)).toBe(true);
        const dated = rows.slice(0, firstEmpty).map((w) => w.deadline as string);
        expect(dated).toEqual([...dated].sort((p, q) => (sort === 'deadline' ? p.localeCompare(q) : q.localeCompare(p))));
      }
    });

    it('lists my works by tab', async () => {
      expect(codesOf(await my('tab=assigned&per_page=all', assignee.token))).toContain(work.code);
      expect(codesOf(await my('per_page=all', assignee.token))).toContain(work.code);
      expect(codesOf(await my('tab=created&per_page=all', creator.token))).toContain(work.code);
      expect(codesOf(await my('tab=created&per_page=all', assignee.token))).toEqual([]);
      expect(codesOf(await my('tab=following', follower.token))).toEqual([work.code]);
      expect(codesOf(await my('tab=assigned', colleague.token))).toEqual([]);
      // A department manager's "my works" are theirs alone.
      expect(codesOf(await my('tab=assigned', managerX.token))).toEqual([]);
      expectError(await my('tab=all', assignee.token), 422, 'VALIDATION_FAILED', 'tab');
    });

    it('exports the scoped, filtered list as .xlsx', async () => {
      const res = await t.call({
        method: 'GET',
        url: '/api/works?sort=code',
        token: managerY.token,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'cong-viec');
      expect(rows[0]?.slice(0, 2)).toEqual(['Mã công việc', 'Tiêu đề']);
      const codes = rows.slice(1).map((r) => r[0]);
      expect(codes).toContain(labWork.code);
      expect(codes).not.toContain(work.code);
      const mine = await t.call({
        method: 'GET',
        url: '/api/works/my?tab=following',
        token: follower.token,
        headers: { 'x-export': 'xlsx' },
      });
      const myRows = await expectXlsx(mine, 'cong-viec-cua-toi');
      expect(myRows.slice(1).map((r) => [r[0], r[1], r[7]])).toEqual([[work.code, 'Hiệu chuẩn máy đo pH', 'Chưa bắt đầu']]);
    });
  });

  describe('edit', () => {
    it('edits with the version read; a stale one gets 409', async () => {
      const w = await create({ title: 'Bảo dưỡng xe lấy mẫu', assignee_id: assignee.id });
      const res = await call(
        'PUT',
        `/api/works/${w.id}`,
        editable(w, { title: 'Bảo dưỡng xe lấy mẫu 29C', priority: 'urgent' }),
        assignee.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().version).toBe(w.version + 1);
      const stale = await call('PUT', `/api/works/${w.id}`, editable(w, { title: 'Cũ' }), creator.token);
      expect(looksVietnamese(expectError(stale, 409, 'CONFLICT').message)).toBe(true);
      expect((await get(w.id, creator.token)).json().title).toBe('Bảo dưỡng xe lấy mẫu 29C');
      expect((await auditOf(t, 'works', w.id))[0]?.changes).toMatchObject({ priority: ['normal', 'urgent'] });
    });

    it('reassigns and replaces the followers, recording the assignment', async () => {
      const w = await create({ title: 'Chuẩn bị dụng cụ', assignee_id: assignee.id, participant_ids: [follower.id] });
      const res = await call(
        'PUT',
        `/api/works/${w.id}`,
        editable(w, { assignee_id: colleague.id, participant_ids: [assignee.id] }),
        creator.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().assignee.id).toBe(colleague.id);
      expect(res.json().participants.map((p: { id: number }) => p.id)).toEqual([assignee.id]);
      expect((await eventsOf(t, 'works', w.id)).at(-1)).toMatchObject({
        type: 'work.assigned',
        payload: { assignee_id: colleague.id, previous_assignee_id: assignee.id },
      });
      // The follower is no longer one: the work is gone from their view.
      expectError(await get(w.id, follower.token), 404, 'NOT_FOUND');
      expect((await get(w.id, colleague.token)).statusCode).toBe(200);
    });

    it('refuses to edit a closed work', async () => {
      const w = await create({ title: 'Việc đã hủy', assignee_id: assignee.id });
      await act(w.id, 'cancel', assignee.token, { reason: 'Không cần nữa' });
      const fresh: WorkDetail = (await get(w.id, assignee.token)).json();
      expect(
        expectError(await call('PUT', `/api/works/${w.id}`, editable(fresh), assignee.token), 409, 'CONFLICT').message,
      ).toContain('Đã hủy');
    });
  });

  describe('comments', () => {
    it('lets whoever sees the work comment, oldest first', async () => {
      const first = await call(
        'POST',
        `/api/works/${work.id}/comments`,
        { body: 'Máy đo pH số 2 đang hỏng điện cực.' },
        follower.token,
      );
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        work_id: work.id,
        body: 'Máy đo pH số 2 đang hỏng điện cực.',
        user: { id: follower.id },
      });
      await call('POST', `/api/works/${work.id}/comments`, { body: 'Đã đặt mua điện cực mới.' }, assignee.token);
      const res = await call('GET', `/api/works/${work.id}/comments`, undefined, creator.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { body: string }) => c.body)).toEqual([
        'Máy đo pH số 2 đang hỏng điện cực.',
        'Đã đặt mua điện cực mới.',
      ]);
      expect(res.json().meta.total).toBe(2);
      expect(
        (await call('GET', `/api/works/${work.id}/comments?sort=-created_at`, undefined, creator.token)).json().data[0].body,
      ).toBe('Đã đặt mua điện cực mới.');
      expect((await get(work.id, assignee.token)).json().comments_count).toBe(2);
      expectError(
        await call('POST', `/api/works/${work.id}/comments`, { body: '  ' }, assignee.token),
        422,
        'VALIDATION_FAILED',
        'body',
      );
      expectError(
        await call('GET', `/api/works/${work.id}/comments?sort=body`, undefined, assignee.token),
        422,
        'VALIDATION_FAILED',
        'sort',
      );
      expect((await eventsOf(t, 'works', work.id)).filter((e) => e.type === 'work.commented')).toHaveLength(2);
    });
  });

  describe('status and progress', () => {
    it('starts, reports progress, holds, resumes and completes', async () => {
      const w = await create({ title: 'Lấy mẫu khí thải ống khói', assignee_id: assignee.id });
      expect(
        expectError(await call('PUT', `/api/works/${w.id}/progress`, { progress: 10 }, assignee.token), 409, 'CONFLICT').message,
      ).toContain('bắt đầu');
      const started = await act(w.id, 'start', assignee.token);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().status).toBe('in_progress');
      expect(expectError(await act(w.id, 'start', assignee.token), 409, 'CONFLICT').message).toContain('Đang thực hiện');

      const progressed = await call('PUT', `/api/works/${w.id}/progress`, { progress: 40 }, assignee.token);
      expect(progressed.statusCode, progressed.body).toBe(200);
      expect(progressed.json().progress).toBe(40);
      for (const bad of [101, -1, 12.5, '50']) {
        expectError(
          await call('PUT', `/api/works/${w.id}/progress`, { progress: bad }, assignee.token),
          422,
          'VALIDATION_FAILED',
          'progress',
        );
      }

      expectError(await act(w.id, 'hold', assignee.token, {}), 422, 'VALIDATION_FAILED', 'reason');
      const held = await act(w.id, 'hold', assignee.token, { reason: 'Chờ thiết bị' });
      expect(held.json()).toMatchObject({ status: 'on_hold', status_reason: 'Chờ thiết bị' });
      expectError(await call('PUT', `/api/works/${w.id}/progress`, { progress: 50 }, assignee.token), 409, 'CONFLICT');
      expect(expectError(await act(w.id, 'complete', assignee.token, { result_note: 'x' }), 409, 'CONFLICT').message).toContain(
        'Tạm dừng',
      );
      const resumed = await act(w.id, 'resume', assignee.token);
      expect(resumed.json()).toMatchObject({ status: 'in_progress', status_reason: null, progress: 40 });

      expectError(await act(w.id, 'complete', assignee.token, {}), 422, 'VALIDATION_FAILED', 'result_note');
      const done = await act(w.id, 'complete', assignee.token, { result_note: 'Đã lấy 2 mẫu khí thải.' });
      expect(done.json()).toMatchObject({ status: 'done', progress: 100, result_note: 'Đã lấy 2 mẫu khí thải.' });
      expect(done.json().completed_at).not.toBeNull();
      expectError(await act(w.id, 'cancel', assignee.token, {}), 409, 'CONFLICT');
      expectError(await act(w.id, 'hold', assignee.token, { reason: 'x' }), 409, 'CONFLICT');
      expect((await auditOf(t, 'works', w.id)).map((e) => e.action)).toEqual([
        'complete',
        'resume',
        'hold',
        'progress',
        'start',
        'create',
      ]);
      expect((await eventsOf(t, 'works', w.id)).map((e) => e.type)).toEqual([
        'work.created',
        'work.assigned',
        'work.started',
        'work.on_hold',
        'work.resumed',
        'work.completed',
      ]);
    });

    it('resumes a work held before it started back to "not started"', async () => {
      const w = await create({ title: 'Đặt lịch với khách', assignee_id: assignee.id });
      await act(w.id, 'hold', assignee.token, { reason: 'Khách đi công tác' });
      expect((await act(w.id, 'resume', managerX.token)).json().status).toBe('todo');
    });

    it('sends back only a process step’s work', async () => {
      const res = await act(work.id, 'send-back', assignee.token, { reason: 'Sai' });
      expect(looksVietnamese(expectError(res, 409, 'CONFLICT').message)).toBe(true);
    });

    it('starts a work once out of 10 concurrent starts', async () => {
      const w = await create({ title: 'Khảo sát hiện trường', assignee_id: assignee.id });
      const results = await Promise.all(Array.from({ length: 10 }, () => act(w.id, 'start', assignee.token)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect((await eventsOf(t, 'works', w.id)).filter((e) => e.type === 'work.started')).toHaveLength(1);
    });

    it('lets the creator of a step’s work see it but not run it; the department manager can', async () => {
      const receiver = await person(t, ['requests.create', 'requests.edit', 'requests.show'], y);
      const r = await createRequest(t, world, {}, receiver.token);
      const received = await receive(t, r.id, receiver.token);
      const stepWork = received.works[0] as { id: number };
      expect((await get(stepWork.id, receiver.token)).json().can.edit).toBe(false);
      expectError(await act(stepWork.id, 'start', receiver.token), 403, 'FORBIDDEN');
      const managerOfStep = await person(t, ['works.department'], world.tech.id as number);
      expect((await act(stepWork.id, 'start', managerOfStep.token)).statusCode).toBe(200);
      // A request reader who is not on the work cannot open it.
      const reader = await person(t, ['requests.show'], null);
      expectError(await get(stepWork.id, reader.token), 404, 'NOT_FOUND');
      const page = (await get(stepWork.id, managerOfStep.token)).json();
      expect(page.request).toMatchObject({ id: r.id, code: r.code, status: 'in_progress' });
      expect(page.step_name).toBe('Lấy mẫu hiện trường');
    });
  });

  describe('works linked to a request', () => {
    it('links a standalone work to an open request the creator can see', async () => {
      const receiver = await person(t, ['requests.create', 'requests.edit', 'requests.show'], y);
      const r = await createRequest(t, world, {}, receiver.token);
      expectError(
        await call('POST', '/api/works', { title: 'Gọi điện cho khách', request_id: r.id }, creator.token),
        422,
        'VALIDATION_FAILED',
        'request_id',
      );
      const linked = await create({ title: 'Gọi điện xác nhận lịch', request_id: r.id, assignee_id: assignee.id }, boss.token);
      expect(linked.request).toMatchObject({ id: r.id, code: r.code });
      expect(linked.step_index).toBeNull();
      expect(codesOf(await list(`request_id=${r.id}`, boss.token))).toEqual([linked.code]);
      const detail = (await call('GET', `/api/requests/${r.id}`, undefined, receiver.token)).json();
      expect(detail.works.map((w: { id: number }) => w.id)).toEqual([linked.id]);
      // It is not a process step: receiving adds the first step's work beside it and completing it moves nothing.
      const received = await receive(t, r.id, receiver.token);
      expect(received.works).toHaveLength(2);
      await act(linked.id, 'complete', assignee.token, { result_note: 'Khách xác nhận lịch 10/12.' });
      const after = (await call('GET', `/api/requests/${r.id}`, undefined, receiver.token)).json();
      expect(after.current_step).toBe(1);
      expect(after.status).toBe('received');
    });
  });

  // docs/decisions.md, "Department scope includes sub-departments".
  describe('department scope', () => {
    /** Under one root: the manager's department P, its child C and grandchild G; S is P's sibling. */
    let manager: Person;
    let inP: WorkDetail;
    let inC: WorkDetail;
    let inG: WorkDetail;
    let inS: WorkDetail;
    let inRoot: WorkDetail;

    beforeAll(async () => {
      const tag = uniq('ds');
      const root = await createDepartment(t, { code: `R${tag}`, name: `Trung tâm ${tag}` });
      const p = await createDepartment(t, { code: `P${tag}`, name: `Phòng quan trắc ${tag}`, parent_id: root.id });
      const c = await createDepartment(t, { code: `C${tag}`, name: `Tổ hiện trường ${tag}`, parent_id: p.id });
      const g = await createDepartment(t, { code: `G${tag}`, name: `Nhóm lấy mẫu khí ${tag}`, parent_id: c.id });
      const sibling = await createDepartment(t, { code: `S${tag}`, name: `Phòng kế toán ${tag}`, parent_id: root.id });
      manager = await person(t, ['works.department', 'works.show'], p.id);
      const inDepartment = async (title: string, departmentId: number) => {
        const doc = await uploadText(t, boss.token, `${tag}-${departmentId}.txt`);
        return create({ title: `${title} ${tag}`, department_id: departmentId, attachment_ids: [doc.id] }, boss.token);
      };
      inP = await inDepartment('Lập kế hoạch quan trắc', p.id);
      inC = await inDepartment('Lấy mẫu nước mặt', c.id);
      inG = await inDepartment('Lấy mẫu khí thải', g.id);
      inS = await inDepartment('Đối chiếu công nợ', sibling.id);
      inRoot = await inDepartment('Họp giao ban', root.id as number);
    });

    it('lists the works of the department and of every department under it, not of a sibling or the parent', async () => {
      const res = await list('per_page=all', manager.token);
      const codes = codesOf(res);
      expect(codes).toEqual(expect.arrayContaining([inP.code, inC.code, inG.code]));
      expect(codes).not.toContain(inS.code);
      expect(codes).not.toContain(inRoot.code);
      expect(res.json().meta.total).toBe(codes.length);
      expect(codesOf(await list(`department_id=${inG.department?.id}`, manager.token))).toEqual([inG.code]);
    });

    it('opens a work of a sub-department and lets the manager change it; 404 outside', async () => {
      for (const w of [inC, inG]) {
        const res = await get(w.id, manager.token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().can.edit).toBe(true);
      }
      for (const w of [inS, inRoot]) {
        expectError(await get(w.id, manager.token), 404, 'NOT_FOUND');
        expectError(await act(w.id, 'start', manager.token), 404, 'NOT_FOUND');
      }
      const started = await act(inG.id, 'start', manager.token);
      expect(started.statusCode, started.body).toBe(200);
    });

    it('exports the same scope', async () => {
      const res = await t.call({
        method: 'GET',
        url: '/api/works?sort=code',
        token: manager.token,
        headers: { 'x-export': 'xlsx' },
      });
      const codes = (await expectXlsx(res, 'cong-viec')).slice(1).map((r) => r[0]);
      expect(codes).toEqual(expect.arrayContaining([inP.code, inC.code, inG.code]));
      expect(codes).not.toContain(inS.code);
      expect(codes).not.toContain(inRoot.code);
    });

    it("keeps the files and the history of the sub-departments' works in scope, and 404 outside", async () => {
      for (const w of [inC, inG]) {
        const doc = w.attachments[0] as { url: string };
        expect((await call('GET', doc.url, undefined, manager.token)).statusCode).toBe(200);
        const history = await call('GET', `/api/audit-logs?entity=works&entity_id=${w.id}`, undefined, manager.token);
        expect(history.statusCode, history.body).toBe(200);
      }
      for (const w of [inS, inRoot]) {
        const doc = w.attachments[0] as { url: string };
        expectError(await call('GET', doc.url, undefined, manager.token), 404, 'NOT_FOUND');
        expectError(
          await call('GET', `/api/audit-logs?entity=works&entity_id=${w.id}`, undefined, manager.token),
          404,
          'NOT_FOUND',
        );
      }
    });
  });
});
