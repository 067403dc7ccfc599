import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  buildWorld,
  caller,
  createRequest,
  eventsOf,
  type Person,
  person,
  type RequestDetail,
  receive,
  uploadText,
  type WorkDetail,
  type World,
} from '../../test/request-helpers';

// The whole flow of PRODUCT.md §3 through a three-step process: receive → sampling → analysis → sent back →
// sampling again → analysis → report with a document → the request completed with the report's result.

describe('request flow', () => {
  let t: TestApp;
  let world: World;
  let receiver: Person;
  let call: ReturnType<typeof caller>;

  const getRequest = async (id: number, token = receiver.token): Promise<RequestDetail> => {
    const res = await call('GET', `/api/requests/${id}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const getWork = async (id: number, token: string): Promise<WorkDetail> => {
    const res = await call('GET', `/api/works/${id}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const act = async (id: number, verb: string, token: string, payload?: unknown): Promise<WorkDetail> => {
    const res = await call('POST', `/api/works/${id}/${verb}`, payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const openWork = (r: RequestDetail) => {
    const open = r.works.filter((w) => ['todo', 'in_progress', 'on_hold'].includes(w.status));
    expect(open).toHaveLength(1);
    return open[0] as RequestDetail['works'][number];
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    receiver = await person(t, ['requests.index', 'requests.create', 'requests.show', 'requests.edit'], world.sales.id);
  });
  afterAll(() => t?.close());

  it('runs a request through its three steps, a step sent back, to its result', async () => {
    const created = await createRequest(t, world, {}, receiver.token);
    expect(created.status).toBe('new');
    expect(created.current_step).toBeNull();
    expect(created.works).toEqual([]);

    // Received: the process frozen, due time = 24 + 48 + 8 hours, the first step's work for its default assignee.
    const received = await receive(t, created.id, receiver.token);
    expect(received.status).toBe('received');
    expect(received.current_step).toBe(1);
    expect(received.process?.name).toBe('Quan trắc nước thải định kỳ');
    expect(received.steps.map((s) => s.name)).toEqual(['Lấy mẫu hiện trường', 'Phân tích mẫu', 'Lập và gửi báo cáo']);
    expect(received.steps[1]?.department?.name).toBe('Phòng thí nghiệm');
    expect(received.current_step_detail?.name).toBe('Lấy mẫu hiện trường');
    const receivedAt = new Date(received.received_at as string).getTime();
    expect(new Date(received.due_at as string).getTime() - receivedAt).toBe(80 * 3_600_000);
    const w1 = openWork(received);
    expect(w1.step_index).toBe(1);
    expect(w1.assignee?.id).toBe(world.sampler.id);
    expect(w1.department?.id).toBe(world.tech.id);
    expect(w1.status).toBe('todo');
    expect(new Date(w1.deadline as string).getTime() - receivedAt).toBeGreaterThanOrEqual(24 * 3_600_000 - 5_000);
    expect(new Date(w1.deadline as string).getTime() - receivedAt).toBeLessThanOrEqual(24 * 3_600_000 + 5_000);

    // The sampler sees the work among their own and its request's files; others of the next steps do not yet.
    const mine = await call('GET', '/api/works/my?tab=assigned', undefined, world.sampler.token);
    expect(mine.json().data.map((w: { id: number }) => w.id)).toContain(w1.id);
    expectError(await call('GET', `/api/works/${w1.id}`, undefined, world.analyst.token), 404, 'NOT_FOUND');
    const w1Page = await getWork(w1.id, world.sampler.token);
    expect(w1Page.step_name).toBe('Lấy mẫu hiện trường');
    expect(w1Page.request?.code).toBe(created.code);
    expect(w1Page.can.edit).toBe(true);

    // Starting the first work puts the request in progress.
    await act(w1.id, 'start', world.sampler.token);
    expect((await getRequest(created.id)).status).toBe('in_progress');
    await act(w1.id, 'complete', world.sampler.token, { result_note: 'Đã lấy 3 mẫu nước thải.' });

    // Step 2 for the analyst.
    let r = await getRequest(created.id);
    expect(r.current_step).toBe(2);
    expect(r.current_step_detail?.name).toBe('Phân tích mẫu');
    const w2 = openWork(r);
    expect(w2.step_index).toBe(2);
    expect(w2.assignee?.id).toBe(world.analyst.id);
    expect(w2.department?.id).toBe(world.lab.id);
    expect(r.works.find((w) => w.id === w1.id)?.status).toBe('done');

    // The analyst sends it back: the sampling step's work comes again, for whoever sampled, with the reason.
    expectError(await call('POST', `/api/works/${w2.id}/send-back`, {}, world.analyst.token), 422, 'VALIDATION_FAILED', 'reason');
    const sentBack = await act(w2.id, 'send-back', world.analyst.token, { reason: 'Mẫu số 2 bị vỡ nắp, cần lấy lại.' });
    expect(sentBack.status).toBe('cancelled');
    expect(sentBack.status_reason).toBe('Mẫu số 2 bị vỡ nắp, cần lấy lại.');
    r = await getRequest(created.id);
    expect(r.current_step).toBe(1);
    expect(r.status).toBe('in_progress');
    const w1again = openWork(r);
    expect(w1again.id).not.toBe(w1.id);
    expect(w1again.step_index).toBe(1);
    expect(w1again.assignee?.id).toBe(world.sampler.id);
    const w1againPage = await getWork(w1again.id, world.sampler.token);
    expect(w1againPage.description).toContain('Mẫu số 2 bị vỡ nắp');

    // The first step cannot be sent back further.
    const first = await call('POST', `/api/works/${w1again.id}/send-back`, { reason: 'Thử' }, world.sampler.token);
    expect(looksVietnamese(expectError(first, 409, 'CONFLICT').message)).toBe(true);

    // Sampling again (completed straight from "todo"), then analysis.
    await act(w1again.id, 'complete', world.sampler.token, { result_note: 'Đã lấy lại mẫu số 2.' });
    r = await getRequest(created.id);
    const w2again = openWork(r);
    expect(w2again.step_index).toBe(2);
    await act(w2again.id, 'start', world.analyst.token);
    await act(w2again.id, 'complete', world.analyst.token, { result_note: 'Các chỉ tiêu đạt QCVN 40:2025/BTNMT.' });

    // The last step: the reporter completes it with the report.
    r = await getRequest(created.id);
    expect(r.current_step).toBe(3);
    const w3 = openWork(r);
    expect(w3.assignee?.id).toBe(world.reporter.id);
    const report = await uploadText(t, world.reporter.token, 'bao-cao-quan-trac.txt', 'Báo cáo kết quả quan trắc quý IV.');
    expect(report.is_public).toBe(false);
    await act(w3.id, 'start', world.reporter.token);
    const progressed = await call('PUT', `/api/works/${w3.id}/progress`, { progress: 60 }, world.reporter.token);
    expect(progressed.json().progress).toBe(60);
    const done = await act(w3.id, 'complete', world.reporter.token, {
      result_note: 'Kết quả quan trắc đạt quy chuẩn; báo cáo đính kèm.',
      document_ids: [report.id],
      // The customer gets the report: staff choose it (nothing is published by default).
      public_document_ids: [report.id],
    });
    expect(done.status).toBe('done');
    expect(done.progress).toBe(100);

    // The request is completed with that work's result, and the report is its public result document.
    r = await getRequest(created.id);
    expect(r.status).toBe('completed');
    expect(r.completed_at).not.toBeNull();
    expect(r.result_text).toBe('Kết quả quan trắc đạt quy chuẩn; báo cáo đính kèm.');
    expect(r.result_documents.map((d) => d.id)).toEqual([report.id]);
    expect(r.result_documents[0]?.is_public).toBe(true);
    expect(r.attachments).toEqual([]);
    expect(r.works.map((w) => w.status)).toEqual(['done', 'cancelled', 'done', 'done', 'done']);
    expect(r.overdue).toBe(false);

    // Whoever worked on it can download the result; someone with no part in it cannot.
    const download = await call('GET', report.url, undefined, world.sampler.token);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe('Báo cáo kết quả quan trắc quý IV.');
    const outsider = await person(t, [], world.tech.id);
    expectError(await call('GET', report.url, undefined, outsider.token), 404, 'NOT_FOUND');

    // Nothing moves on a completed request.
    expectError(await call('POST', `/api/requests/${created.id}/hold`, { reason: 'x' }, receiver.token), 409, 'CONFLICT');
    expectError(await call('POST', `/api/works/${w3.id}/start`, undefined, world.reporter.token), 409, 'CONFLICT');

    // The history tells the story, and every step left a domain event in order.
    expect(r.timeline.map((e) => e.action)).toEqual([
      'create',
      'receive',
      'start',
      'step',
      'send_back',
      'step',
      'step',
      'complete',
    ]);
    expect(r.timeline[1]?.user?.id).toBe(receiver.id);
    expect(r.timeline.at(-1)?.changes?.result_documents).toEqual([null, ['bao-cao-quan-trac.txt']]);
    const events = await eventsOf(t, 'requests', created.id);
    expect(events.map((e) => e.type)).toEqual([
      'request.created',
      'request.received',
      'request.in_progress',
      'request.step_changed',
      'request.step_changed',
      'request.step_changed',
      'request.step_changed',
      'request.completed',
    ]);
    expect(events[4]?.payload).toMatchObject({ from_step: 2, to_step: 1, reason: 'Mẫu số 2 bị vỡ nắp, cần lấy lại.' });
    expect(events.at(-1)?.payload).toMatchObject({ result_document_ids: [report.id] });
    const workEvents = await eventsOf(t, 'works', w3.id);
    expect(workEvents.map((e) => e.type)).toEqual(['work.created', 'work.assigned', 'work.started', 'work.completed']);
    expect(workEvents[1]?.payload).toMatchObject({ assignee_id: world.reporter.id });
    expect((await auditOf(t, 'works', w2.id)).map((e) => e.action)).toEqual(['send_back', 'create']);
  });

  it('keeps a request and its works consistent when it is cancelled while its step work completes', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await createRequest(t, world, {}, receiver.token);
      const w = openWork(await receive(t, created.id, receiver.token));
      const [cancel, complete] = await Promise.all([
        call('POST', `/api/requests/${created.id}/cancel`, { reason: 'Khách hủy' }, receiver.token),
        call('POST', `/api/works/${w.id}/complete`, { result_note: 'Đã lấy mẫu.' }, world.sampler.token),
      ]);
      expect(
        [cancel.statusCode, complete.statusCode].every((s) => s === 200 || s === 409),
        `${cancel.body} ${complete.body}`,
      ).toBe(true);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const after = await getRequest(created.id);
      expect(after.status).toBe('cancelled');
      // Whichever came first, nothing of a cancelled request is left open.
      expect(after.works.filter((x) => ['todo', 'in_progress', 'on_hold'].includes(x.status))).toEqual([]);
      expect(after.works.find((x) => x.id === w.id)?.status).toBe(complete.statusCode === 200 ? 'done' : 'cancelled');
    }
  });

  it('completes a one-step request straight from received', async () => {
    const created = await createRequest(t, world, { request_type_id: world.oneStepTypeId }, receiver.token);
    const r = await receive(t, created.id, receiver.token);
    const w = openWork(r);
    await act(w.id, 'complete', world.reporter.token, { result_note: 'Đã tư vấn qua điện thoại.' });
    const after = await getRequest(created.id);
    expect(after.status).toBe('completed');
    expect(after.result_text).toBe('Đã tư vấn qua điện thoại.');
    expect(after.result_documents).toEqual([]);
  });

  it('takes the result from the step marked as giving it when that is not the last', async () => {
    const call2 = caller(t);
    const proc = await call2('POST', '/api/processes', {
      code: 'QT-KQ-GIUA',
      name: 'Phân tích rồi lưu hồ sơ',
      steps: [
        {
          name: 'Phân tích',
          department_id: world.lab.id,
          default_assignee_id: world.analyst.id,
          duration_hours: 8,
          produces_result: true,
        },
        { name: 'Lưu hồ sơ', department_id: world.sales.id, default_assignee_id: world.reporter.id, duration_hours: 2 },
      ],
    });
    expect(proc.statusCode, proc.body).toBe(201);
    const type = await call2('POST', '/api/request-types', {
      code: 'LYC-KQ-GIUA',
      name: 'Phân tích mẫu lẻ',
      process_id: proc.json().id,
    });
    expect(type.statusCode, type.body).toBe(201);
    const created = await createRequest(t, world, { request_type_id: type.json().id }, receiver.token);
    const w1 = openWork(await receive(t, created.id, receiver.token));
    const sheet = await uploadText(t, world.analyst.token, 'phieu-ket-qua.txt', 'Phiếu kết quả thử nghiệm.');
    await act(w1.id, 'complete', world.analyst.token, {
      result_note: 'pH 7,2; COD 45 mg/l.',
      document_ids: [sheet.id],
      public_document_ids: [sheet.id],
    });
    const w2 = openWork(await getRequest(created.id));
    await act(w2.id, 'complete', world.reporter.token, { result_note: 'Đã lưu hồ sơ.' });
    const done = await getRequest(created.id);
    expect(done.status).toBe('completed');
    expect(done.result_text).toBe('pH 7,2; COD 45 mg/l.');
    expect(done.result_documents.map((d) => d.original_name)).toEqual(['phieu-ket-qua.txt']);
  });

  it('refuses to move a step work while its request is on hold, and lets it move after resuming', async () => {
    const created = await createRequest(t, world, {}, receiver.token);
    const w = openWork(await receive(t, created.id, receiver.token));
    const held = await call(
      'POST',
      `/api/requests/${created.id}/hold`,
      { reason: 'Khách hàng xin lùi lịch lấy mẫu.' },
      receiver.token,
    );
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().status).toBe('on_hold');
    const refused = expectError(await call('POST', `/api/works/${w.id}/start`, undefined, world.sampler.token), 409, 'CONFLICT');
    expect(refused.message).toContain('tạm dừng');
    expectError(await call('POST', `/api/works/${w.id}/complete`, { result_note: 'x' }, world.sampler.token), 409, 'CONFLICT');
    const resumed = await call('POST', `/api/requests/${created.id}/resume`, undefined, receiver.token);
    expect(resumed.json().status).toBe('received');
    await act(w.id, 'start', world.sampler.token);
    expect((await getRequest(created.id)).status).toBe('in_progress');
  });

  it('cancels the open works of a cancelled request, and then lets a stuck request be completed by hand', async () => {
    const created = await createRequest(t, world, {}, receiver.token);
    const w = openWork(await receive(t, created.id, receiver.token));
    await act(w.id, 'start', world.sampler.token);

    // Manual completion waits while a process step's work is open.
    const early = expectError(
      await call('POST', `/api/requests/${created.id}/complete`, { result_text: 'Xong' }, receiver.token),
      409,
      'CONFLICT',
    );
    expect(looksVietnamese(early.message)).toBe(true);

    // The step's work cancelled on its own: the request stays at its step until an editor completes it.
    await act(w.id, 'cancel', world.sampler.token, { reason: 'Khách tự lấy mẫu và gửi đến phòng thí nghiệm.' });
    expect((await getRequest(created.id)).status).toBe('in_progress');
    const doc = await uploadText(t, receiver.token, 'ket-qua-thu-cong.txt');
    expectError(
      await call('POST', `/api/requests/${created.id}/complete`, {}, receiver.token),
      422,
      'VALIDATION_FAILED',
      'result_text',
    );
    const done = await call(
      'POST',
      `/api/requests/${created.id}/complete`,
      { result_text: 'Đã trả kết quả cho mẫu khách gửi.', document_ids: [doc.id] },
      receiver.token,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    expect(done.json().result_documents.map((d: { id: number }) => d.id)).toEqual([doc.id]);

    // Cancelling another one cancels its works too.
    const other = await createRequest(t, world, {}, receiver.token);
    const ow = openWork(await receive(t, other.id, receiver.token));
    const cancelled = await call(
      'POST',
      `/api/requests/${other.id}/cancel`,
      { reason: 'Khách hàng hủy hợp đồng.' },
      receiver.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().status_reason).toBe('Khách hàng hủy hợp đồng.');
    expect((await getWork(ow.id, world.sampler.token)).status).toBe('cancelled');
    expect((await eventsOf(t, 'works', ow.id)).map((e) => e.type)).toContain('work.cancelled');
  });
});
