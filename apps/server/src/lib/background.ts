import type { FastifyBaseLogger } from 'fastify';

/** A job the background loops run: one pass, returning how much it did (0: nothing was waiting). */
export interface BackgroundJob {
  name: string;
  runOnce(): Promise<number>;
  /** The wait between passes that found nothing. */
  idleMs: number;
}

interface Loop {
  job: BackgroundJob;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  /** A kick arrived during a pass: run again at once after it. */
  again: boolean;
}

/**
 * The in-process loops of the notification path (dispatcher, outbox, and the scheduler to come). Each job runs a pass,
 * then at once again while it finds work, else after its idle wait; `kick` wakes a job early (new deliveries). Started
 * by main.ts only (WORKERS=true): tests call the jobs' `runOnce` themselves, so buildApp starts no timer. `stop` waits
 * for the passes in flight, so the database closes after them.
 */
export class Background {
  private readonly loops = new Map<string, Loop>();
  private started = false;

  constructor(
    jobs: BackgroundJob[],
    private readonly log: FastifyBaseLogger,
  ) {
    for (const job of jobs) this.loops.set(job.name, { job, timer: null, running: null, again: false });
  }

  add(job: BackgroundJob) {
    this.loops.set(job.name, { job, timer: null, running: null, again: false });
    if (this.started) this.schedule(this.loops.get(job.name)!, 0);
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const loop of this.loops.values()) this.schedule(loop, 0);
  }

  /** Wakes a job now (or right after its current pass). */
  kick(name: string) {
    const loop = this.loops.get(name);
    if (!loop || !this.started) return;
    if (loop.running) loop.again = true;
    else this.schedule(loop, 0);
  }

  get isRunning() {
    return this.started;
  }

  async stop() {
    this.started = false;
    for (const loop of this.loops.values()) {
      if (loop.timer) clearTimeout(loop.timer);
      loop.timer = null;
    }
    await Promise.all([...this.loops.values()].map((l) => l.running));
  }

  private schedule(loop: Loop, delay: number) {
    if (!this.started) return;
    if (loop.timer) clearTimeout(loop.timer);
    loop.timer = setTimeout(() => {
      loop.timer = null;
      void this.pass(loop);
    }, delay);
  }

  private async pass(loop: Loop) {
    if (loop.running || !this.started) return;
    let done = 0;
    loop.again = false;
    loop.running = (async () => {
      try {
        done = await loop.job.runOnce();
      } catch (err) {
        this.log.error({ err, job: loop.job.name }, 'background job failed');
      }
    })();
    await loop.running;
    loop.running = null;
    this.schedule(loop, done > 0 || loop.again ? 0 : loop.job.idleMs);
  }
}
