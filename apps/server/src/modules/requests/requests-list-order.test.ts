import { SEARCH_TOTAL_BOUND } from '@qlcv/common/schemas/common';
import { REQUEST_SORTS } from '@qlcv/common/schemas/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from '../../lib/vi-search';
import { createTestApp, type TestApp } from '../../test/harness';
import { type RequestFilter, type RequestSortSpec, requestsRepository } from './requests.repository';

/**
 * The requests list on SQLite reads the sort's index in order when the matches are dense (lib/index-hints.ts, from
 * 2 000 matches) and the filter's index otherwise. Either way the page must be the same: checked here against the
 * plain query on 2 600 requests, for each filter and every sort the list offers, on both databases.
 */
describe('requests list: the same page whichever index finds it', () => {
  let t: TestApp;
  let typeA: number;
  const N = 2600;
  const STATUSES = ['new', 'received', 'in_progress', 'completed', 'completed', 'completed', 'on_hold', 'cancelled'];
  const PRIORITIES = ['low', 'normal', 'normal', 'high', 'urgent'];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const at = '2025-01-01T00:00:00.000Z';
    const types = await db
      .insertInto('request_types')
      .values([
        { code: 'QTMT', name: 'Quan trắc môi trường', search_text: '', created_at: at, updated_at: at },
        { code: 'DTM', name: 'Đánh giá tác động môi trường', search_text: '', created_at: at, updated_at: at },
      ])
      .returning('id')
      .execute();
    typeA = types[0]?.id as number;
    const typeB = types[1]?.id as number;
    const rows = Array.from({ length: N }, (_, i) => {
      // Times spread over two years, not in id order, with ties; some requests without a due time.
      const created = new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 730) * 86_400_000).toISOString();
      const updated = new Date(Date.UTC(2025, 0, 1) + ((i * 104_729) % 700) * 86_400_000 + (i % 3) * 3600_000).toISOString();
      const status = STATUSES[i % STATUSES.length] as string;
      const due = status === 'new' ? null : new Date(Date.parse(created) + ((i % 40) - 5) * 86_400_000).toISOString();
      return {
        code: `YCO-${String(i).padStart(5, '0')}`,
        tracking_code: `TRO-${i}`,
        request_type_id: i % 4 === 0 ? typeB : typeA,
        process_snapshot: '{}',
        requester_name: 'Nguyễn Văn An',
        requester_phone: '0912345678',
        title: `Yêu cầu ${i}`,
        source: i % 5 === 0 ? 'public' : 'staff',
        status,
        priority: PRIORITIES[i % PRIORITIES.length] as string,
        due_at: due,
        on_hold_since: status === 'on_hold' ? new Date(Date.parse(created) + 10 * 86_400_000).toISOString() : null,
        search_text: `yeu cau ${i}${i % 2 === 0 ? ' quan trac nuoc thai' : ''}${i % 7 === 0 ? ' khi thai' : ''}`,
        created_at: created,
        updated_at: updated,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('requests')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  afterAll(() => t.close());

  const filters = (): [string, Partial<RequestFilter>][] => [
    // Searches: every request (walked on SQLite), half of them, a seventh, a short word (no index), nothing.
    ['search everywhere', { search: likePattern('yêu cầu') }],
    ['search half', { search: likePattern('quan trắc') }],
    ['search a seventh', { search: likePattern('khí thải') }],
    ['search short words', { search: likePattern('cau 1') }],
    ['search nothing', { search: likePattern('bảo hiểm') }],
    ['search and a status', { search: likePattern('yêu cầu'), status: ['completed'] }],
    ['no filter', {}],
    ['completed', { status: ['completed'] }],
    ['new or received', { status: ['new', 'received'] }],
    ['cancelled', { status: ['cancelled'] }],
    ['urgent or high', { priority: ['urgent', 'high'] }],
    ['type and in progress', { requestTypeId: typeA, status: ['in_progress'] }],
    ['overdue', { overdue: { now: '2026-06-01T00:00:00.000Z', value: true } }],
    ['created in a year', { createdFrom: '2025-03-01', createdBefore: '2026-03-01' }],
    ['public', { source: ['public'] }],
  ];
  const sorts: RequestSortSpec[] = REQUEST_SORTS.flatMap((column) => [
    { column, direction: 'desc' as const },
    { column, direction: 'asc' as const },
  ]);

  it('keeps the per-status counts (0029) equal to a count of the rows through inserts, status changes and deletes', async () => {
    const db = t.database.db;
    const actual = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('requests')
            .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy('status')
            .execute()
        ).map((r) => [r.status, Number(r.n)]),
      );
    const kept = async () =>
      Object.fromEntries(
        (await db.selectFrom('request_status_counts').select(['status', 'n']).where('n', '!=', 0).execute()).map((r) => [
          r.status,
          Number(r.n),
        ]),
      );
    expect(await kept()).toEqual(await actual());
    // Status changes (some to the same status: no change), a delete, a new request.
    const some = await db.selectFrom('requests').select('id').where('status', '=', 'new').limit(30).execute();
    await db
      .updateTable('requests')
      .set({ status: 'received' })
      .where(
        'id',
        'in',
        some.slice(0, 20).map((r) => r.id),
      )
      .execute();
    await db
      .updateTable('requests')
      .set({ status: 'new', title: 'Đổi tiêu đề' })
      .where(
        'id',
        'in',
        some.slice(20).map((r) => r.id),
      )
      .execute();
    await db
      .deleteFrom('requests')
      .where('id', '=', some[0]?.id as number)
      .execute();
    expect(await kept()).toEqual(await actual());
    for (const status of [['received'], ['new', 'received'], undefined]) {
      const f: RequestFilter = { search: null, status };
      const counted = await db
        .selectFrom('requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .$if(Boolean(status), (q) => q.where('status', 'in', status ?? []))
        .executeTakeFirstOrThrow();
      expect(await requestsRepository.count(db, f)).toBe(Number(counted.n));
    }
    // Put back as it was for the next test: the deleted one is gone, the rest return to "new".
    await db
      .updateTable('requests')
      .set({ status: 'new' })
      .where(
        'id',
        'in',
        some.map((r) => r.id),
      )
      .execute();
  });

  it('gives the plain query its rows, in its order, for every filter, sort and page', async () => {
    const db = t.database.db;
    let walked = 0;
    for (const [filterName, rest] of filters()) {
      const f: RequestFilter = { search: null, ...rest } as RequestFilter;
      const total = await requestsRepository.count(db, f);
      for (const sort of sorts) {
        for (const offset of [0, 40]) {
          const plain = await requestsRepository.list(db, f, sort, 20, offset, false);
          const { rows, total: pageTotal, ...page } = await requestsRepository.page(db, f, sort, 20, offset);
          const label = `${filterName} / ${sort.column} ${sort.direction} / offset ${offset}`;
          // A search's total stops at the bound (decision 41.10): exact below it, the bound and capped above.
          const capped = Boolean(f.search) && total > SEARCH_TOTAL_BOUND;
          expect(pageTotal, label).toBe(capped ? SEARCH_TOTAL_BOUND : total);
          expect('capped' in page && page.capped, label).toBe(capped);
          expect(
            rows.map((r) => r.id),
            label,
          ).toEqual(plain.map((r) => r.id));
          const forced = await requestsRepository.list(db, f, sort, 20, offset, true);
          expect(
            forced.map((r) => r.id),
            `${label} (walked)`,
          ).toEqual(plain.map((r) => r.id));
          if (total >= 2000) walked += 1;
        }
      }
    }
    expect(walked).toBeGreaterThan(0);
  });
});
