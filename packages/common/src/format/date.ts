// Date display of seed §9: DD/MM/YYYY, MM/YYYY, DD/MM/YYYY HH:mm(:ss), in Vietnam time by default.
export type DateInput = string | number | Date | { toDate(): Date } | null | undefined;

export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

export interface DateFormatOptions {
  /** IANA zone the instant is shown in; `Asia/Ho_Chi_Minh` unless given. */
  timeZone?: string;
}

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Turns any accepted input into a Date, or null when it is empty or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'object' && typeof value.toDate === 'function') date = value.toDate();
  else date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(value: DateInput, options: DateFormatOptions = {}): Parts | null {
  // A calendar date (YYYY-MM-DD) has no time zone: show it as written.
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return { year: m[1]!, month: m[2]!, day: m[3]!, hour: '00', minute: '00', second: '00' };
  }
  const date = toDate(value);
  if (!date) return null;
  const out: Record<string, string> = {};
  for (const p of formatter(options.timeZone ?? DEFAULT_TIME_ZONE).formatToParts(date)) out[p.type] = p.value;
  return {
    year: out.year ?? '',
    month: out.month ?? '',
    day: out.day ?? '',
    hour: out.hour === '24' ? '00' : (out.hour ?? ''),
    minute: out.minute ?? '',
    second: out.second ?? '',
  };
}

/** 2026-11-05 → "05/11/2026" */
export function formatDate(value: DateInput, options?: DateFormatOptions): string {
  const p = parts(value, options);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** 2026-11-05 → "11/2026" */
export function formatMonth(value: DateInput, options?: DateFormatOptions): string {
  const p = parts(value, options);
  return p ? `${p.month}/${p.year}` : '';
}

/** → "05/11/2026 14:30" */
export function formatDateTime(value: DateInput, options?: DateFormatOptions): string {
  const p = parts(value, options);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** → "05/11/2026 14:30:09" */
export function formatDateTimeSeconds(value: DateInput, options?: DateFormatOptions): string {
  const p = parts(value, options);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}` : '';
}

/** → "14:30" */
export function formatTime(value: DateInput, options?: DateFormatOptions): string {
  const p = parts(value, options);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** The hour (0–23) of the instant in the zone; null for an empty or invalid input. */
export function hourOf(value: DateInput, options?: DateFormatOptions): number | null {
  const p = parts(value, options);
  return p ? Number(p.hour) : null;
}

const WEEKDAYS = ['Chủ nhật', 'Thứ hai', 'Thứ ba', 'Thứ tư', 'Thứ năm', 'Thứ sáu', 'Thứ bảy'];

/** → "Thứ sáu, 27/11/2026" (the day in the zone). */
export function formatWeekdayDate(value: DateInput, options?: DateFormatOptions): string {
  const p = parts(value, options);
  if (!p) return '';
  const weekday = WEEKDAYS[new Date(Date.UTC(+p.year, +p.month - 1, +p.day)).getUTCDay()];
  return `${weekday}, ${p.day}/${p.month}/${p.year}`;
}

/**
 * The wall-clock time in the zone as a Date whose UTC fields hold it: for spreadsheets, whose cells have no
 * time zone. A calendar date (YYYY-MM-DD) stays that day at 00:00.
 */
export function wallClockDate(value: DateInput, options?: DateFormatOptions): Date | null {
  const p = parts(value, options);
  return p ? new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second)) : null;
}

/** Today's date in Vietnam (UTC+7, no daylight saving) as `YYYY-MM-DD`, whatever the device's zone. */
export const vnDayIso = (now: Date = new Date()): string => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
