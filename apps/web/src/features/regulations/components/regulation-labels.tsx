import { formatDate, vnDayIso } from '@qlcv/common/format/date';
import { limitText } from '@qlcv/common/regulation-limits';
import type { RegulationLimit } from '@qlcv/common/schemas/regulations';
import { Tag } from 'antd';

/** Vietnam's date (UTC+7, no daylight saving), as the server reads `in_force`. */
export const vnToday = vnDayIso;

/** "01/01/2012 – 31/12/2025", or "Từ 01/01/2012" while it has no last day. */
export const validityText = (r: { valid_from: string; valid_to: string | null }) =>
  r.valid_to ? `${formatDate(r.valid_from)} – ${formatDate(r.valid_to)}` : `Từ ${formatDate(r.valid_from)}`;

/** In force today (green), not yet (blue: its first day is ahead), or no longer (grey). */
export function InForceTag({ regulation: r }: { regulation: { in_force: boolean; valid_from: string } }) {
  if (r.in_force)
    return (
      <Tag color="green" style={{ marginInlineEnd: 0 }}>
        Đang hiệu lực
      </Tag>
    );
  if (r.valid_from > vnToday())
    return (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        Chưa có hiệu lực
      </Tag>
    );
  return <Tag style={{ marginInlineEnd: 0 }}>Hết hiệu lực</Tag>;
}

/** A limit as the regulation prints it, with the formula its max is multiplied by: "≤ 50 × Kq × Kf". */
export function limitCellText(l: Pick<RegulationLimit, 'min' | 'max' | 'factors'>): string {
  const text = limitText(l);
  return l.factors.length > 0 && l.max !== null ? `${text} × ${l.factors.join(' × ')}` : text;
}

/** "C × Kq × Kf": the formula a limit with factors follows (C being the column's value). */
export const formulaText = (factors: readonly string[]) => (factors.length > 0 ? `C × ${factors.join(' × ')}` : null);
