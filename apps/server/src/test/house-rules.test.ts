import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, type ImportGraph, importGraph, importsOf, sourceFiles, sqlUses } from './source-scan';

// The house rules of docs/architecture.md that a reviewer should not have to check by eye: SQL only in repositories,
// no import circle, db/ below the modules, a module never reaching into another's repository.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/common/src'];
const MODULES = 'apps/server/src/modules';

/**
 * Services still building SQL because another change is moving it right now (each entry names who and why); the list
 * only shrinks. A file listed here that no longer builds SQL fails the test, so the entry is removed with the move.
 */
const SQL_IN_SERVICE_PENDING: readonly string[] = [];

/** Import circles being broken by a change in progress (each as its sorted files); same rule: only shrinks. */
const CIRCLE_PENDING: readonly (readonly string[])[] = [];

/**
 * The dashboard counts many modules' records in one query per card (a page of twelve cards must stay one round trip
 * each): it takes their repositories' row filters (`filtered`) so that what it counts is exactly what their lists show.
 */
const REPOSITORY_READERS: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['contracts', 'leaves', 'requests', 'user-evaluations', 'works'],
};

let graph: ImportGraph | undefined;
const theGraph = (): ImportGraph => {
  graph ??= importGraph(ROOT, SOURCES);
  return graph;
};

const moduleOf = (file: string): string | null => file.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1] ?? null;

describe('the source scanner', () => {
  it('finds every kind of import, and none in comments or strings', () => {
    const src = [
      "import a from './a';",
      "import type { B } from '../b';",
      "import { c, type D } from '@qlcv/common/c';",
      "import * as e from './e';",
      "import './side-effect';",
      "export { f } from './f';",
      "export type { G } from './g';",
      "export * from './h';",
      "const lazy = await import('./lazy');",
      "// import z from './comment';",
      'const s = "import y from \'./string\'";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal, as the scanner reads it
      'const t = `${x} import w from ./template ${`${"./nested"}`}`;',
      'const r = /import v from "\\.\\/regex"/;',
      'export const k = 1;',
      'export { k as kk };',
    ].join('\n');
    expect(importsOf(src).map((r) => [r.specifier, r.typeOnly])).toEqual([
      ['./a', false],
      ['../b', true],
      ['@qlcv/common/c', false],
      ['./e', false],
      ['./side-effect', false],
      ['./f', false],
      ['./g', true],
      ['./h', false],
      ['./lazy', false],
    ]);
  });

  it('finds query-builder calls and the sql tag, not the words in comments, strings or other names', () => {
    const src = [
      "const a = await db.selectFrom('users').selectAll().execute();",
      "await trx\n  .insertInto('x')\n  .values(v);",
      "await db.updateTable('x').set(v).execute();",
      "await db.deleteFrom('x').execute();",
      'const b = sql`select 1`;',
      'const c = sql<number>`count(*)`;',
      "const d = sql.raw('x');",
      "// db.selectFrom('comment')",
      "const e = 'db.deleteFrom(x)';",
      'const f = repo.selectFromCache(1);',
      'const sqlText = 2;',
      'await this.db.transaction().execute(work);',
    ].join('\n');
    expect(sqlUses(src).map((u) => [u.what, u.line])).toEqual([
      ['selectFrom', 1],
      ['insertInto', 3],
      ['updateTable', 5],
      ['deleteFrom', 6],
      ['sql`…`', 7],
      ['sql`…`', 8],
      ['sql`…`', 9],
    ]);
  });

  it('finds a circle, a self-import and a longer ring, and none in a tree', () => {
    const g = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([from, tos]) => [from, tos.map((to) => ({ to, line: 1 }))]));
    expect(circles(g({ a: ['b'], b: ['c'], c: [], d: ['b'] }))).toEqual([]);
    expect(circles(g({ a: ['b'], b: ['a'], c: ['c'], d: ['e'], e: ['f'], f: ['d'], g: ['a'] }))).toEqual([
      ['a', 'b'],
      ['c'],
      ['d', 'e', 'f'],
    ]);
  });

  it('reads the whole tree (a scanner that found nothing would pass every rule below)', () => {
    const files = theGraph().size;
    const edges = [...theGraph().values()].reduce((n, e) => n + e.length, 0);
    expect(files).toBeGreaterThan(500);
    expect(edges).toBeGreaterThan(files * 2);
  });
});

describe('house rules', () => {
  it('no *.service.ts under modules/ builds SQL: it belongs in the module repository', () => {
    const offenders: string[] = [];
    const stillBuilding = new Set<string>();
    for (const file of sourceFiles(ROOT, MODULES).filter((f) => f.endsWith('.service.ts'))) {
      const uses = sqlUses(readFileSync(path.join(ROOT, file), 'utf8'));
      if (uses.length === 0) continue;
      stillBuilding.add(file);
      if (SQL_IN_SERVICE_PENDING.includes(file)) continue;
      for (const u of uses) offenders.push(`${file}:${u.line} ${u.what}`);
    }
    expect(offenders).toEqual([]);
    // A pending entry whose SQL has moved is removed with the move.
    expect(SQL_IN_SERVICE_PENDING.filter((f) => !stillBuilding.has(f))).toEqual([]);
  });

  it('the import graph of server, web and common (type-only imports included) has no circle', () => {
    const pending = new Set(CIRCLE_PENDING.map((c) => [...c].sort().join(' ⇄ ')));
    const found = circles(theGraph()).map((c) => c.join(' ⇄ '));
    expect(found.filter((c) => !pending.has(c))).toEqual([]);
    expect([...pending].filter((c) => !found.includes(c))).toEqual([]);
  });

  it('db/ (and lib/, plugins/, integrations/) sit below the modules: they import nothing from modules/ or demo/', () => {
    const upward: string[] = [];
    for (const [file, edges] of theGraph()) {
      if (!/^apps\/server\/src\/(db|lib|plugins|integrations)\//.test(file) || file.endsWith('.test.ts')) continue;
      for (const e of edges) if (/^apps\/server\/src\/(modules|demo)\//.test(e.to)) upward.push(`${file}:${e.line} → ${e.to}`);
    }
    expect(upward).toEqual([]);
  });

  it("a module never imports another module's repository (the dashboard's reasoned reads excepted)", () => {
    const reaches: string[] = [];
    for (const [file, edges] of theGraph()) {
      const from = moduleOf(file);
      if (!from || file.endsWith('.test.ts')) continue;
      for (const e of edges) {
        const to = moduleOf(e.to);
        if (!to || to === from || !e.to.endsWith('.repository.ts')) continue;
        if (REPOSITORY_READERS[from]?.includes(to)) continue;
        reaches.push(`${file}:${e.line} → ${e.to}`);
      }
    }
    expect(reaches).toEqual([]);
  });
});
