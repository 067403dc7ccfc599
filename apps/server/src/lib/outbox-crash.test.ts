import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { freshPostgres } from '../test/harness';
import { type HttpStandIn, startHttpStandIn } from '../test/http-stand-in';

/**
 * Issue 9's required test: the outbox under a killed worker — no loss, no double send counted at the stand-in beyond
 * the rule. The real entry point runs in a child process (WORKERS on, SMS through SpeedSMS pointed at a local
 * stand-in that answers after 20–50 ms), N deliveries are queued straight into `deliveries`, and the process is
 * SIGKILLed while sends are in flight (from inside the stand-in, the moment a chosen message arrives), restarted on the
 * same data (SQLite file, or the PostgreSQL database of TEST_DATABASE_URL), KILLS times, then left to finish.
 *
 * A delivery the dead process left `sending` is sent again once its lease (OUTBOX_LEASE_MS, 2 s here) has run out: it
 * reaches the stand-in twice when the dead process had already sent it. So every delivery must arrive, every row must
 * end `sent`, and the only repeats allowed are those of the deliveries in flight at a kill (left `sending` and already
 * received), each at most once more. Before every restart but the last the test waits for those leases to expire, so
 * the orphans go out first and are recorded before the next kill: no delivery is in flight at two kills.
 */

const mainTs = path.resolve(import.meta.dirname, '../main.ts');
const N = 300;
const KILLS = 3;
const LEASE_MS = 2000;
/** The first kill lands when this many distinct messages have arrived: mid-batch, some of it not sent yet. */
const FIRST_KILL_AT = 50;
/** Later kills: this many arrivals after the last orphan's retry — more than a batch (20), so its pass is recorded. */
const AFTER_ORPHANS = 30;

interface Child {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const children: Child[] = [];
const dirs: string[] = [];
let standIn: HttpStandIn | null = null;
let database: Database | null = null;
let dropPostgres: (() => Promise<void>) | null = null;

afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await Promise.all(children.map((c) => within(c.exited, 5000, () => 'a child to exit').catch(() => null)));
  await database?.close().catch(() => {});
  await standIn?.close().catch(() => {});
  await dropPostgres?.().catch((err) => console.error('could not drop the test database', err));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, polling; throws `what` past the deadline. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(everyMs);
  }
}

/** `promise`, or a failure naming `what` past `ms` (the timer cleared either way). */
async function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what()}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function start(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const child = { proc, output: () => out, exited };
  children.push(child);
  return child;
}

async function waitHealthy(port: number, child: Child) {
  await until(
    'the server to answer /api/health',
    async () => {
      if (child.proc.exitCode !== null || child.proc.signalCode !== null)
        throw new Error(`server exited early:\n${child.output()}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    30_000,
  );
}

const markerOf = (i: number) => `crash-${String(i).padStart(4, '0')}`;

describe('the outbox under a killed worker', () => {
  it(`loses no delivery and repeats only those in flight at a kill (${N} SMS, ${KILLS} SIGKILLs)`, {
    timeout: 120_000,
  }, async () => {
    const t0 = performance.now();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-crash-'));
    dirs.push(dataDir);
    const pgBase = process.env.TEST_DATABASE_URL;
    const pgDb = pgBase ? await freshPostgres(pgBase) : null;
    dropPostgres = pgDb?.drop ?? null;
    const dbConfig: Config['database'] = pgDb
      ? { kind: 'postgres', url: pgDb.url, poolSize: 2 }
      : { kind: 'sqlite', file: path.join(dataDir, 'qlcv.sqlite') };

    // The stand-in: every message by its marker, in arrival order, with the life (process) that sent it.
    const receipts: { marker: string; life: number }[] = [];
    const counts = new Map<string, number>();
    let life = 0;
    let current: Child | null = null;
    /** Set while a kill is wanted: says, on each arrival, whether to kill now. */
    let killWhen: ((marker: string) => boolean) | null = null;
    let killedAt: { marker: string; received: number } | null = null;
    standIn = await startHttpStandIn((call) => {
      const content = String(call.json?.content ?? '');
      const marker = /crash-\d{4}/.exec(content)?.[0] ?? `?${content}`;
      receipts.push({ marker, life });
      counts.set(marker, (counts.get(marker) ?? 0) + 1);
      if (killWhen?.(marker) && current) {
        // This very request is in flight: the process dies before it hears the answer, let alone records it.
        current.proc.kill('SIGKILL');
        killWhen = null;
        killedAt = { marker, received: counts.size };
      }
      return {
        delayMs: 20 + Math.floor(Math.random() * 31),
        body: { status: 'success', code: '00', data: { tranId: receipts.length, totalSMS: 1, invalidPhone: [] } },
      };
    });

    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      WORKERS: 'true',
      SMS_DRIVER: 'speedsms',
      SPEEDSMS_TOKEN: 'crash-test-token',
      SPEEDSMS_BASE_URL: standIn.url,
      OUTBOX_LEASE_MS: String(LEASE_MS),
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    };
    const launch = async () => {
      life += 1;
      current = start(env);
      await waitHealthy(port, current);
    };

    await launch();
    // The server has migrated: queue N deliveries through a connection of our own, due now.
    database = openDatabase(dbConfig);
    const db = database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('deliveries')
      .values(
        Array.from({ length: N }, (_, i) => ({
          event_id: null,
          event: 'crash.test',
          user_id: null,
          channel: 'sms',
          recipient: `09${String(10_000_000 + i).padStart(8, '0')}`,
          subject: null,
          body: `QLCV: tin thử ${markerOf(i)}`,
          data: null,
          status: 'pending',
          attempts: 0,
          max_attempts: 5,
          next_attempt_at: now,
          idempotency_key: `crash-test:${markerOf(i)}`,
          fallback_of: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    const statusCounts = async () => {
      const rows = await db
        .selectFrom('deliveries')
        .select(['status', db.fn.countAll<number>().as('n')])
        .where('event', '=', 'crash.test')
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    };

    const kills: { life: number; receivedBefore: number; orphans: number; orphansReceived: number }[] = [];
    /** Deliveries in flight at a kill that had reached the stand-in: each may arrive once more, and no other may. */
    const mayRepeat = new Set<string>();
    let orphans: string[] = [];

    // Set before the process that should die starts: its worker sends from before /api/health answers.
    let arrivalsAtArm = 0;
    const arm = (k: number) => {
      arrivalsAtArm = receipts.length;
      killedAt = null;
      if (k === 0) {
        killWhen = () => counts.size >= FIRST_KILL_AT;
        return;
      }
      // After a restart: first the previous kill's orphans go again, then more than a batch, then the kill.
      const pendingOrphans = new Set(orphans);
      let since = pendingOrphans.size === 0 ? 0 : -1;
      killWhen = (marker) => {
        if (pendingOrphans.delete(marker) && pendingOrphans.size === 0) since = 0;
        else if (since >= 0) since += 1;
        return since >= AFTER_ORPHANS;
      };
    };
    arm(0);

    for (let k = 0; k < KILLS; k++) {
      const dead = current as Child | null;
      if (!dead) throw new Error('no server');
      await within(dead.exited, 30_000, () => `kill ${k + 1} never came (${counts.size}/${N} received)`);
      expect(killedAt, `the server died by itself:\n${dead.output()}`).not.toBeNull();
      // Requests the dead process had fully written may still be read by the stand-in: let them land.
      await sleep(300);
      const left = await db
        .selectFrom('deliveries')
        .select(['idempotency_key', 'lease_until'])
        .where('event', '=', 'crash.test')
        .where('status', '=', 'sending')
        .execute();
      orphans = left.map((r) => r.idempotency_key.slice('crash-test:'.length));
      const received = orphans.filter((m) => counts.has(m));
      for (const m of received) mayRepeat.add(m);
      kills.push({ life, receivedBefore: counts.size, orphans: orphans.length, orphansReceived: received.length });
      expect(counts.size, 'the kill landed before every delivery had arrived').toBeLessThan(N);
      expect(receipts.length).toBeGreaterThan(arrivalsAtArm);

      if (k < KILLS - 1) {
        // So the orphans go first after the restart, and are recorded before the next kill.
        const leaseEnd = Math.max(0, ...left.map((r) => (r.lease_until ? Date.parse(r.lease_until) : 0)));
        await sleep(Math.max(0, leaseEnd - Date.now() + 50));
        arm(k + 1);
      }
      await launch();
    }

    // The last life runs to the end; the orphans of the last kill go again once their lease runs out.
    await until('every delivery to end sent', async () => (await statusCounts()).sent === N, 45_000, 200).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify(await statusCounts())}\n${current?.output()}`);
    });
    await sleep(300);
    const seconds = (performance.now() - t0) / 1000;

    const duplicates = receipts.length - counts.size;
    const repeated = [...counts].filter(([, n]) => n > 1).map(([m]) => m);
    const maxPerDelivery = Math.max(...counts.values());
    const allowed = kills.reduce((s, k) => s + k.orphansReceived, 0);
    console.log(
      `outbox crash test (${database.kind}): ${N} deliveries, ${kills.length} SIGKILLs, received ${receipts.length} ` +
        `(${counts.size} distinct), duplicates ${duplicates} (allowed ${allowed}: in flight and received at a kill), ` +
        `max ${maxPerDelivery} per delivery, ${seconds.toFixed(1)} s; kills: ${JSON.stringify(kills)}`,
    );

    // No loss: every delivery reached the stand-in, and every row ends sent.
    expect(counts.size).toBe(N);
    for (let i = 0; i < N; i++) expect(counts.has(markerOf(i)), markerOf(i)).toBe(true);
    expect(await statusCounts()).toEqual({ sent: N });
    // No double send beyond the rule: only a delivery in flight at a kill came twice, and none more than twice.
    expect(maxPerDelivery).toBeLessThanOrEqual(2);
    expect(repeated.filter((m) => !mayRepeat.has(m))).toEqual([]);
    expect(duplicates).toBeLessThanOrEqual(allowed);
    expect(kills).toHaveLength(KILLS);
    const stillRunning = current as Child | null;
    stillRunning?.proc.kill('SIGTERM');
    if (stillRunning) expect(await within(stillRunning.exited, 15_000, () => 'the last server to stop')).toBe(0);
  });

  it('OUTBOX_LEASE_MS sets the lease (60 s by default) and is checked at start', () => {
    expect(loadConfig({}).outboxLeaseMs).toBe(60_000);
    expect(loadConfig({ OUTBOX_LEASE_MS: '2000' }).outboxLeaseMs).toBe(2000);
    for (const bad of ['abc', '500', '1.5']) expect(() => loadConfig({ OUTBOX_LEASE_MS: bad })).toThrow(/OUTBOX_LEASE_MS/);
  });
});
