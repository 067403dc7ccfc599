import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// A small scanner of our TypeScript sources for the house rules (house-rules.test.ts): the imports of each file
// (`import`, `import type`, `export … from`, `import()`) and the query-builder calls, without a parser dependency.
// It tokenizes just enough (comments, strings, template literals with their `${}`, regular expressions) that text inside
// them is never taken for code.

export interface Token {
  kind: 'id' | 'str' | 'tpl' | 'punct';
  text: string;
  line: number;
}

const ID_START = /[A-Za-z_$]/;
const ID_PART = /[\w$]/;
// After these a `/` starts a regular expression; after anything else (a name, a number, `)` or `]`) it divides.
const REGEX_AFTER_KEYWORD = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  // Each open `{`: true when it opened a template's `${`, so its `}` resumes the template.
  const braces: boolean[] = [];
  const push = (kind: Token['kind'], text: string, at: number) => out.push({ kind, text, line: at });

  const regexAllowed = () => {
    const prev = out[out.length - 1];
    if (!prev) return true;
    if (prev.kind === 'punct') return ![')', ']', '}'].includes(prev.text);
    if (prev.kind === 'id') return REGEX_AFTER_KEYWORD.has(prev.text);
    return false;
  };

  /** From just after a backtick or a `}` closing a substitution: to the closing backtick or the next `${`. */
  const templatePart = (): void => {
    const start = line;
    let text = '';
    while (i < src.length) {
      const c = src[i];
      if (c === '\\') {
        text += src.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === '`') {
        i += 1;
        push('tpl', text, start);
        return;
      }
      if (c === '$' && src[i + 1] === '{') {
        i += 2;
        push('tpl', text, start);
        braces.push(true);
        return;
      }
      if (c === '\n') line += 1;
      text += c;
      i += 1;
    }
  };

  while (i < src.length) {
    const c = src[i] as string;
    if (c === '\n') {
      line += 1;
      i += 1;
    } else if (/\s/.test(c)) {
      i += 1;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i += 1;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      for (let k = i; k < stop; k++) if (src[k] === '\n') line += 1;
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== c && src[j] !== '\n') {
        if (src[j] === '\\') {
          text += src[j + 1];
          j += 2;
        } else {
          text += src[j];
          j += 1;
        }
      }
      push('str', text, line);
      i = j + 1;
    } else if (c === '`') {
      i += 1;
      templatePart();
    } else if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n') {
        if (src[j] === '\\') j += 2;
        else if (src[j] === '/' && !inClass) break;
        else {
          if (src[j] === '[') inClass = true;
          if (src[j] === ']') inClass = false;
          j += 1;
        }
      }
      j += 1;
      while (j < src.length && ID_PART.test(src[j] as string)) j += 1;
      push('punct', 'regex', line);
      i = j;
    } else if (ID_START.test(c)) {
      let j = i + 1;
      while (j < src.length && ID_PART.test(src[j] as string)) j += 1;
      push('id', src.slice(i, j), line);
      i = j;
    } else if (/\d/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[\w.]/.test(src[j] as string)) j += 1;
      push('id', src.slice(i, j), line);
      i = j;
    } else if (c === '{') {
      braces.push(false);
      push('punct', c, line);
      i += 1;
    } else if (c === '}') {
      i += 1;
      if (braces.pop()) templatePart();
      else push('punct', c, line);
    } else {
      // `?.` and `...` matter below only as "not a plain dot"; every other punctuator is one character.
      if (src.startsWith('?.', i) && !/\d/.test(src[i + 2] ?? '')) {
        push('punct', '?.', line);
        i += 2;
      } else if (src.startsWith('...', i)) {
        push('punct', '...', line);
        i += 3;
      } else {
        push('punct', c, line);
        i += 1;
      }
    }
  }
  return out;
}

export interface ImportRef {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/** Every module a file names: static imports and re-exports (type-only ones too), `import()` and `require()`. */
export function importsOf(src: string): ImportRef[] {
  const t = tokenize(src);
  const refs: ImportRef[] = [];
  for (let k = 0; k < t.length; k++) {
    const tok = t[k] as Token;
    if (tok.kind !== 'id' || (tok.text !== 'import' && tok.text !== 'export' && tok.text !== 'require')) continue;
    const prev = t[k - 1];
    if (prev?.kind === 'punct' && (prev.text === '.' || prev.text === '?.')) continue;
    const next = t[k + 1];
    // import('x'), require('x'), import 'x'
    if (tok.text !== 'export' && next?.text === '(' && t[k + 2]?.kind === 'str') {
      refs.push({ specifier: (t[k + 2] as Token).text, line: tok.line, typeOnly: false });
      continue;
    }
    if (tok.text === 'require') continue;
    if (tok.text === 'import' && next?.kind === 'str') {
      refs.push({ specifier: next.text, line: tok.line, typeOnly: false });
      continue;
    }
    const typeOnly = next?.text === 'type';
    // export { … } from 'x', export * from 'x', export type { … } from 'x'; not export const/function/class/default.
    if (tok.text === 'export') {
      const first = typeOnly ? t[k + 2] : next;
      if (first?.text !== '{' && first?.text !== '*') continue;
    }
    // The clause: names, braces, commas and `*`, up to `from 'x'` (or `= require('x')`); anything else ends it.
    for (let j = k + 1; j < t.length; j++) {
      const u = t[j] as Token;
      if (u.kind === 'id' && u.text === 'from' && t[j + 1]?.kind === 'str') {
        refs.push({ specifier: (t[j + 1] as Token).text, line: tok.line, typeOnly });
        break;
      }
      if (u.text === '=' && t[j + 1]?.text === 'require' && t[j + 2]?.text === '(' && t[j + 3]?.kind === 'str') {
        refs.push({ specifier: (t[j + 3] as Token).text, line: tok.line, typeOnly });
        break;
      }
      if (!(u.kind === 'id' || ['{', '}', ',', '*'].includes(u.text))) break;
    }
  }
  return refs;
}

/** Query-builder entry points: a call to one of these on anything is SQL being built. */
export const QUERY_BUILDER_CALLS = [
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'selectNoFrom',
];

export interface SqlUse {
  what: string;
  line: number;
}

/** Where a file builds SQL: `.selectFrom(` and its kin, the `sql` tag (`sql\`…\``, `sql<T>\`…\``, `sql.raw(…)`). */
export function sqlUses(src: string): SqlUse[] {
  const t = tokenize(src);
  const uses: SqlUse[] = [];
  for (let k = 0; k < t.length; k++) {
    const tok = t[k] as Token;
    if (tok.kind !== 'id') continue;
    const prev = t[k - 1];
    const next = t[k + 1];
    const afterDot = prev?.kind === 'punct' && (prev.text === '.' || prev.text === '?.');
    if (afterDot && QUERY_BUILDER_CALLS.includes(tok.text) && next?.text === '(') uses.push({ what: tok.text, line: tok.line });
    if (!afterDot && (tok.text === 'sql' || tok.text === 'CompiledQuery')) {
      if (next?.kind === 'tpl' || next?.text === '<' || (next?.text === '.' && t[k + 2]?.kind === 'id'))
        uses.push({ what: tok.text === 'sql' ? 'sql`…`' : 'CompiledQuery', line: tok.line });
    }
  }
  return uses;
}

/** The .ts/.tsx files under `dir`, as paths relative to `root`, with / separators. */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const p = path.join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

/**
 * The file an import names, relative to `root`, or null for a package. `@qlcv/common/x` is packages/common/src/x;
 * `@/x` (the web app's alias) is apps/web/src/x.
 */
export function resolveImport(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@qlcv/common/')) base = `packages/common/src/${specifier.slice('@qlcv/common/'.length)}`;
  else if (specifier.startsWith('@/')) base = `apps/web/src/${specifier.slice(2)}`;
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  // Named but missing (a .js, .json or .css file, or a typo tsc reports): not a source of ours.
  return null;
}

export type ImportGraph = Map<string, { to: string; line: number }[]>;

/** file → the files of ours it imports, for every source file under `dirs`. */
export function importGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(root, dir)) {
      const edges: { to: string; line: number }[] = [];
      for (const ref of importsOf(readFileSync(path.join(root, file), 'utf8'))) {
        const to = resolveImport(root, file, ref.specifier);
        if (to) edges.push({ to, line: ref.line });
      }
      graph.set(file, edges);
    }
  }
  return graph;
}

/** The circles of a graph: each strongly connected set of two or more files (or a file importing itself), sorted. */
export function circles(graph: ReadonlyMap<string, readonly { to: string }[]>): string[][] {
  // Tarjan's algorithm, iterative (a deep import chain must not overflow the stack).
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    idx.set(start, index);
    low.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = (edges[frame.edge] as { to: string }).to;
        frame.edge += 1;
        if (!idx.has(to)) {
          idx.set(to, index);
          low.set(to, index);
          index += 1;
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, idx.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === idx.get(frame.node)) {
        const set: string[] = [];
        let n: string | undefined;
        do {
          n = stack.pop() as string;
          onStack.delete(n);
          set.push(n);
        } while (n !== frame.node);
        const selfLoop = set.length === 1 && edges.some((e) => e.to === frame.node);
        if (set.length > 1 || selfLoop) found.push(set.sort());
      }
    }
  }
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
