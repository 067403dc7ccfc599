import { invalid } from './errors';

// Multipart forms carry nested objects and arrays as bracketed names (`items[0][service_id]`, `attachments[]`).
// They are turned back into objects here, before validation, and never through a path that can reach a prototype.

export const MAX_DEPTH = 5;
export const MAX_INDEX = 1000;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** A segment of a field name: a key, an array index, or `null` for `[]` (append). */
export type Segment = string | number | null;

/**
 * `items[0][service_id]` → ['items', 0, 'service_id']; `attachments[]` → ['attachments', null].
 * Refuses (422, on that field) malformed names, prototype keys, indexes above 1000 and more than 5 brackets.
 */
export function parseFieldName(name: string): Segment[] {
  const m = NAME.exec(name);
  if (!m) throw invalid(name, `Tên trường "${name}" không hợp lệ.`);
  const base = m[1] as string;
  const rest = [...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] as string);
  if (rest.length > MAX_DEPTH) throw invalid(name, `Tên trường "${name}" lồng quá ${MAX_DEPTH} cấp.`);
  const segments: Segment[] = [base];
  for (const raw of rest) {
    if (raw === '') segments.push(null);
    else if (/^\d+$/.test(raw)) {
      const index = Number(raw);
      if (index > MAX_INDEX) throw invalid(name, `Chỉ số trong tên trường "${name}" vượt quá ${MAX_INDEX}.`);
      segments.push(index);
    } else segments.push(raw);
  }
  for (const s of segments) {
    if (typeof s === 'string' && FORBIDDEN.has(s.trim())) throw invalid(name, `Tên trường "${name}" không được phép.`);
  }
  return segments;
}

type Node =
  | { kind: 'leaf'; value: unknown }
  | { kind: 'object'; items: Map<string, Node> }
  | { kind: 'array'; items: Map<number, Node> };

const conflictError = (name: string) => invalid(name, `Trường "${name}" bị gửi trùng hoặc mâu thuẫn với một trường khác.`);

function containerFor(segment: Segment): Node {
  return typeof segment === 'string' ? { kind: 'object', items: new Map() } : { kind: 'array', items: new Map() };
}

/** The key a segment takes inside a container, or a conflict (a key on an array, `[]` on an object). */
function keyIn(node: Node, segment: Segment, name: string): string | number {
  if (node.kind === 'object') {
    if (segment === null) throw conflictError(name);
    return String(segment);
  }
  if (node.kind === 'array') {
    if (typeof segment === 'string') throw conflictError(name);
    if (segment === null) return node.items.size === 0 ? 0 : Math.max(...node.items.keys()) + 1;
    return segment;
  }
  throw conflictError(name);
}

function toValue(node: Node): unknown {
  if (node.kind === 'leaf') return node.value;
  if (node.kind === 'array') {
    // Indexes are positions, not keys: `items[0]`, `items[5]` give a two-item array, in index order.
    return [...node.items.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => toValue(v));
  }
  // fromEntries defines own properties: no key can reach a prototype even if one slipped through.
  return Object.fromEntries([...node.items.entries()].map(([k, v]) => [k, toValue(v)]));
}

/**
 * Builds the nested body of a form from its `[name, value]` pairs. A name sent twice, or used both as a value and
 * as a parent (`a=1` and `a[b]=2`), is refused with 422 rather than guessed at.
 */
export function parseBracketed(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const root: Node = { kind: 'object', items: new Map() };
  for (const [name, value] of entries) {
    const segments = parseFieldName(name);
    let node: Node = root;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as Segment;
      const key = keyIn(node, segment, name);
      const items: Map<string | number, Node> = (node as { items: Map<string | number, Node> }).items;
      const last = i === segments.length - 1;
      const existing: Node | undefined = items.get(key);
      if (last) {
        if (existing) throw conflictError(name);
        items.set(key, { kind: 'leaf', value });
      } else {
        const next = segments[i + 1] as Segment;
        if (existing) {
          if (existing.kind === 'leaf') throw conflictError(name);
          node = existing;
        } else {
          const created = containerFor(next);
          items.set(key, created);
          node = created;
        }
      }
    }
  }
  return toValue(root) as Record<string, unknown>;
}
