// Multipart bodies (seed §7): nested objects and arrays flattened to bracketed names,
// e.g. items[0][service_id], attachments[].
type Value = unknown;

const isPlainObject = (v: Value): v is Record<string, Value> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

const isLeaf = (v: Value) => !Array.isArray(v) && !isPlainObject(v);

function leafValue(v: Value): string | Blob {
  if (typeof Blob !== 'undefined' && v instanceof Blob) return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'object' && v !== null && typeof (v as { toISOString?: unknown }).toISOString === 'function') {
    return (v as { toISOString(): string }).toISOString();
  }
  return String(v);
}

/** Flattens `data` to [name, value] pairs; null and undefined are left out. */
export function flattenFormEntries(data: Record<string, Value>): [string, string | Blob][] {
  const out: [string, string | Blob][] = [];
  const walk = (name: string, value: Value) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      // Arrays of plain values or files: name[]; arrays holding objects or arrays: name[i][...].
      const simple = value.every((v) => isLeaf(v));
      value.forEach((item, i) => {
        walk(simple ? `${name}[]` : `${name}[${i}]`, item);
      });
      return;
    }
    if (isPlainObject(value)) {
      for (const [key, v] of Object.entries(value)) walk(`${name}[${key}]`, v);
      return;
    }
    out.push([name, leafValue(value)]);
  };
  for (const [key, value] of Object.entries(data)) walk(key, value);
  return out;
}

export function toFormData(data: Record<string, Value>): FormData {
  const form = new FormData();
  for (const [name, value] of flattenFormEntries(data)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, (value as File).name ?? 'blob');
  }
  return form;
}

/** Query strings: arrays as comma lists (status=new,received); empty values left out. */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.append(key, value.join(','));
    } else if (value instanceof Date) search.append(key, value.toISOString());
    else search.append(key, String(value));
  }
  return search.toString();
}
