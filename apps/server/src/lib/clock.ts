/** ISO 8601 UTC time, the only time format stored and sent. */
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
