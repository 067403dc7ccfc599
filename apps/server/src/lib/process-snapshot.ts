import { type ProcessSnapshot, processSnapshotSchema } from '@qlcv/common/schemas/processes';

/** A request's frozen process (its `process_snapshot` column, JSON text or already parsed), or null when unreadable. */
export function parseSnapshot(json: string | null): ProcessSnapshot | null {
  if (!json) return null;
  try {
    const parsed = processSnapshotSchema.safeParse(typeof json === 'string' ? JSON.parse(json) : json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The step whose work gives the request its result: the one marked so, or the last step when none is. */
export function resultStepOf(snapshot: ProcessSnapshot): ProcessSnapshot['steps'][number] | undefined {
  return snapshot.steps.find((s) => s.produces_result) ?? snapshot.steps.at(-1);
}
