/** A JSON text column read back (PostgreSQL's driver may already have parsed it); unreadable text gives null. */
export function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The same, when only an object makes sense (a payload, template data). */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  const v = parseJson(text);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
