import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { type WorkFilter, type WorkSortSpec, worksRepository } from './works.repository';

/**
 * The works list on SQLite reads the sort's index in order when the matches are dense (works.repository.ts,
 * `walkSortIndex`, from 2 000 matches) and the filter's index otherwise. Either way the page must be the same: checked
 * here against the plain query on 2 600 works, for each filter and sort the list offers, on both databases.
 */
describe('works list: the same page whichever index finds it', () => {
  let t: TestApp;
  let head: number;
  let follower: number;
  let dept: number;
  const N = 2600;
  const STATUSES = ['todo', 'in_progress', 'done', 'done', 'done', 'cancelled', 'on_hold'];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    head = (await t.userWith([])).id;
    follower = (await t.userWith([])).id;
    const now = '2026-11-01T00:00:00.000Z';
    const stamps = { created_at: now, updated_at: now, version: 1 };
    const d = await db
      .insertInto('departments')
      .values([
        { code: 'PKT', name: 'Phòng Kỹ thuật', parent_id: null, head_id: head, description: null, search_text: '', ...stamps },
        { code: 'PKD', name: 'Phòng Kinh doanh', parent_id: null, head_id: null, description: null, search_text: '', ...stamps },
      ])
      .returning('id')
      .execute();
    dept = d[0]?.id as number;
    const other = d[1]?.id as number;
    const rows = Array.from({ length: N }, (_, i) => {
      // Times spread over two years, not in id order, with ties; some works without a deadline.
      const created = new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 730) * 86_400_000).toISOString();
      const updated = new Date(Date.UTC(2025, 0, 1) + ((i * 104_729) % 700) * 86_400_000 + (i % 3) * 3600_000).toISOString();
      const deadline = i % 11 === 0 ? null : new Date(Date.parse(created) + ((i % 60) - 10) * 86_400_000).toISOString();
      return {
        code: `CVO-${i}`,
        title: `Công việc ${i}`,
        search_text: `cong viec ${i}`,
        status: STATUSES[i % STATUSES.length] as string,
        priority: i % 4 === 0 ? 'high' : 'normal',
        department_id: i % 3 === 0 ? other : dept,
        assignee_id: i % 97 === 0 ? head : null,
        deadline,
        created_at: created,
        updated_at: updated,
        created_by: i % 89 === 0 ? head : null,
        version: 1,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('works')
        .values(rows.slice(i, i + 500))
        .execute();
    const followed = await db.selectFrom('works').select('id').where('department_id', '=', other).limit(40).execute();
    await db
      .insertInto('work_participants')
      .values(followed.map((w) => ({ work_id: w.id, user_id: follower })))
      .execute();
  });
  afterAll(() => t.close());

  const scopes = () => ({
    everyone: { all: true } as const,
    head: { all: false as const, userId: head, departmentIds: [dept] },
    follower: { all: false as const, userId: follower, departmentIds: [dept] },
  });
  const filters = (): [string, Omit<WorkFilter, 'scope' | 'search'>][] => [
    ['no filter', {}],
    ['open', { status: ['todo', 'in_progress'] }],
    ['done', { status: ['done'] }],
    ['cancelled', { status: ['cancelled'] }],
    ['overdue', { overdue: { now: '2026-06-01T00:00:00.000Z', value: true } }],
    ['deadline range', { deadlineFrom: '2025-03-01', deadlineBefore: '2026-03-01' }],
    ['high priority', { priority: ['high'] }],
  ];
  const sorts: WorkSortSpec[] = [
    { column: 'created_at', direction: 'desc' },
    { column: 'updated_at', direction: 'desc' },
    { column: 'created_at', direction: 'asc' },
    { column: 'deadline', direction: 'asc' },
  ];

  it('gives the plain query its rows, in its order, for every scope, filter, sort and page', async () => {
    const db = t.database.db;
    let walked = 0;
    for (const [scopeName, scope] of Object.entries(scopes())) {
      for (const [filterName, rest] of filters()) {
        const f: WorkFilter = { scope, search: null, ...rest };
        const total = await worksRepository.count(db, f);
        for (const sort of sorts) {
          for (const offset of [0, 20, 100]) {
            const plain = await worksRepository.list(db, f, sort, 20, offset, false);
            const { rows, total: pageTotal } = await worksRepository.page(db, f, sort, 20, offset);
            const label = `${scopeName} / ${filterName} / ${sort.column} ${sort.direction} / offset ${offset}`;
            expect(pageTotal, label).toBe(total);
            expect(
              rows.map((r) => r.id),
              label,
            ).toEqual(plain.map((r) => r.id));
            // The walk itself, forced, on every combination (on PostgreSQL the same SQL without the hint).
            const forced = await worksRepository.list(db, f, sort, 20, offset, true);
            expect(
              forced.map((r) => r.id),
              `${label} (walked)`,
            ).toEqual(plain.map((r) => r.id));
            if (total >= 2000 && (offset + 20) * 20 <= total) walked += 1;
          }
        }
      }
    }
    // The dense cases did take the walk (everyone's unfiltered list and "done" are over 2 000 works).
    expect(walked).toBeGreaterThan(0);
  });

  it('counts a scope’s works (its departments’ and its own elsewhere) as many as the list holds', async () => {
    const db = t.database.db;
    const { head, follower } = scopes();
    for (const [scopeName, scope] of Object.entries({ head, follower })) {
      for (const [name, rest] of filters()) {
        const f: WorkFilter = { scope, search: null, ...rest };
        const all = await worksRepository.list(db, f, { column: 'created_at', direction: 'desc' }, 10_000, 0);
        expect(await worksRepository.count(db, f), `${scopeName} / ${name}`).toBe(all.length);
      }
    }
    // The follower's followed works lie outside the department: counted once each, not twice or never.
    const inDept = await db
      .selectFrom('works')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('department_id', '=', dept)
      .executeTakeFirstOrThrow();
    expect(await worksRepository.count(db, { scope: follower, search: null })).toBe(Number(inDept.n) + 40);
  });
});
