import type { EvaluationCreateBody } from '@qlcv/common/schemas/evaluations';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { DepartmentsService } from '../modules/departments/departments.service';
import { EvaluationLifecycleService } from '../modules/evaluations/evaluation-lifecycle.service';
import { EvaluationsService } from '../modules/evaluations/evaluations.service';
import { UserEvaluationTransitionsService } from '../modules/user-evaluations/user-evaluation-transitions.service';
import { UserEvaluationsService } from '../modules/user-evaluations/user-evaluations.service';

// The demo company's evaluations, played through the services: Quý II/2026 and Quý III/2026 closed with every
// employee approved (a realistic spread of grades), and Tháng 11/2026 open with a mix of steps — some still to
// self-assess (the deadline is near), some waiting for their head, some reviewed, a few approved. Computed actuals
// come from the demo activity's works and requests (loaded before), manual ones are typed by the reviewers.

/** KPI code → weight and target for every period; weights add up to 100. */
const CRITERIA: [string, number, number][] = [
  ['KPI-DUNGHAN', 25, 90],
  ['KPI-HOANTHANH', 15, 12],
  ['KPI-QUAHAN', 10, 1],
  ['KPI-BAOCAO', 20, 8],
  ['KPI-ANTOAN', 10, 9],
  ['KPI-THAIDO', 10, 8],
  ['KPI-HOPTAC', 10, 8],
];

/** The departments covered (sub-departments follow); the board is reviewed by nobody above it, so it is left out. */
const DEPARTMENTS = ['HCNS', 'KT', 'KD', 'QT', 'PTN', 'KTCN'];

interface Period {
  body: Omit<EvaluationCreateBody, 'department_ids' | 'criteria'>;
  /** Where each user evaluation stops: all approved when closed. */
  closed: boolean;
}

const PERIODS: Period[] = [
  {
    body: {
      name: 'Đánh giá KPI Quý II/2026',
      period_type: 'quarter',
      period_start: '2026-04-01',
      period_end: '2026-06-30',
      self_deadline: '2026-07-05',
      review_deadline: '2026-07-12',
    },
    closed: true,
  },
  {
    body: {
      name: 'Đánh giá KPI Quý III/2026',
      period_type: 'quarter',
      period_start: '2026-07-01',
      period_end: '2026-09-30',
      self_deadline: '2026-10-05',
      review_deadline: '2026-10-12',
    },
    closed: true,
  },
  {
    body: {
      name: 'Đánh giá KPI Tháng 11/2026',
      period_type: 'month',
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      self_deadline: '2026-11-25',
      review_deadline: '2026-12-05',
    },
    closed: false,
  },
];

const NOTES = [
  'Hoàn thành tốt các đợt quan trắc định kỳ được giao.',
  'Cần chủ động hơn khi phối hợp với phòng thí nghiệm.',
  'Báo cáo đúng hạn, số liệu chính xác.',
  'Còn vài công việc trễ hạn do thiết bị lấy mẫu hỏng.',
  'Tích cực hỗ trợ đồng nghiệp mới.',
];

/** Seeded, so the demo is the same each time. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const clamp = (n: number) => Math.max(35, Math.min(100, Math.round(n * 2) / 2));

/** What a measured actual suggests (0–100) against its target, so the reviewer's score leans on the data. */
function fromActual(c: { actual: number | null; target: number; kpi_type: { direction: string; measure: string } }) {
  if (c.kpi_type.measure === 'manual' || c.actual === null || c.target <= 0) return null;
  const ratio = c.kpi_type.direction === 'higher' ? c.actual / c.target : c.actual <= c.target ? 1 : c.target / c.actual;
  return 45 + 50 * Math.min(ratio, 1.1);
}

async function actorOf(db: Kysely<DB>, id: number): Promise<Actor> {
  const u = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.name', 'u.role_id', 'r.code as role_code', 'u.department_id'])
    .where('u.id', '=', id)
    .executeTakeFirstOrThrow();
  const keys = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', u.role_id).execute();
  return {
    id: u.id,
    name: u.name,
    roleId: u.role_id,
    roleCode: u.role_code,
    departmentId: u.department_id,
    permissions: keys.map((k) => k.permission),
    tokenId: 0,
    ip: null,
    userAgent: null,
  };
}

export async function loadDemoEvaluations(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('evaluations').select('id').limit(1).executeTakeFirst()) return false;
  const kpis = new Map((await db.selectFrom('kpi_types').select(['id', 'code']).execute()).map((k) => [k.code, k.id]));
  const criteria = CRITERIA.filter(([code]) => kpis.has(code)).map(([code, weight, target]) => ({
    kpi_type_id: kpis.get(code) as number,
    weight,
    target,
  }));
  const first = criteria[0];
  if (!first) return false;
  // Whatever KPI types are missing, the first criterion takes their weight.
  first.weight += 100 - criteria.reduce((s, c) => s + c.weight, 0);
  const users = new Map((await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  const hrId = users.get('tuan.pm');
  const hr2Id = users.get('ha.dtt');
  if (!hrId || !hr2Id) return false;
  const departmentIds = (await db.selectFrom('departments').select(['id', 'code']).execute())
    .filter((d) => DEPARTMENTS.includes(d.code))
    .map((d) => d.id);

  const departments = new DepartmentsService(db);
  const evaluations = new EvaluationsService(db);
  const lifecycle = new EvaluationLifecycleService(db, { evaluations, departments });
  const userEvaluations = new UserEvaluationsService(db, departments);
  const transitions = new UserEvaluationTransitionsService(db, userEvaluations);
  const actors = new Map<number, Actor>();
  const actor = async (id: number) => {
    let a = actors.get(id);
    if (!a) {
      a = await actorOf(db, id);
      actors.set(id, a);
    }
    return a;
  };
  const hr = await actor(hrId);
  const random = rng(20_261_201);
  // Each employee's level, kept across periods with some drift: most B, some A and C, a few D.
  const level = new Map<number, number>();
  const levelOf = (id: number) => {
    let l = level.get(id);
    if (l === undefined) {
      const r = random();
      l = r < 0.15 ? 91 + random() * 6 : r < 0.62 ? 77 + random() * 11 : r < 0.9 ? 62 + random() * 12 : 50 + random() * 8;
      level.set(id, l);
    }
    return l + (random() - 0.5) * 6;
  };

  for (const [pi, p] of PERIODS.entries()) {
    const e = await evaluations.create(hr, { ...p.body, department_ids: departmentIds, criteria });
    await lifecycle.open(hr, e.id, {});
    const ues = await db
      .selectFrom('user_evaluations')
      .select(['id', 'employee_id', 'reviewer_id'])
      .where('evaluation_id', '=', e.id)
      .orderBy('id')
      .execute();
    for (const [i, ue] of ues.entries()) {
      const employee = await actor(ue.employee_id);
      const reviewer = await actor(ue.reviewer_id ?? hrId);
      const base = levelOf(ue.employee_id);
      // Open month: where this one stops (draft without scores, draft with scores, self-assessed, reviewed, approved).
      const stop = p.closed ? 5 : [0, 1, 2, 2, 3, 3, 2, 4, 5, 3][i % 10];
      if (stop === 0) continue;
      let d = await userEvaluations.get(employee, ue.id);
      const self = d.criteria.map((c) => ({ criterion_id: c.id, self_score: clamp(base + 3 + (random() - 0.3) * 8) }));
      d = await userEvaluations.update(employee, ue.id, { scores: self, version: d.version });
      if (stop === 1) continue;
      d = await transitions.submitSelf(employee, ue.id, {});
      if (stop === 2) continue;
      const scores = d.criteria.map((c, k) => ({
        criterion_id: c.id,
        reviewer_score: clamp((fromActual(c) ?? base) / 2 + base / 2 + (random() - 0.5) * 8),
        ...(c.kpi_type.measure === 'manual'
          ? { actual: Math.min(10, Math.round((base / 10 + (random() - 0.5)) * 10) / 10) }
          : {}),
        ...(k === 0 && random() < 0.4 ? { note: NOTES[Math.floor(random() * NOTES.length)] } : {}),
      }));
      d = await userEvaluations.update(reviewer, ue.id, { scores, version: d.version });
      d = await transitions.review(reviewer, ue.id, {});
      if (stop === 3) continue;
      await transitions.approve(await actor(ue.employee_id === hrId ? hr2Id : hrId), ue.id, {});
    }
    if (p.closed) {
      await lifecycle.close(hr, e.id, {});
      // The steps happened around the deadlines of that period, not today.
      const at = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
      const end = p.body.period_end;
      await db
        .updateTable('evaluations')
        .set({
          opened_at: at(end, 2),
          closed_at: at(p.body.review_deadline, 9),
          created_at: at(end, 1),
          updated_at: at(p.body.review_deadline, 9),
        })
        .where('id', '=', e.id)
        .execute();
      await db
        .updateTable('user_evaluations')
        .set({
          created_at: at(end, 2),
          self_submitted_at: at(p.body.self_deadline, 3 + (pi % 3)),
          reviewed_at: at(p.body.review_deadline, 4),
          approved_at: at(p.body.review_deadline, 8),
          updated_at: at(p.body.review_deadline, 8),
        })
        .where('evaluation_id', '=', e.id)
        .execute();
      // Their history too: created and opened after the period, self-assessed by the deadline, then reviewed,
      // approved and closed by the review deadline.
      const logAt = (entity: string, ids: number[], actions: string[], when: string) =>
        db
          .updateTable('audit_logs')
          .set({ created_at: when })
          .where('entity', '=', entity)
          .where('entity_id', 'in', ids)
          .where('action', 'in', actions)
          .execute();
      await logAt('evaluations', [e.id], ['create'], at(end, 1));
      await logAt('evaluations', [e.id], ['open'], at(end, 2));
      await logAt('evaluations', [e.id], ['close'], at(p.body.review_deadline, 9));
      const ids = ues.map((u) => u.id);
      await logAt('user_evaluations', ids, ['create'], at(end, 2));
      await logAt('user_evaluations', ids, ['update', 'review'], at(p.body.review_deadline, 4));
      await logAt('user_evaluations', ids, ['approve'], at(p.body.review_deadline, 8));
      await logAt('user_evaluations', ids, ['submit_self'], at(p.body.self_deadline, 3));
      for (const ue of ues) {
        await db
          .updateTable('audit_logs')
          .set({ created_at: at(p.body.self_deadline, 2) })
          .where('entity', '=', 'user_evaluations')
          .where('entity_id', '=', ue.id)
          .where('action', '=', 'update')
          .where('user_id', '=', ue.employee_id)
          .execute();
      }
    }
  }
  // Past steps are not announced again on the first start.
  await db
    .updateTable('domain_events')
    .set({ processed_at: new Date().toISOString() })
    .where('type', 'like', 'evaluation.%')
    .execute();
  return true;
}
