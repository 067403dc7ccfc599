import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  buildWorld,
  caller,
  createRequest,
  type Person,
  person,
  type RequestDetail,
  receive,
  uniquePhone,
  uploadText,
  type WorkDetail,
  type World,
} from '../../test/request-helpers';

// Issue 8, part 11c: completing the work that gives a request its result publishes what staff choose for the
// customer (a text, some of the work's files), never the internal result note, and nothing unless chosen.

let ipSeq = 0;

describe('the result a request publishes', () => {
  let t: TestApp;
  let world: World;
  let receiver: Person;
  let call: ReturnType<typeof caller>;

  const getRequest = async (id: number): Promise<RequestDetail & { public_result: string | null }> => {
    const res = await call('GET', `/api/requests/${id}`, undefined, receiver.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const getWork = async (
    id: number,
    token: string,
  ): Promise<WorkDetail & { public_result: string | null; gives_result: boolean }> => {
    const res = await call('GET', `/api/works/${id}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const complete = (id: number, token: string, body: Record<string, unknown>) =>
    call('POST', `/api/works/${id}/complete`, body, token);
  const openWork = (r: RequestDetail) =>
    r.works.find((w) => ['todo', 'in_progress', 'on_hold'].includes(w.status)) as { id: number };
  const lookup = async (r: RequestDetail) => {
    ipSeq += 1;
    const res = await t.call({
      method: 'POST',
      url: '/api/public/requests/lookup',
      payload: { tracking_code: r.tracking_code, mobile: r.requester_phone },
      remoteAddress: `198.51.100.${ipSeq}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  /** A request received and taken through its first two steps: its open work is the last step's, which gives the result. */
  const atLastStep = async () => {
    const created = await createRequest(t, world, { requester_phone: uniquePhone().replace(/^08/, '09') }, receiver.token);
    let r = await receive(t, created.id, receiver.token);
    for (const p of [world.sampler, world.analyst]) {
      const w = openWork(r);
      expect((await getWork(w.id, p.token)).gives_result).toBe(false);
      const done = await complete(w.id, p.token, { result_note: 'Ghi chú nội bộ của bước.' });
      expect(done.statusCode, done.body).toBe(200);
      r = await getRequest(created.id);
    }
    return { request: r, work: await getWork(openWork(r).id, world.reporter.token) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    receiver = await person(t, ['requests.index', 'requests.create', 'requests.show', 'requests.edit'], world.sales.id);
  });
  afterAll(() => t?.close());

  it('publishes the chosen text and only the chosen file', async () => {
    const { request, work } = await atLastStep();
    expect(work.gives_result).toBe(true);
    const report = await uploadText(t, world.reporter.token, 'bao-cao-gui-khach.txt', 'Báo cáo gửi khách hàng.');
    const draft = await uploadText(t, world.reporter.token, 'so-lieu-noi-bo.txt', 'Số liệu thô nội bộ.');
    const done = await complete(work.id, world.reporter.token, {
      result_note: 'Mẫu số 2 phải phân tích lại (nội bộ).',
      document_ids: [report.id, draft.id],
      public_result: 'Các chỉ tiêu đạt QCVN 40:2025/BTNMT.',
      public_document_ids: [report.id],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().public_result).toBe('Các chỉ tiêu đạt QCVN 40:2025/BTNMT.');

    const res = await lookup(request);
    const body = res.json();
    expect(body.status).toBe('completed');
    expect(body.result_text).toBe('Các chỉ tiêu đạt QCVN 40:2025/BTNMT.');
    expect(body.result_documents.map((d: { name: string }) => d.name)).toEqual(['bao-cao-gui-khach.txt']);
    expect(res.body).not.toContain('nội bộ');
    expect(res.body).not.toContain('so-lieu-noi-bo');
    const download = await t.call({ method: 'GET', url: body.result_documents[0].url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe('Báo cáo gửi khách hàng.');

    // Staff still see the internal result; the file kept back stays on the work, not public.
    const r = await getRequest(request.id);
    expect(r.result_text).toBe('Mẫu số 2 phải phân tích lại (nội bộ).');
    expect(r.public_result).toBe('Các chỉ tiêu đạt QCVN 40:2025/BTNMT.');
    expect(r.result_documents.map((d) => d.id)).toEqual([report.id]);
    const page = await getWork(work.id, world.reporter.token);
    expect(page.result_note).toBe('Mẫu số 2 phải phân tích lại (nội bộ).');
    expect(page.attachments.map((d) => [d.id, d.is_public])).toEqual([[draft.id, false]]);
    expect(r.timeline.at(-1)?.changes).toMatchObject({
      public_result: [null, 'Các chỉ tiêu đạt QCVN 40:2025/BTNMT.'],
      result_documents: [null, ['bao-cao-gui-khach.txt']],
    });
  });

  it('publishes no text and no file when staff choose none', async () => {
    const { request, work } = await atLastStep();
    const report = await uploadText(t, world.reporter.token, 'bao-cao-noi-bo.txt');
    const done = await complete(work.id, world.reporter.token, {
      result_note: 'Kết quả nội bộ: đạt.',
      document_ids: [report.id],
    });
    expect(done.statusCode, done.body).toBe(200);

    const res = await lookup(request);
    expect(res.json()).toMatchObject({ status: 'completed', result_text: null, result_documents: [] });
    expect(res.body).not.toContain('nội bộ');

    const r = await getRequest(request.id);
    expect(r.status).toBe('completed');
    expect(r.result_text).toBe('Kết quả nội bộ: đạt.');
    expect(r.public_result).toBeNull();
    expect(r.result_documents).toEqual([]);
    const page = await getWork(work.id, world.reporter.token);
    expect(page.result_note).toBe('Kết quả nội bộ: đạt.');
    expect(page.attachments.map((d) => [d.id, d.is_public])).toEqual([[report.id, false]]);
  });

  it('refuses a file that is not one of the work’s, and a choice on a work that gives no result (422)', async () => {
    const { request, work } = await atLastStep();
    const mine = await uploadText(t, world.reporter.token, 'ket-qua.txt');
    const stranger = await uploadText(t, receiver.token, 'cua-nguoi-khac.txt');
    expectError(
      await complete(work.id, world.reporter.token, {
        result_note: 'Xong.',
        document_ids: [mine.id],
        public_document_ids: [stranger.id],
      }),
      422,
      'VALIDATION_FAILED',
      'public_document_ids',
    );
    // Nothing of the refused call stayed: the work is still open, its file still the uploader's to attach.
    expect((await getWork(work.id, world.reporter.token)).status).toBe('todo');
    const ok = await complete(work.id, world.reporter.token, {
      result_note: 'Xong.',
      document_ids: [mine.id],
      public_document_ids: [mine.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await getRequest(request.id)).result_documents.map((d) => d.id)).toEqual([mine.id]);

    const other = await createRequest(t, world, {}, receiver.token);
    const first = openWork(await receive(t, other.id, receiver.token));
    for (const choice of [{ public_result: 'Gửi khách' }, { public_document_ids: [mine.id] }]) {
      const field = Object.keys(choice)[0] as string;
      expectError(
        await complete(first.id, world.sampler.token, { result_note: 'Xong.', ...choice }),
        422,
        'VALIDATION_FAILED',
        field,
      );
    }
  });

  it('takes what was chosen at the step giving the result when it is not the last', async () => {
    const proc = await call('POST', '/api/processes', {
      code: 'QT-CONG-KHAI',
      name: 'Phân tích rồi lưu hồ sơ (công khai)',
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
    const type = await call('POST', '/api/request-types', {
      code: 'LYC-CONG-KHAI',
      name: 'Phân tích mẫu (công khai)',
      process_id: proc.json().id,
    });
    expect(type.statusCode, type.body).toBe(201);
    const created = await createRequest(
      t,
      world,
      { request_type_id: type.json().id, requester_phone: uniquePhone().replace(/^08/, '09') },
      receiver.token,
    );
    const w1 = await getWork(openWork(await receive(t, created.id, receiver.token)).id, world.analyst.token);
    expect(w1.gives_result).toBe(true);
    const sheet = await uploadText(t, world.analyst.token, 'phieu-ket-qua.txt');
    const first = await complete(w1.id, world.analyst.token, {
      result_note: 'pH 7,2 (máy số 3, nội bộ).',
      document_ids: [sheet.id],
      public_result: 'pH 7,2; COD 45 mg/l.',
      public_document_ids: [sheet.id],
    });
    expect(first.statusCode, first.body).toBe(200);
    // Nothing is published before the request completes.
    const mid = await getRequest(created.id);
    expect(mid.public_result).toBeNull();
    expect(mid.result_documents).toEqual([]);
    const w2 = await getWork(openWork(mid).id, world.reporter.token);
    expect(w2.gives_result).toBe(false);
    expect((await complete(w2.id, world.reporter.token, { result_note: 'Đã lưu hồ sơ.' })).statusCode).toBe(200);

    const body = (await lookup(created)).json();
    expect(body.result_text).toBe('pH 7,2; COD 45 mg/l.');
    expect(body.result_documents.map((d: { name: string }) => d.name)).toEqual(['phieu-ket-qua.txt']);
    const done = await getRequest(created.id);
    expect(done.result_text).toBe('pH 7,2 (máy số 3, nội bộ).');
  });
});
