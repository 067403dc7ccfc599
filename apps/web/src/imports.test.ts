import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's own modules and what each imports (static, `import type`, re-exports and lazy `import()`).
const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  throw new Error(`${path.relative(SRC, from)}: cannot resolve "${spec}"`);
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, (m[1] ?? m[2] ?? m[3])!))
      .filter((t): t is string => !!t);
    graph.set(path.relative(SRC, file), [...new Set(targets.map((t) => path.relative(SRC, t)))]);
  }
  return graph;
}

/** Every import circle, each as the files along it (Tarjan's strongly connected components of more than one file). */
function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('the route table and the page bindings (no import circle through the routes)', () => {
  const graph = importGraph();
  const importers = (target: string) => [...graph].filter(([, targets]) => targets.includes(target)).map(([file]) => file);

  it('reads the imports it checks', () => {
    expect(graph.get('app/router.tsx')).toContain('app/route-pages.ts');
    expect(graph.get('app/route-pages.ts')).toContain('features/users/pages/user-list-page.tsx');
    expect(importers('lib/routes.ts').some((f) => f.startsWith('features/'))).toBe(true);
  });

  it('lets only the router import the page bindings', () => {
    expect(importers('app/route-pages.ts')).toEqual(['app/router.tsx']);
    expect(importers('app/route-pages.ts').filter((f) => f.startsWith('features/'))).toEqual([]);
  });

  it('keeps pages out of the route table', () => {
    const imported = graph.get('lib/routes.ts') ?? [];
    expect(imported.filter((f) => f.startsWith('features/') || f.startsWith('pages/') || f === 'app/route-pages.ts')).toEqual([]);
    expect(readFileSync(path.join(SRC, 'lib/routes.ts'), 'utf8')).not.toMatch(/import\(/);
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });
});

// The layers, bottom up: lib/ (no UI of its own), components/ (shared UI), features/ (one per API resource and server
// module), then app/ (the shell, the router) and pages/ (the app's own pages: errors, 403), which may import anything.
// A feature may show one of pages/ in place (the 403 page), as long as it leads to nothing in app/. A feature lends
// others only its API file (`api/<feature>-api.ts`: calls and query hooks) and, when another feature shows one of its
// components, its `index.ts`; the rest of a feature is its own. Tests may import whatever they check.
const MAY_IMPORT: Record<string, string[]> = {
  lib: ['lib'],
  components: ['lib', 'components'],
  features: ['lib', 'components', 'features', 'pages'],
};
const layerOf = (file: string) => file.split('/')[0]!;
const featureOf = (file: string) => (file.startsWith('features/') ? file.split('/')[1] : undefined);
const lentToOthers = (file: string) => /^features\/[^/]+\/(api\/[^/]+\.ts|index\.tsx?)$/.test(file);

function boundaryViolations(graph: Map<string, string[]>): string[] {
  const leadsToApp = new Map<string, boolean>();
  const reachesApp = (file: string): boolean => {
    if (layerOf(file) === 'app') return true;
    if (!leadsToApp.has(file)) {
      leadsToApp.set(file, false); // an import circle is reported by its own test
      leadsToApp.set(file, (graph.get(file) ?? []).some(reachesApp));
    }
    return leadsToApp.get(file)!;
  };
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const allowed = MAY_IMPORT[layerOf(from)];
    if (!allowed) continue;
    for (const to of targets) {
      if (!allowed.includes(layerOf(to))) found.push(`${from} → ${to}: ${layerOf(from)}/ imports ${layerOf(to)}/`);
      else if (featureOf(from) && featureOf(to) !== featureOf(from) && featureOf(to) && !lentToOthers(to))
        found.push(`${from} → ${to}: another feature's own file (import its api/ or index.ts)`);
      else if (reachesApp(to)) found.push(`${from} → ${to}: leads to app/`);
    }
  }
  return found;
}

/** API files besides `api/<feature>-api.ts`, each with its reason. */
const OTHER_API_FILES: Record<string, string> = {
  // app/route-prefetch.ts imports the users list into the first load; users-api.ts would bring every users call.
  'features/users/api/users-list-api.ts': 'the list the route loader prefetches',
};

describe('the layers and the features (what each may import)', () => {
  const graph = importGraph();

  it('reads the imports it checks (a feature lends its API file and index.ts)', () => {
    expect(graph.get('features/leaves/pages/leave-list-page.tsx')).toContain('features/leave-substitutes/index.ts');
    expect(graph.get('features/services/components/unit-select.tsx')).toContain('features/units/api/units-api.ts');
  });

  it("keeps lib/, components/ and features/ below app/, and a feature out of another's own files", () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it('reports a planted violation', () => {
    const planted = new Map(graph);
    planted.set('features/leaves/pages/planted-page.tsx', [
      'features/leaves/components/leave-form.tsx',
      'features/users/api/users-api.ts',
      'features/leave-substitutes/index.ts',
      'features/users/components/user-form.tsx',
      'lib/routes.ts',
      'pages/forbidden-page.tsx',
      'pages/unavailable-page.tsx',
      'app/menu.ts',
    ]);
    planted.set('components/planted.tsx', ['lib/forms.ts', 'features/units/api/units-api.ts']);
    planted.set('lib/planted.ts', ['components/page-header.tsx', 'app/route-pages.ts']);
    expect(boundaryViolations(planted)).toEqual([
      "features/leaves/pages/planted-page.tsx → features/users/components/user-form.tsx: another feature's own file (import its api/ or index.ts)",
      'features/leaves/pages/planted-page.tsx → pages/unavailable-page.tsx: leads to app/',
      'features/leaves/pages/planted-page.tsx → app/menu.ts: features/ imports app/',
      'components/planted.tsx → features/units/api/units-api.ts: components/ imports features/',
      'lib/planted.ts → components/page-header.tsx: lib/ imports components/',
      'lib/planted.ts → app/route-pages.ts: lib/ imports app/',
    ]);
  });

  it('gives each feature one API file, api/<feature>-api.ts', () => {
    const features = readdirSync(path.join(SRC, 'features'));
    const apiFiles = features.flatMap((f) => {
      const dir = path.join(SRC, 'features', f, 'api');
      return statSync(dir, { throwIfNoEntry: false })?.isDirectory()
        ? readdirSync(dir).map((name) => `features/${f}/api/${name}`)
        : [];
    });
    const others = apiFiles.filter((file) => !/^features\/([^/]+)\/api\/\1-api\.ts$/.test(file));
    expect(others).toEqual(Object.keys(OTHER_API_FILES));
    expect(apiFiles.length).toBeGreaterThan(20);
  });
});
