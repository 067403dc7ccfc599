// Vietnam keeps UTC+7 all year (no daylight saving): day and month boundaries are fixed offsets from UTC.
const OFFSET_MS = 7 * 60 * 60 * 1000;

/** The instant a Vietnamese day (`YYYY-MM-DD`) begins, as UTC ISO. */
export function vnDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - OFFSET_MS).toISOString();
}

/** The instant after a Vietnamese day ends (the next day's start), as UTC ISO: `to` filters are inclusive. */
export function vnDayEnd(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1) - OFFSET_MS).toISOString();
}

/** `yymm` of an instant in Vietnam time: the month part of the codes YC2611-0007 and CV2611-0012. */
export function vnYymm(at: Date = new Date()): string {
  const local = new Date(at.getTime() + OFFSET_MS);
  return `${String(local.getUTCFullYear() % 100).padStart(2, '0')}${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Today's date in Vietnam, `YYYY-MM-DD`. */
export function vnToday(at: Date = new Date()): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

export const addHours = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString();
export const addMs = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
