import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { BackgroundJob } from './background';

/** A periodic job of the scheduler: one pass at the time given (tests pass their own clock). */
export interface ScheduledJob {
  /** Also the name of its lease in `job_leases` (at most 50 characters). */
  name: string;
  /** Returns how much it did. */
  runOnce(now: Date): Promise<number>;
}

export interface SchedulerOptions {
  log: FastifyBaseLogger;
  /** Who holds a lease: unique per process. */
  holder?: string;
  /** The wait between passes. */
  intervalMs?: number;
  /** How long a taken lease is this holder's; renewed at each pass and while a job runs. */
  leaseMs?: number;
  /** The time, for tests that move it. */
  now?: () => number;
}

export const SCHEDULER_INTERVAL_MS = 60_000;

/**
 * Periodic jobs with one runner across instances. Before each job's pass the instance takes (or renews) the job's
 * lease in `job_leases` with one conditional upsert: insert the row, or on conflict take it over only when this
 * instance already holds it or its `lease_until` has passed, returning the row only when the write happened. On
 * PostgreSQL the upsert locks the row, so of two instances racing one gets it; on SQLite one statement is one write
 * transaction. The holder keeps the lease by renewing it; if it dies, another instance takes over once the lease
 * runs out. The lease only spares the others the work: each job's own writes stay exactly-once by themselves (the
 * deadline reminders' primary key), so a pass that outlives its lease cannot double anything.
 */
export class Scheduler {
  readonly holder: string;
  readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly now: () => number;
  private readonly log: FastifyBaseLogger;
  private running: Promise<number> | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: readonly ScheduledJob[],
    opts: SchedulerOptions,
  ) {
    this.holder = opts.holder ?? `s-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.intervalMs = opts.intervalMs ?? SCHEDULER_INTERVAL_MS;
    // Long enough to survive a slow pass, short enough that another instance takes over within a few minutes.
    this.leaseMs = opts.leaseMs ?? Math.max(2 * this.intervalMs, 30_000);
    this.now = opts.now ?? Date.now;
    this.log = opts.log;
  }

  /**
   * Takes the lease of `name`, or renews it if this holder has it; false while another holder's lease runs.
   * `INSERT … ON CONFLICT (name) DO UPDATE … WHERE holder = me OR lease_until < now RETURNING`.
   */
  async acquire(name: string): Promise<boolean> {
    const now = new Date(this.now());
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    const row = await this.db
      .insertInto('job_leases')
      .values({ name, holder: this.holder, lease_until: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: (eb) => eb.ref('excluded.holder'), lease_until: (eb) => eb.ref('excluded.lease_until') })
          .where((eb) =>
            eb.or([eb('job_leases.holder', '=', this.holder), eb('job_leases.lease_until', '<', now.toISOString())]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives up this holder's leases, so another instance takes over at once. */
  async release(names: readonly string[] = this.jobs.map((j) => j.name)): Promise<void> {
    if (names.length === 0) return;
    await this.db.deleteFrom('job_leases').where('name', 'in', names).where('holder', '=', this.holder).execute();
  }

  /** One pass: each job whose lease this instance holds runs once. Returns how much they did. */
  runOnce(): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async pass(): Promise<number> {
    let done = 0;
    for (const job of this.jobs) {
      if (this.closed) break;
      try {
        if (!(await this.acquire(job.name))) continue;
        done += await this.whileHeld(job.name, () => job.runOnce(new Date(this.now())));
      } catch (err) {
        this.log.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
    return done;
  }

  /** Runs `work`, renewing the lease meanwhile so a long pass keeps it. */
  private async whileHeld<T>(name: string, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(
      () => {
        this.acquire(name).catch((err) => this.log.warn({ err, job: name }, 'lease renewal failed'));
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** The loop of lib/background.ts: a pass every interval (never "at once again": the jobs batch themselves). */
  loop(): BackgroundJob {
    return {
      name: 'scheduler',
      idleMs: this.intervalMs,
      runOnce: async () => {
        await this.runOnce();
        return 0;
      },
    };
  }

  /** Stops new passes, waits for the one in flight and gives the leases up; before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => 0);
    await this.release().catch((err) => this.log.warn({ err }, 'lease release failed'));
  }
}

/** How a "once per record and date" reminder finds, marks and raises its rows (remindInBatches). */
export interface Reminder<T> {
  /** Up to `limit` rows due and not yet marked. */
  due(trx: Kysely<DB>, limit: number): Promise<T[]>;
  /** The conditional write that makes the reminder this runner's (false: another runner's already). */
  mark(trx: Kysely<DB>, row: T): Promise<boolean>;
  /** Records the row's event, in the same transaction as its mark. */
  raise(trx: Kysely<DB>, row: T): Promise<void>;
}

/**
 * The pass of a reminder job: batches of `batch` rows, each batch in one transaction where a row's event is recorded
 * only when its mark took effect, so two runners raise each once. Stops at a short batch, or one that raised nothing
 * (what is left was marked by another runner). Returns how many it raised.
 */
export async function remindInBatches<T>(db: Kysely<DB>, batch: number, reminder: Reminder<T>): Promise<number> {
  let raised = 0;
  for (;;) {
    const pass = await db.transaction().execute(async (trx) => {
      const due = await reminder.due(trx, batch);
      let n = 0;
      for (const row of due) {
        if (!(await reminder.mark(trx, row))) continue;
        await reminder.raise(trx, row);
        n += 1;
      }
      return { seen: due.length, raised: n };
    });
    raised += pass.raised;
    if (pass.seen < batch || pass.raised === 0) return raised;
  }
}
