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

// A form sends every value as text. Where the route's body schema expects a number, its digits become that number
// here (`7`, and `1.5` where a fraction is allowed, `-1` to be refused by the schema's bounds) and nothing else does:
// `1e3`, `0x10`, ` 5` or `5,5` stay text and are refused by the schema, as JSON would be. JSON bodies are never
// converted, so "5" in JSON is refused too.

const FORM_INT = /^-?\d+$/;
const FORM_DECIMAL = /^-?\d+(\.\d+)?$/;

interface ZodLike {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, ZodLike>;
      element?: ZodLike;
      innerType?: ZodLike;
      in?: ZodLike;
      out?: ZodLike;
      options?: ZodLike[];
      left?: ZodLike;
      right?: ZodLike;
      getter?: () => ZodLike;
    };
  };
  isInt?: boolean;
}

const isZod = (s: unknown): s is ZodLike => typeof s === 'object' && s !== null && '_zod' in s;

/** The schema under optional, nullable, default and preprocess wrappers, and the number it expects if any. */
function unwrap(schema: ZodLike, depth = 0): ZodLike {
  const def = schema._zod.def;
  if (depth > 20) return schema;
  if (def.innerType) return unwrap(def.innerType, depth + 1);
  if (def.type === 'pipe' && def.in && def.out) {
    // A preprocess is a pipe from a transform: what it expects is its output's schema; `.transform()` the reverse.
    return unwrap(def.in._zod.def.type === 'transform' ? def.out : def.in, depth + 1);
  }
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter(), depth + 1);
  return schema;
}

function convert(schema: ZodLike, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH * 2 + 10) return value;
  const s = unwrap(schema);
  const def = s._zod.def;
  switch (def.type) {
    case 'number':
      if (typeof value !== 'string') return value;
      return (s.isInt ? FORM_INT : FORM_DECIMAL).test(value) ? Number(value) : value;
    case 'object': {
      if (!def.shape || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const shape = def.shape;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, Object.hasOwn(shape, k) ? convert(shape[k] as ZodLike, v, depth + 1) : v]),
      );
    }
    case 'array':
      return def.element && Array.isArray(value) ? value.map((v) => convert(def.element as ZodLike, v, depth + 1)) : value;
    case 'union': {
      // A value any option would take as a number is one; otherwise the first option of its own kind converts it.
      const options = (def.options ?? []).map((o) => unwrap(o));
      if (typeof value === 'string') {
        const num = options.find((o) => o._zod.def.type === 'number');
        return num ? convert(num, value, depth + 1) : value;
      }
      const kind = Array.isArray(value) ? 'array' : typeof value === 'object' && value !== null ? 'object' : null;
      const same = options.find((o) => o._zod.def.type === kind);
      return same ? convert(same, value, depth + 1) : value;
    }
    case 'intersection':
      return def.left && def.right ? convert(def.right, convert(def.left, value, depth + 1), depth + 1) : value;
    default:
      return value;
  }
}

/** A form's body with the digits of every field its schema takes as a number made numbers; the rest as sent. */
export function numbersFromForm(schema: unknown, body: Record<string, unknown>): Record<string, unknown> {
  return isZod(schema) ? (convert(schema, body, 0) as Record<string, unknown>) : body;
}
