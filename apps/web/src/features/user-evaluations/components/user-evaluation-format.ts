import { formatDate } from '@qlcv/common/format/date';

/** "01/10/2026 – 31/12/2026". */
export const periodText = (e: { period_start: string; period_end: string }) =>
  `${formatDate(e.period_start)} – ${formatDate(e.period_end)}`;

/** A measured or typed value: "87,5"; "—" when none. */
export const formatValue = (value: number | null | undefined, unit?: string | null) =>
  value === null || value === undefined
    ? '—'
    : `${String(Math.round(value * 100) / 100).replace('.', ',')}${unit ? ` ${unit}` : ''}`;
