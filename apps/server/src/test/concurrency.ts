import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** One answer of a raced request. */
export interface RaceAnswer {
  status: number;
  body: any;
}

export interface RaceCall {
  method: 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  token: string;
  payload?: unknown;
}

/** The address the app listens on for raced calls (once per app; closed with it). */
async function baseUrl(t: TestApp): Promise<string> {
  const app = t.app as TestApp['app'] & { raceBase?: string };
  if (!app.raceBase) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.raceBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  return app.raceBase;
}

/**
 * Fires the calls at once through real HTTP (a socket each, as browsers do) and waits for every answer. On PostgreSQL
 * the requests' transactions run side by side on the pool's connections, which is where a rule checked only in code
 * before its write breaks; on SQLite they queue on the one writer. Each call is made by `make(i)`, i = 0…n-1.
 * No answer may be a 5xx: the rule's refusals are 4xx.
 */
export async function race(t: TestApp, n: number, make: (i: number) => RaceCall): Promise<RaceAnswer[]> {
  const base = await baseUrl(t);
  const calls = Array.from({ length: n }, (_, i) => make(i));
  const answers = await Promise.all(
    calls.map(async (c) => {
      const res = await fetch(`${base}${c.url}`, {
        method: c.method,
        headers: {
          authorization: `Bearer ${c.token}`,
          accept: 'application/json',
          ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }),
          // A fresh connection per call: keep-alive reuse would let undici queue them on fewer sockets.
          connection: 'close',
        },
        body: c.payload === undefined ? undefined : JSON.stringify(c.payload),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body };
    }),
  );
  const broken = answers.filter((a) => a.status >= 500);
  expect(broken, `5xx among ${n} concurrent calls: ${JSON.stringify(broken[0])}`).toEqual([]);
  return answers;
}

/** How many answers had each status, e.g. `{ 201: 1, 422: 19 }`. */
export function statusCounts(answers: RaceAnswer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}
