import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of the programmes, under requests at once: a programme code is unique, a round moves once, and a
// site never loses a point that a programme being written names (the site's row is held by both).

describe('monitoring programmes under concurrent requests', () => {
  let t: TestApp;
  let customerId: number;
  let parameterId: number;

  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.call({ method: 'POST', url, token: t.adminToken, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const newSite = () =>
    post('/api/sites', {
      code: uniq('CS'),
      name: 'Trạm xử lý nước thải',
      customer_id: customerId,
      points: [
        { code: 'NT1', name: 'Đầu vào', medium: 'wastewater', plan: [{ parameter_id: parameterId, frequency: 'quarterly' }] },
        { code: 'NT2', name: 'Đầu ra', medium: 'wastewater', plan: [{ parameter_id: parameterId, frequency: 'quarterly' }] },
      ],
    });
  const program = (siteId: number, code = uniq('CTQT')) => ({
    code,
    name: 'Quan trắc năm 2027',
    site_id: siteId,
    start_date: '2027-01-01',
    end_date: '2027-12-31',
  });

  beforeAll(async () => {
    t = await createTestApp();
    customerId = (await post('/api/customers', { type: 'organization', name: 'Công ty KCN' })).id;
    parameterId = (
      await post('/api/parameters', {
        code: uniq('COD'),
        name: 'COD',
        medium: 'wastewater',
        unit: 'mg/L',
        method: 'SMEWW',
        place: 'lab',
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('creates one of 10 programmes sent at once with the same code', async () => {
    const site = await newSite();
    const code = uniq('CTQT');
    const answers = await race(t, 10, () => ({
      method: 'POST',
      url: '/api/monitoring-programs',
      token: t.adminToken,
      payload: program(site.id, code),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 9 });
    expectRefusals(answers, 201, { status: 422, field: 'code', message: 'Mã chương trình đã tồn tại.' });
  });

  it('marks a round done once when 8 ask at once', async () => {
    const site = await newSite();
    const p = await post('/api/monitoring-programs', program(site.id));
    const round = p.rounds[0];
    const answers = await race(t, 8, () => ({
      method: 'POST',
      url: `/api/monitoring-programs/${p.id}/rounds/${round.id}/done`,
      token: t.adminToken,
      payload: {},
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 7 });
  });

  it('never removes a point that a programme written at the same time names', async () => {
    for (let round = 0; round < 3; round++) {
      const site = await newSite();
      const nt1 = site.points[0];
      const answers = await race(t, 6, (i) =>
        i === 0
          ? {
              method: 'PUT',
              url: `/api/sites/${site.id}`,
              token: t.adminToken,
              payload: {
                code: site.code,
                name: site.name,
                customer_id: customerId,
                version: site.version,
                points: [{ id: nt1.id, code: 'NT1', name: 'Đầu vào', medium: 'wastewater', plan: [] }],
              },
            }
          : { method: 'POST', url: '/api/monitoring-programs', token: t.adminToken, payload: program(site.id) },
      );
      const [siteAnswer, ...programAnswers] = answers;
      const made = programAnswers.filter((a) => a.status === 201).length;
      const points = await t.database.db.selectFrom('site_points').select('id').where('site_id', '=', site.id).execute();
      if (siteAnswer?.status === 200) {
        // The site lost NT2 first: every programme took the site's plan as it then stood (NT1, now unplanned) and was
        // refused for having no line, or took the plan before and then the point stayed.
        expect(points).toHaveLength(1);
        const lines = await t.database.db
          .selectFrom('monitoring_program_lines')
          .select('point_id')
          .where('point_id', '=', site.points[1].id)
          .execute();
        expect(lines).toEqual([]);
      } else {
        expect(siteAnswer?.status, JSON.stringify(siteAnswer?.body)).toBe(422);
        expect(points).toHaveLength(2);
        expect(made).toBeGreaterThan(0);
      }
      for (const a of programAnswers) expect([201, 422]).toContain(a.status);
    }
  });
});
