import { type DateInput, toDate } from './date';

// Relative time in Vietnamese (seed §9): seconds up to years, 30-day months, 365-day years.
const UNITS: readonly [seconds: number, label: string][] = [
  [365 * 24 * 3600, 'năm'],
  [30 * 24 * 3600, 'tháng'],
  [24 * 3600, 'ngày'],
  [3600, 'giờ'],
  [60, 'phút'],
  [1, 'giây'],
];

/** "5 phút trước", "2 năm trước"; a future time reads "5 phút nữa"; under one second "vừa xong". */
export function timeAgo(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const ref = toDate(now);
  if (!date || !ref) return '';
  const diff = Math.floor((ref.getTime() - date.getTime()) / 1000);
  const abs = Math.abs(diff);
  if (abs < 1) return 'vừa xong';
  for (const [size, label] of UNITS) {
    if (abs >= size) {
      const count = Math.floor(abs / size);
      return diff > 0 ? `${count} ${label} trước` : `${count} ${label} nữa`;
    }
  }
  return 'vừa xong';
}
