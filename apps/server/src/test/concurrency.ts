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
  /** A body sent as is with its headers (a multipart form: test/multipart.ts), instead of `payload` as JSON. */
  raw?: { payload: Buffer; headers: Record<string, string> };
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
          ...(c.raw?.headers ?? {}),
          // A fresh connection per call: keep-alive reuse would let undici queue them on fewer sockets.
          connection: 'close',
        },
        body: c.raw ? new Uint8Array(c.raw.payload) : c.payload === undefined ? undefined : JSON.stringify(c.payload),
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

/**
 * Every answer that is not `okStatus` is the check's own refusal: `status`, and (for a field error) the field and the
 * message the service's check gives — never the generic answer of a constraint met in the race.
 */
export function expectRefusals(
  answers: RaceAnswer[],
  okStatus: number,
  refusal: { status: number; code?: string; field?: string; message?: string | RegExp },
) {
  for (const a of answers.filter((x) => x.status !== okStatus)) {
    expect(a.status, JSON.stringify(a.body)).toBe(refusal.status);
    if (refusal.code) expect(a.body.error_code, JSON.stringify(a.body)).toBe(refusal.code);
    if (refusal.field) expect(a.body.errors?.[0]?.field, JSON.stringify(a.body)).toBe(refusal.field);
    if (typeof refusal.message === 'string') expect(a.body.message).toBe(refusal.message);
    else if (refusal.message) expect(a.body.message).toMatch(refusal.message);
  }
}

/**
 * "Delete refused while in use" under a race: one DELETE of the owner fired among `n` calls that reference it. Either
 * the delete won (204) and every referencing call was refused as its check refuses a missing owner, or it lost (409
 * with the in-use code) once some referencing call had committed. Answers the delete's status.
 */
export async function raceDeleteWithUse(
  t: TestApp,
  n: number,
  del: RaceCall,
  use: (i: number) => RaceCall,
  refusals: { inUse: { code?: string; message: RegExp }; missing: { field: string; message: string } },
  okStatus = 201,
): Promise<{ deleteStatus: number; used: number; answers: RaceAnswer[] }> {
  const middle = Math.floor(n / 2);
  const answers = await race(t, n + 1, (i) => (i === middle ? del : use(i < middle ? i : i - 1)));
  const [deleteAnswer] = answers.splice(middle, 1) as [RaceAnswer];
  if (deleteAnswer.status !== 204) {
    expect(deleteAnswer.status, JSON.stringify(deleteAnswer.body)).toBe(409);
    if (refusals.inUse.code) expect(deleteAnswer.body.error_code).toBe(refusals.inUse.code);
    expect(deleteAnswer.body.message).toMatch(refusals.inUse.message);
  }
  expectRefusals(answers, okStatus, { status: 422, field: refusals.missing.field, message: refusals.missing.message });
  const used = answers.filter((a) => a.status === okStatus).length;
  if (deleteAnswer.status === 204) expect(used, 'a call referencing the deleted row succeeded').toBe(0);
  else expect(used).toBeGreaterThan(0);
  return { deleteStatus: deleteAnswer.status, used, answers };
}
