import { rateLimited } from './errors';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in this process. One instance per app; several app instances each count on their own,
 * which keeps every limit at most N× looser (docs/operations.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = Date.now();

  private current(key: string, windowMs: number): Window {
    const now = Date.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    return w;
  }

  /** Throws 429 when the key has already used `limit` hits in its window. */
  assertBelow(key: string, limit: number, windowMs: number): void {
    const w = this.current(key, windowMs);
    if (w.count >= limit) throw rateLimited(Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)));
  }

  hit(key: string, windowMs: number): void {
    this.current(key, windowMs).count += 1;
  }

  /** Counts one use and throws 429 when it goes past the limit. */
  consume(key: string, limit: number, windowMs: number): void {
    this.assertBelow(key, limit, windowMs);
    this.hit(key, windowMs);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
