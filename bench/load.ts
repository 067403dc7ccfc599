import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

type LoadOptions = {
  connections?: number;
  seconds?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: () => string;
};

/** Seconds of load before each measured run, not counted: JIT and caches warm, as in a server that has been up. */
const WARMUP_SECONDS = 1;

/** Keeps `connections` requests in flight against one URL for `seconds` after a warm-up, over keep-alive sockets. */
export async function load(url: string, opts: LoadOptions): Promise<LoadResult> {
  await run(url, { ...opts, seconds: WARMUP_SECONDS });
  return run(url, opts);
}

async function run(url: string, opts: LoadOptions): Promise<LoadResult> {
  const connections = opts.connections ?? 20;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + (opts.seconds ?? 5) * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const body = opts.body?.();
      const req = http.request(
        url,
        {
          agent,
          method: opts.method ?? 'GET',
          headers: {
            ...(opts.headers ?? {}),
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 500) >= 400) errors += 1;
            latencies.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  return summarize(latencies, errors, (Date.now() - started) / 1000);
}

export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99) };
}

/** The same idea for a bare driver call: `concurrency` loops calling `fn` for `seconds`, after the same warm-up. */
export async function loadFn(fn: () => Promise<unknown> | unknown, opts: { concurrency?: number; seconds?: number }) {
  await runFn(fn, { ...opts, seconds: WARMUP_SECONDS });
  return runFn(fn, opts);
}

async function runFn(fn: () => Promise<unknown> | unknown, opts: { concurrency?: number; seconds?: number }) {
  const latencies: number[] = [];
  const end = Date.now() + (opts.seconds ?? 5) * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.concurrency ?? 20 }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await fn();
        latencies.push(performance.now() - t0);
        // Let the other loops and timers run between synchronous calls.
        if (latencies.length % 50 === 0) await new Promise((r) => setImmediate(r));
      }
    }),
  );
  return summarize(latencies, 0, (Date.now() - started) / 1000);
}
