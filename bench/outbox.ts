import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureAdmin } from '../apps/server/src/db/seed/admin';
import { logChannelDrivers } from '../apps/server/src/integrations/log-channel';
import { enqueueDeliveries, type NewDelivery, Outbox } from '../apps/server/src/lib/outbox';
import { MemoryHub } from '../apps/server/src/lib/realtime/memory-hub';
import { ensureNotificationSettings } from '../apps/server/src/modules/notification-settings/ensure-notification-settings';
import { NotificationSettingsService } from '../apps/server/src/modules/notification-settings/notification-settings.service';
import { NotificationDispatcher } from '../apps/server/src/modules/notifications/notification-dispatcher';
import { freshPostgres } from '../apps/server/src/test/harness';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  fatal() {},
  trace() {},
  child: () => silent,
  level: 'silent',
} as never;

async function enqueue(database: Database, n: number, tag: string) {
  const now = new Date().toISOString();
  for (let i = 0; i < n; i += 500) {
    const rows: NewDelivery[] = [];
    for (let j = i; j < Math.min(n, i + 500); j++) {
      rows.push({
        eventId: null,
        event: 'work.assigned',
        userId: null,
        channel: 'sms',
        recipient: `09${String(10_000_000 + j)}`,
        subject: null,
        body: `Bạn được giao công việc CV2611-${j}`,
        data: null,
        idempotencyKey: `${tag}:${j}`,
      });
    }
    await enqueueDeliveries(database.db, rows, now);
  }
}

async function drain(box: Outbox): Promise<number> {
  let total = 0;
  for (let n = await box.runOnce(); n > 0; n = await box.runOnce()) total += n;
  return total;
}

async function measure(kind: string, database: Database, dataDir: string) {
  const drivers = logChannelDrivers(dataDir, silent);
  const results: string[] = [];

  // Dispatcher: events of a module read from their payload (one in-app notification each, no record to load).
  await ensureAdmin(database.db, 'Bench@12345');
  await ensureNotificationSettings(database.db);
  const admin = await database.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (let i = 0; i < EVENTS; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(EVENTS, i + 500); j++) {
      rows.push({
        type: 'leave.created_for_you',
        entity: 'leaves',
        entity_id: j + 1,
        payload: JSON.stringify({ assignee_id: admin.id, vars: { 'leave.from': '02/12/2026', 'leave.to': '03/12/2026' } }),
        actor_id: null,
        created_at: now,
        processed_at: null,
      });
    }
    await database.db.insertInto('domain_events').values(rows).execute();
  }
  const dispatcher = new NotificationDispatcher(
    database.db,
    database.kind,
    new NotificationSettingsService(database.db),
    new MemoryHub(),
    silent,
  );
  let t0 = performance.now();
  let done = 0;
  for (let n = await dispatcher.runOnce(500); n > 0; n = await dispatcher.runOnce(500)) done += n;
  let s = (performance.now() - t0) / 1000;
  results.push(`| ${kind} | dispatcher, 1 runner | ${done} events | ${s.toFixed(2)} s | ${Math.round(done / s)} events/s |`);

  // Outbox, one worker.
  await enqueue(database, DELIVERIES, 'one');
  t0 = performance.now();
  const sent = await drain(new Outbox(database.db, database.kind, drivers, { log: silent, batchSize: 50 }));
  s = (performance.now() - t0) / 1000;
  results.push(
    `| ${kind} | outbox, 1 worker (batch 50) | ${sent} deliveries | ${s.toFixed(2)} s | ${Math.round(sent / s)} deliveries/s |`,
  );

  // Outbox, two workers side by side (two instances' worth on PostgreSQL; one writer at a time on SQLite).
  await enqueue(database, DELIVERIES, 'two');
  t0 = performance.now();
  const [a, b] = await Promise.all([
    drain(new Outbox(database.db, database.kind, drivers, { log: silent, batchSize: 50, instanceId: 'a' })),
    drain(new Outbox(database.db, database.kind, drivers, { log: silent, batchSize: 50, instanceId: 'b' })),
  ]);
  s = (performance.now() - t0) / 1000;
  results.push(
    `| ${kind} | outbox, 2 workers (batch 50) | ${a + b} deliveries (${a} + ${b}) | ${s.toFixed(2)} s | ${Math.round((a + b) / s)} deliveries/s |`,
  );
  const twice = await database.db.selectFrom('deliveries').select('id').where('attempts', '>', 1).execute();
  results.push(`| ${kind} | deliveries sent more than once | ${twice.length} | | |`);
  return results;
}

const rows: string[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'qlcv-bench-outbox-'));
{
  const config = loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  await migrate(database);
  rows.push(...(await measure('SQLite', database, dir)));
  await database.close();
}
// A fresh database on the PostgreSQL server, or none when it does not answer.
const fresh = await freshPostgres(PG_URL).catch(() => null);
if (fresh) {
  const database = openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 });
  await migrate(database);
  rows.push(...(await measure('PostgreSQL', database, dir)));
  await database.close();
  await fresh.drop();
} else {
  rows.push('| PostgreSQL | not reachable | | | |');
}
const table = ['| Database | Run | Work | Time | Throughput |', '|---|---|---|---|---|', ...rows].join('\n');
console.log(table);
// Under `npm run bench` (after bench/run.ts wrote the file), the figures join docs/performance.md.
if (process.argv.includes('--append')) {
  const section = [
    '',
    '## Notifications: dispatcher and outbox (bench/outbox.ts)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${EVENTS} domain events turned into`,
    `notifications and deliveries, then ${DELIVERIES} deliveries sent through the log driver (one worker, then two side by`,
    'side on one database); no delivery may be sent twice.',
    '',
    table,
    '',
  ];
  appendFileSync(path.join(import.meta.dirname, '..', 'docs/performance.md'), section.join('\n'));
}
