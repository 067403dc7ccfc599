// docs/performance.md from the figures bench/run.ts measured: the repeated-query rows, the mixed runs (bench/mixed.ts),
// the export, and the API budgets table (format documented at the top of bench/run.ts).
import { cpus } from 'node:os';
import type { KindRow } from './mixed';

export interface Row {
  db: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Mixed {
  db: string;
  cache: 'on' | 'off';
  /** Flat out: each connection's next call as soon as the answer is in; office: a person's think time between calls. */
  pace: 'flat out' | 'office';
  /** SQLite with one connection (SQLITE_READ_WORKERS=0), to compare with the default read pool; flat out, cache on. */
  single?: boolean;
  kinds: KindRow[];
  overall: KindRow;
}

interface Run {
  db: string;
  coldMs: number;
  exportRow: string;
  exportFigures: { seconds: number; peak: number } | null;
  /** The same export with the requests grown to 1 000 000 rows (bench/export.ts). */
  exportMillion?: { seconds: number; peak: number } | null;
  mixed: Mixed[];
  scopes: string;
}

const f1 = (n: number) => n.toFixed(1);

export function performanceDoc(o: {
  rows: Row[];
  runs: Run[];
  seconds: number;
  mixedSeconds: number;
  mixedWarmup: number;
  mixedConnections: number;
  mixedThinkMs: number;
  poolSeconds: number;
  cacheOff: string;
  onlyMixed: boolean;
}): string {
  const { rows, runs, cacheOff } = o;
  const dbs = ['SQLite', 'PostgreSQL'];
  const run = (db: string) => runs.find((r) => r.db === db);
  const row = (db: string, prefix: string, off: boolean) =>
    rows.find((r) => r.db === db && r.call.startsWith(prefix) && r.call.endsWith(cacheOff) === off);
  const ratio = (db: string, api: string, bare: string, off: boolean) => {
    const a = row(db, api, off);
    const b = row(db, bare, false);
    return a && b ? a.rps / b.rps : null;
  };
  const mixedOf = (db: string, cache: 'on' | 'off', pace: Mixed['pace']) =>
    run(db)?.mixed.find((x) => x.cache === cache && x.pace === pace && !x.single);
  const singleOf = (db: string) => run(db)?.mixed.find((x) => x.single);
  /** The p99 aim of every call kind (issue 26): a person's wait at office pace; flat out, the queue's bound. */
  const p99Aim = (pace: Mixed['pace']) => (pace === 'office' ? 50 : 250);
  const worstKind = (db: string, cache: 'on' | 'off', pace: Mixed['pace']) => {
    const kinds = mixedOf(db, cache, pace)?.kinds ?? [];
    if (kinds.length === 0) return null;
    return {
      worst: kinds.reduce((a, b) => (b.p99 > a.p99 ? b : a)),
      over: kinds.filter((k) => k.p99 >= p99Aim(pace)),
      count: kinds.length,
    };
  };

  // Each budget: how to read its figure per database, how to print it, and whether it meets the aim.
  type Figure = { value: number; text: string } | null;
  const budgets: { name: string; aim: string; figure: (db: string) => Figure; met: (v: number) => boolean }[] = [
    {
      name: 'Requests list with its total, list cache off ÷ the bare query (page + count)',
      aim: '≥ 0.67',
      figure: (db) => {
        const v = ratio(db, 'GET /api/requests?status', 'bare driver: requests status', true);
        return v === null ? null : { value: v, text: v.toFixed(2) };
      },
      met: (v) => v >= 0.67,
    },
    ...(
      [
        ['on', 'office'],
        ['off', 'office'],
        ['on', 'flat out'],
        ['off', 'flat out'],
      ] as const
    ).map(([cache, pace]) => ({
      name: `p99 of each call kind in the mixed run at ${pace === 'office' ? 'office pace' : 'full load (flat out)'}, list cache ${cache} (the worst; every kind's in "p99 of each call kind" below)`,
      aim: `< ${p99Aim(pace)} ms`,
      figure: (db: string): Figure => {
        const w = worstKind(db, cache, pace);
        if (!w) return null;
        const over = w.over.length ? `; ${w.over.length} of ${w.count} kinds over` : `; all ${w.count} kinds under`;
        return { value: w.worst.p99, text: `${f1(w.worst.p99)} ms (${w.worst.kind}${over})` };
      },
      met: (v: number) => v < p99Aim(pace),
    })),
    {
      name: `Flat out, cache on: total calls per second with the SQLite read pool (default) ÷ one connection (\`SQLITE_READ_WORKERS=0\`), same run, ${cpus().length} cores`,
      aim: '≥ 1.5 on 2 cores',
      figure: (db) => {
        const pooled = mixedOf(db, 'on', 'flat out');
        const single = singleOf(db);
        if (!pooled || !single || single.overall.rps === 0) return null;
        const v = pooled.overall.rps / single.overall.rps;
        return {
          value: v,
          text: `${v.toFixed(2)} (${pooled.overall.rps.toFixed(0)} ÷ ${single.overall.rps.toFixed(0)} calls/s)`,
        };
      },
      met: (v) => v >= 1.5,
    },
    ...([false, true] as const).map((off) => ({
      name: `Dashboard of the administrator (every part), one call at a time, p99${off ? ', list cache off (no kept parts)' : ''}`,
      aim: '< 100 ms',
      figure: (db: string): Figure => {
        const r = row(db, 'GET /api/dashboard (admin: every part, one call at a time)', off);
        return r ? { value: r.p99, text: `${f1(r.p99)} ms (p50 ${f1(r.p50)} ms)` } : null;
      },
      met: (v: number) => v < 100,
    })),
    {
      name: 'Search with its total, list cache off ÷ the bare LIKE + count(*)',
      aim: '≥ 20',
      figure: (db) => {
        const v = ratio(db, 'GET /api/requests?search', 'bare driver: LIKE', true);
        return v === null ? null : { value: v, text: f1(v) };
      },
      met: (v) => v >= 20,
    },
    {
      name: 'Export of the 100 000 requests, time',
      aim: '< 5 s',
      figure: (db) => {
        const e = run(db)?.exportFigures;
        return e ? { value: e.seconds, text: `${f1(e.seconds)} s` } : null;
      },
      met: (v) => v < 5,
    },
    {
      name: 'Export of the 100 000 requests, peak memory of the server',
      aim: '< 200 MB',
      figure: (db) => {
        const e = run(db)?.exportFigures;
        return e ? { value: e.peak, text: `${e.peak.toFixed(0)} MB` } : null;
      },
      met: (v) => v < 200,
    },
    {
      name: 'Export of 1 000 000 requests, time per 100 000 rows',
      aim: '< 5 s',
      figure: (db) => {
        const e = run(db)?.exportMillion;
        return e ? { value: e.seconds / 10, text: `${f1(e.seconds / 10)} s (${f1(e.seconds)} s in all)` } : null;
      },
      met: (v) => v < 5,
    },
    {
      name: 'Export of 1 000 000 requests, peak memory of the server',
      aim: '< 250 MB',
      figure: (db) => {
        const e = run(db)?.exportMillion;
        return e ? { value: e.peak, text: `${e.peak.toFixed(0)} MB` } : null;
      },
      met: (v) => v < 250,
    },
    {
      name: 'Cold start of the built server to its first answer',
      aim: '< 1.5 s',
      figure: (db) => {
        const r = run(db);
        return r && !o.onlyMixed ? { value: r.coldMs, text: `${(r.coldMs / 1000).toFixed(2)} s` } : null;
      },
      met: (v) => v < 1500,
    },
  ];
  const budgetRows = budgets.map((b) => {
    const cells = dbs.map((db) => {
      const fig = b.figure(db);
      return fig
        ? { text: `${fig.text} ${b.met(fig.value) ? 'met' : 'missed'}`, missed: !b.met(fig.value) }
        : { text: 'n/a', missed: false };
    });
    const missed = dbs.filter((_, i) => cells[i]!.missed);
    const measured = cells.some((c) => c.text !== 'n/a');
    return `| ${b.name} | ${b.aim} | ${cells.map((c) => c.text).join(' | ')} | ${!measured ? 'n/a' : missed.length ? `missed (${missed.join(', ')})` : 'met'} |`;
  });

  const mixedTable = (db: string, pace: Mixed['pace']) => {
    const on = mixedOf(db, 'on', pace);
    const off = mixedOf(db, 'off', pace);
    if (!on || !off) return '';
    const rps = (n: number) => n.toFixed(n < 10 ? 1 : 0);
    const cell = (k: KindRow | undefined) => (k ? `${rps(k.rps)} | ${f1(k.p50)} | ${f1(k.p99)}` : ' | | ');
    const lines = [...on.kinds, on.overall].map((k) => {
      const x = k.kind === 'overall' ? off.overall : off.kinds.find((y) => y.kind === k.kind);
      const name = k.kind === 'overall' ? '**overall**' : `${k.kind}${k.list ? ' (list)' : ''}`;
      return `| ${name} | ${k.requests} | ${cell(k)} | ${cell(x)} | ${k.errors} / ${x?.errors ?? 0} | ${k.races} / ${x?.races ?? 0} |`;
    });
    const samples = [...on.kinds, ...off.kinds].filter((k) => k.samples.length).map((k) => `${k.kind}: ${k.samples.join(', ')}`);
    return `### ${db}, ${pace === 'office' ? `office pace (think time ${o.mixedThinkMs} ms on average)` : 'flat out'}

${pace === 'flat out' ? `${run(db)?.scopes ?? ''}.\n\n` : ''}| Call kind | calls (cache on) | req/s | p50 (ms) | p99 (ms) | req/s, cache off | p50 | p99 | errors (on / off) | 409 races (on / off) |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${lines.join('\n')}
${samples.length ? `\nError and race answers seen: ${[...new Set(samples)].join('; ')}.\n` : ''}`;
  };

  // Every call kind's p99 in each of the four runs, against its aim (office < 50 ms, flat out < 250 ms).
  const runsOf = (db: string) =>
    (
      [
        ['on', 'office'],
        ['off', 'office'],
        ['on', 'flat out'],
        ['off', 'flat out'],
      ] as const
    ).map(([cache, pace]) => ({ pace, m: mixedOf(db, cache, pace) }));
  const measuredDbs = dbs.filter((db) => runsOf(db).some((x) => x.m));
  const kindNames = [
    ...new Set(measuredDbs.flatMap((db) => runsOf(db).flatMap((x) => x.m?.kinds.map((k) => k.kind) ?? []))),
  ].sort();
  const p99Cell = (pace: Mixed['pace'], m: Mixed | undefined, kind: string) => {
    const k = m?.kinds.find((y) => y.kind === kind);
    return k ? `${f1(k.p99)}${k.p99 >= p99Aim(pace) ? ' ✗' : ''}` : '';
  };
  const perKind = measuredDbs.length
    ? `### p99 of each call kind against the budgets

Milliseconds; ✗ marks a miss (office pace < 50 ms, flat out < 250 ms). Columns per database: office pace cache on, off;
flat out cache on, off.

| Call kind | ${measuredDbs.map((db) => `${db} office on | off | flat on | off`).join(' | ')} |
|---|${measuredDbs.map(() => '---:|---:|---:|---:|').join('')}
${kindNames
  .map((kind) => `| ${kind} | ${measuredDbs.flatMap((db) => runsOf(db).map((x) => p99Cell(x.pace, x.m, kind))).join(' | ')} |`)
  .join('\n')}
`
    : '';
  const poolTable = (db: string) => {
    const pooled = mixedOf(db, 'on', 'flat out');
    const single = singleOf(db);
    if (!pooled || !single) return '';
    const cells = (k: KindRow | undefined) => (k ? `${k.rps.toFixed(1)} | ${f1(k.p50)} | ${f1(k.p99)}` : ' | | ');
    const line = (name: string, k: KindRow | undefined, x: KindRow | undefined) =>
      `| ${name} | ${cells(k)} | ${cells(x)} | ${k?.errors ?? 0} / ${x?.errors ?? 0} |`;
    // Every kind either run drew (a short run may miss a rare one).
    const names = [...new Set([...pooled.kinds, ...single.kinds].map((k) => k.kind))];
    return `### ${db}, flat out: the read pool against one connection

The default server (read pool of worker threads) against one started with \`SQLITE_READ_WORKERS=0\` (every query on the
event loop's one connection), both list cache on, flat out; the single-connection run measured ${o.poolSeconds} s.

| Call kind | req/s, pool | p50 | p99 | req/s, one connection | p50 | p99 | errors (pool / one) |
|---|---:|---:|---:|---:|---:|---:|---:|
${[
  ...names.map((n) =>
    line(
      n,
      pooled.kinds.find((y) => y.kind === n),
      single.kinds.find((y) => y.kind === n),
    ),
  ),
  line('**overall**', pooled.overall, single.overall),
].join('\n')}
`;
  };

  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cold = runs.map((r) => `${r.db} ${r.coldMs.toFixed(0)} ms`).join(', ');
  return `# Performance

Figures from \`npm run bench\` (never asserted by tests), measured ${when} UTC on ${process.version}, ${cpus().length} cores, the load
generator on the same machine. Data: 500 users in 20 departments (2 administrators, 3 directors, 20 department heads,
the rest employees), 10 000 customers, 100 000 requests, about 270 000 works (bench/seed.ts). Cold start of the built
server to its first answer, on that data: ${cold}.

## Budgets (API)

Each budget of issues 13 and 26 against its aim, measured in this run.

| Budget | Aim | SQLite | PostgreSQL | met? |
|---|---|---|---|---|
${budgetRows.join('\n')}

## Mixed load: an office at 9 a.m.

${o.mixedConnections === 20 ? '20 connections, each' : `${o.mixedConnections} connection(s) taking in turn 20 users,`} a different seeded user signed in with their own token and scope (an administrator, two directors,
four department heads, 13 employees), each looping over a mix drawn from a seeded PRNG (bench/mixed.ts): requests list
pages (mostly page 1), filters (status, type, priority, overdue, date ranges) and sorts, searches (company names,
Vietnamese words with and without accents, names, codes, phone fragments, words that match nothing), request and work
pages, the works list (managers), my works in its tabs, customers and users lists, each role's own dashboard, the
unread count, and the rest of the office's day (issue 26): my leaves, leaves to approve and the department's (heads),
the month's timesheet, contracts list and one contract (managers), evaluation periods (directors), user evaluations and
one of them, the notifications list, the service catalogue searched; about 5 % writes across modules (create a request,
start or complete a work, comment on a work, apply for leave, approve one, mark a notification read) that invalidate
the list cache. Seeded besides: leaves this year (two to four per person, some pending), 800 services, 3 000 contracts
with 1–5 lines, eight quarterly evaluation periods with every employee's evaluation, 40–80 notifications per person. ${o.mixedWarmup} s of
warm-up, then ${o.mixedSeconds} s measured; "cache off" is a server started with \`LIST_CACHE_SIZE=0\`. An error is any 4xx/5xx answer
except a write's 409, counted apart as a race: the record had been moved by someone else first.

Two paces: **flat out**, each connection sending its next call the moment the answer is in — the most the server
does, where every call waits its turn behind the others (p50 and p99 there are mostly queueing); and **office pace**,
each user thinking between two calls (exponential, ${o.mixedThinkMs} ms on average: 20 people each clicking about once a
second, a very busy office) — the latency a person meets. A p99 of a call kind with few calls is close to its slowest.

${dbs
  .flatMap((db) => [mixedTable(db, 'office'), mixedTable(db, 'flat out'), poolTable(db)])
  .filter(Boolean)
  .join('\n')}
${perKind}
## Calls, one query repeated

| Database | Call | req/s | p50 (ms) | p99 (ms) | errors |
|---|---|---:|---:|---:|---:|
${rows.map((r) => `| ${r.db} | ${r.call} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`).join('\n')}

Each call: 1 s of warm-up, then ${o.seconds} s measured at 20 concurrent connections over keep-alive, all as one user.
"bare driver" rows run the list's own SQL (page and total) through the same driver with no HTTP, framework or auth,
20 at a time: the floor the API is compared with. The API keeps each list page's ids and total until a write to the
listed tables (lib/list-cache.ts, docs/decisions.md): the calls above repeat one query, so after the first they read
the version row and the page's rows by id. "${cacheOff}" rows are the same calls on a server started with
\`LIST_CACHE_SIZE=0\`: every call counts and searches afresh, as the first view after a write does.

## Export of every request (100 000 rows, then 1 000 000, each on a fresh server)

The 1 000 000 rows are the seeded 100 000 copied nine times under new codes by one INSERT … SELECT (bench/export.ts).
PostgreSQL reads them through a server-side cursor, SQLite streams the same query on a thread of its own
(lib/export-rows.ts, decision 41.22). "Before": the fresh server's peak RSS after signing in, before the export.

| Database | time | peak RSS of the server | file | status |
|---|---|---|---|---|
${runs.map((r) => r.exportRow).join('\n')}
`;
}
