import { MAX_PROCESS_STEPS } from '@qlcv/common/schemas/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, raceDeleteWithUse, statusCounts } from '../../test/concurrency';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { uniquePhone } from '../../test/request-helpers';

// Rules across rows of processes (docs/architecture.md, "Rules across rows"): codes are unique; a process has at most
// MAX_PROCESS_STEPS steps at positions 1…n; a process a request type uses, or a request ran on, is never deleted —
// under N identical requests at once.

describe('processes under concurrent requests', () => {
  let t: TestApp;
  let dept: number;
  const step = (name = 'Lấy mẫu') => ({ name, department_id: dept, duration_hours: 8 });
  const process = async (steps = 1) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/processes',
      token: t.adminToken,
      payload: { code: uniq('QT'), name: 'Quan trắc', steps: Array.from({ length: steps }, (_, i) => step(`Bước ${i + 1}`)) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const requestType = async (processId: number) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/request-types',
      token: t.adminToken,
      payload: { code: uniq('LYC'), name: 'Quan trắc định kỳ', process_id: processId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number; code: string; name: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    dept = (await createDepartment(t, { code: uniq('HT'), name: 'Đội hiện trường' })).id;
  });
  afterAll(() => t?.close());

  it('creates one of 15 processes sent at once with the same code', async () => {
    const code = uniq('QT');
    const answers = await race(t, 15, () => ({
      method: 'POST',
      url: '/api/processes',
      token: t.adminToken,
      payload: { code, name: 'Quan trắc' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 14 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã quy trình đã tồn tại.' });
  });

  it(`adds no step past ${MAX_PROCESS_STEPS} and keeps positions 1…n when 12 steps are inserted first at once`, async () => {
    const p = await process(MAX_PROCESS_STEPS - 5);
    const answers = await race(t, 12, (i) => ({
      method: 'POST',
      url: `/api/processes/${p.id}/steps`,
      token: t.adminToken,
      payload: { ...step(`Bước mới ${i}`), position: 1 },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 5, 409: 7 });
    expectRefusals(answers, 201, { status: 409, message: `Quy trình đã có đủ ${MAX_PROCESS_STEPS} bước, không thể thêm.` });
    const steps = await t.database.db.selectFrom('process_steps').select('position').where('process_id', '=', p.id).execute();
    expect(steps.map((s) => s.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: MAX_PROCESS_STEPS }, (_, i) => i + 1),
    );
  });

  it('never deletes a process that a request type created at the same time uses', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await process();
      const { deleteStatus, used } = await raceDeleteWithUse(
        t,
        10,
        { method: 'DELETE', url: `/api/processes/${p.id}`, token: t.adminToken },
        () => ({
          method: 'POST',
          url: '/api/request-types',
          token: t.adminToken,
          payload: { code: uniq('LYC'), name: 'Quan trắc', process_id: p.id },
        }),
        {
          inUse: { message: /^Không thể xóa quy trình đang được dùng cho \d+ loại yêu cầu/ },
          missing: { field: 'process_id', message: 'Quy trình xử lý không tồn tại.' },
        },
      );
      const types = await t.database.db.selectFrom('request_types').select('id').where('process_id', '=', p.id).execute();
      expect(types).toHaveLength(deleteStatus === 204 ? 0 : used);
    }
  });

  it('never deletes a process that a request received at the same time runs on (its snapshot has no foreign key)', async () => {
    for (let round = 0; round < 3; round++) {
      const [p, q] = [await process(), await process()];
      const type = await requestType(p.id);
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await t.call({
          method: 'POST',
          url: '/api/requests',
          token: t.adminToken,
          payload: {
            request_type_id: type.id,
            requester_name: 'Nguyễn Văn An',
            requester_phone: uniquePhone(),
            title: `Quan trắc khí thải lần ${i}`,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().id);
      }
      // The type moves to another process while its requests are received and the old process is deleted.
      const answers = await race(t, 11, (i) => {
        if (i === 0) {
          return {
            method: 'PUT',
            url: `/api/request-types/${type.id}`,
            token: t.adminToken,
            payload: { code: type.code, name: type.name, process_id: q.id, version: type.version },
          };
        }
        if (i >= 9) return { method: 'DELETE', url: `/api/processes/${p.id}`, token: t.adminToken };
        return { method: 'POST', url: `/api/requests/${ids[i - 1]}/receive`, token: t.adminToken };
      });
      const deleted = answers.slice(9).some((a) => a.status === 204);
      const ranOnP = (
        await t.database.db.selectFrom('requests').select('process_snapshot').where('id', 'in', ids).execute()
      ).filter((r) => r.process_snapshot && JSON.parse(String(r.process_snapshot)).process.id === p.id);
      if (deleted) expect(ranOnP).toHaveLength(0);
      for (const a of answers.slice(9).filter((x) => x.status !== 204)) {
        expect(a.status, JSON.stringify(a.body)).toBe(a.body.error_code === 'NOT_FOUND' ? 404 : 409);
      }
    }
  });
});
