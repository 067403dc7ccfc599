import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { LIST_VERSION_TABLES } from '../db/migrations/0007-list-version';
import { createTestApp, type TestApp } from '../test/harness';
import { buildWorld, caller, createRequest, receive, type World } from '../test/request-helpers';
import { ListCache } from './list-cache';

// The list cache keeps page ids and totals between calls: every way a listed row can change must show at once.
describe('list cache', () => {
  let t: TestApp;
  let world: World;
  let call: ReturnType<typeof caller>;
  const version = async () =>
    Number(
      (await t.database.db.selectFrom('data_versions').select('version').where('name', '=', 'lists').executeTakeFirstOrThrow())
        .version,
    );
  const listOf = async (url: string, token = t.adminToken) => {
    const res = await call('GET', url, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: number; title?: string }[]; meta: { total: number } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
  });
  afterAll(() => t.close());

  it('a request created, edited or received through the API shows in the next answer of the same list', async () => {
    const url = '/api/requests?status=new&search=bao%20ve%20rung';
    const before = await listOf(url);
    const again = await listOf(url);
    expect(again).toEqual(before);

    const made = await createRequest(t, world, { title: 'Đánh giá bảo vệ rừng phòng hộ' });
    const after = await listOf(url);
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data[0]?.id).toBe(made.id);

    const edited = await call('PUT', `/api/requests/${made.id}`, {
      request_type_id: made.request_type_id,
      requester_name: made.requester_name,
      requester_phone: made.requester_phone,
      title: 'Đánh giá bảo vệ rừng đầu nguồn',
      version: made.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listOf(url)).data[0]?.title).toBe('Đánh giá bảo vệ rừng đầu nguồn');

    await receive(t, made.id);
    expect((await listOf(url)).meta.total).toBe(before.meta.total);
    expect((await listOf('/api/requests?status=received&search=bao%20ve%20rung')).data.map((r) => r.id)).toEqual([made.id]);
  });

  it('a write made outside this server (another instance, a script) is seen as well', async () => {
    const made = await createRequest(t, world, { title: 'Khảo sát tiếng ồn khu công nghiệp' });
    const url = '/api/requests?search=tieng%20on%20khu';
    expect((await listOf(url)).meta.total).toBe(1);
    await t.database.db.deleteFrom('requests').where('id', '=', made.id).execute();
    expect(await listOf(url)).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('my works follow a work assigned, a follower added and a work finished', async () => {
    const made = await createRequest(t, world, { title: 'Quan trắc khí thải lò hơi' });
    const mine = '/api/works/my?tab=assigned';
    const before = await listOf(mine, world.sampler.token);
    await receive(t, made.id);
    const after = await listOf(mine, world.sampler.token);
    expect(after.meta.total).toBe(before.meta.total + 1);
    const work = after.data[0] as { id: number };

    const following = '/api/works/my?tab=following';
    expect((await listOf(following, world.analyst.token)).meta.total).toBe(0);
    await t.database.db.insertInto('work_participants').values({ work_id: work.id, user_id: world.analyst.id }).execute();
    expect((await listOf(following, world.analyst.token)).data.map((w) => w.id)).toEqual([work.id]);

    const open = '/api/works/my?tab=assigned&status=todo,in_progress';
    const openBefore = (await listOf(open, world.sampler.token)).meta.total;
    await t.database.db.updateTable('works').set({ status: 'done' }).where('id', '=', work.id).execute();
    expect((await listOf(open, world.sampler.token)).meta.total).toBe(openBefore - 1);
  });

  it('customers created and deleted change the list at once', async () => {
    const url = '/api/customers?search=hai%20dang%20xanh';
    expect((await listOf(url)).meta.total).toBe(0);
    const made = await call('POST', '/api/customers', { type: 'organization', name: 'Công ty Hải Đăng Xanh' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await listOf(url)).meta.total).toBe(1);
    const gone = await call('DELETE', `/api/customers/${made.json().id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await listOf(url)).meta.total).toBe(0);
  });

  it('every insert, update and delete on a listed table raises the version; other tables and reads do not', async () => {
    const { db } = t.database;
    const v0 = await version();
    await listOf('/api/requests');
    await call('GET', '/api/users');
    expect(await version()).toBe(v0);
    for (const table of LIST_VERSION_TABLES) {
      const before = await version();
      const column = sql.ref(table === 'work_participants' ? 'user_id' : 'id');
      const changed = await sql`update ${sql.table(table)} set ${column} = ${column}`.execute(db);
      expect(Number(changed.numAffectedRows), table).toBeGreaterThan(0);
      expect(await version(), table).toBeGreaterThan(before);
    }
    const before = await version();
    await db.updateTable('departments').set({ description: 'Không đổi danh sách lớn' }).execute();
    expect(await version()).toBe(before);
  });

  it('a transaction raises it once, and one rolled back not at all', async () => {
    const { db } = t.database;
    const before = await version();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('requests').set({ priority: 'high' }).where('status', '=', 'new').execute();
      await trx.updateTable('works').set({ progress: 10 }).where('status', '=', 'todo').execute();
    });
    const after = await version();
    expect(after).toBeGreaterThan(before);
    if (t.database.kind === 'postgres') expect(after).toBe(before + 1);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('requests').set({ priority: 'low' }).execute();
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await version()).toBe(after);
  });

  it('keeps at most its size, forgets the oldest first, and with size 0 reads every time', async () => {
    const { db } = t.database;
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { rows: [{ id: 1 }], total: 1 };
    };
    const byIds = async (ids: number[]) => {
      const listVersion = await version();
      return ids.map((id) => ({ id, list_version: listVersion }));
    };
    const cache = new ListCache(db, 2);
    await cache.page('a', 20, read, byIds);
    await cache.page('b', 20, read, byIds);
    await cache.page('a', 20, read, byIds);
    expect(reads).toBe(2);
    await cache.page('c', 20, read, byIds); // b is now the oldest
    await cache.page('a', 20, read, byIds);
    expect(reads).toBe(3);
    await cache.page('b', 20, read, byIds);
    expect(reads).toBe(4);
    await cache.page(null, 20, read, byIds);
    await cache.page('big', 1000, read, byIds);
    await cache.page('big', 1000, read, byIds);
    expect(reads).toBe(7);

    const off = new ListCache(db, 0);
    await off.page('a', 20, read, byIds);
    await off.page('a', 20, read, byIds);
    expect(reads).toBe(9);
  });

  it('LIST_CACHE_SIZE sets the size (default 1000, 0 turns it off) and is checked at start', () => {
    expect(loadConfig({}).listCacheSize).toBe(1000);
    expect(loadConfig({ LIST_CACHE_SIZE: '0' }).listCacheSize).toBe(0);
    for (const bad of ['-1', '1.5', 'nhiều', '1000000']) {
      expect(() => loadConfig({ LIST_CACHE_SIZE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ LIST_CACHE_SIZE: bad })).toThrow(/LIST_CACHE_SIZE/);
    }
  });
});
