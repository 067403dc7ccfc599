import { SEARCH_TOTAL_BOUND } from '@qlcv/common/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * A search's total is exact up to the bound and capped past it (decision 41.10), through HTTP on each big list:
 * `rare` matches a few rows, `common` exactly the bound, then one more; a plain list keeps its exact total.
 */
describe('search totals stop at the bound', () => {
  let t: TestApp;
  const at = '2026-01-01T00:00:00.000Z';
  let n = 0;
  let requestType = 0;

  /** `count` rows of each list whose search text holds `words`. */
  const seed = async (count: number, words: string) => {
    const db = t.database.db;
    const ids = Array.from({ length: count }, () => n++);
    for (let i = 0; i < ids.length; i += 400) {
      const batch = ids.slice(i, i + 400);
      await db
        .insertInto('requests')
        .values(
          batch.map((k) => ({
            code: `YCB-${k}`,
            tracking_code: `TRB-${k}`,
            request_type_id: requestType,
            process_snapshot: '{}',
            requester_name: 'Nguyễn Văn An',
            requester_phone: '0912345678',
            title: `Yêu cầu ${k}`,
            source: 'staff',
            status: k % 2 === 0 ? 'new' : 'completed',
            priority: 'normal',
            search_text: `yeu cau ${k} ${words}`,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('customers')
        .values(
          batch.map((k) => ({
            code: `KHB-${k}`,
            type: 'organization',
            name: `Khách ${k}`,
            contacts: '[]',
            source: 'staff',
            search_text: `khach ${k} ${words}`,
            version: 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('works')
        .values(
          batch.map((k) => ({
            code: `CVB-${k}`,
            title: `Công việc ${k}`,
            search_text: `cong viec ${k} ${words}`,
            status: 'todo',
            priority: 'normal',
            version: 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
  };

  const LISTS = ['requests', 'customers', 'works'] as const;
  const meta = async (list: string, query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/${list}?${query}`, token: t.adminToken });
    expect(res.statusCode, `${list}?${query}: ${res.body}`).toBe(200);
    return res.json() as { data: { id: number }[]; meta: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [type] = await t.database.db
      .insertInto('request_types')
      .values({ code: 'QTMT', name: 'Quan trắc môi trường', search_text: '', created_at: at, updated_at: at })
      .returning('id')
      .execute();
    requestType = type?.id as number;
    await seed(7, 'hiem gap');
    await seed(SEARCH_TOTAL_BOUND - 7, 'pho bien');
  }, 60_000);
  afterAll(() => t.close());

  it('counts a search exactly up to the bound, on every big list', async () => {
    for (const list of LISTS) {
      const rare = await meta(list, 'search=hiếm%20gặp&per_page=5');
      expect(rare.data, list).toHaveLength(5);
      expect(rare.meta, list).toEqual({ current_page: 1, per_page: 5, total: 7, last_page: 2 });
    }
    for (const list of LISTS) {
      const common = await meta(list, 'search=phổ%20biến&per_page=20');
      expect(common.meta, list).toEqual({ current_page: 1, per_page: 20, total: 993, last_page: 50 });
    }
    // Exactly the bound is still exact: every customer.
    const all = await meta('customers', 'search=khách&per_page=20&page=50');
    expect(all.meta).toEqual({ current_page: 50, per_page: 20, total: SEARCH_TOTAL_BOUND, last_page: 50 });
    expect(all.data).toHaveLength(20);
  });

  it('says "more than the bound" past it, empty pages beyond, and keeps a plain list exact', async () => {
    await seed(10, 'pho bien');
    for (const list of LISTS) {
      const first = await meta(list, 'search=pho%20bien&per_page=20');
      expect(first.data, list).toHaveLength(20);
      expect(first.meta, list).toEqual({
        current_page: 1,
        per_page: 20,
        total: SEARCH_TOTAL_BOUND,
        last_page: 50,
        total_capped: true,
      });
      // The last page within the bound is full; the next one is empty, never an error.
      const last = await meta(list, 'search=pho%20bien&per_page=20&page=50');
      expect(last.data, list).toHaveLength(20);
      const past = await meta(list, 'search=pho%20bien&per_page=20&page=51');
      expect(past.data, list).toEqual([]);
      expect(past.meta, list).toMatchObject({ total: SEARCH_TOTAL_BOUND, total_capped: true, last_page: 50 });
      // A page straddling the bound stops at it: 30 per page, page 34 holds rows 991–1000.
      const straddle = await meta(list, 'search=pho%20bien&per_page=30&page=34');
      expect(straddle.data, list).toHaveLength(10);
      // Narrowed below the bound, the total is exact again.
      const narrow = await meta(list, 'search=pho%20bien%201005&per_page=5');
      expect(narrow.meta, list).toEqual({ current_page: 1, per_page: 5, total: 1, last_page: 1 });
    }
    // A plain list is counted to the end: 1 010 of each, more on requests' and works' own lists.
    const plain = await meta('customers', 'per_page=20');
    expect(plain.meta).toEqual({ current_page: 1, per_page: 20, total: SEARCH_TOTAL_BOUND + 10, last_page: 51 });
    const requests = await meta('requests', 'per_page=20');
    expect(requests.meta.total).toBe(SEARCH_TOTAL_BOUND + 10);
    expect(requests.meta.total_capped).toBeUndefined();
    // A search with another filter: 505 new requests match, exactly.
    const filtered = await meta('requests', 'search=yeu%20cau&status=new&per_page=20');
    expect(filtered.meta).toEqual({ current_page: 1, per_page: 20, total: 505, last_page: 26 });
    const both = await meta('requests', 'search=yeu%20cau&status=new,completed&per_page=20');
    expect(both.meta).toMatchObject({ total: SEARCH_TOTAL_BOUND, total_capped: true });
  });
});
