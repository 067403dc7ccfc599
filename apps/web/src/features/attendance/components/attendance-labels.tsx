import { CHECK_METHOD_LABELS, CORRECTION_STATUS_LABELS } from '@qlcv/common/schemas/attendance';
import { Tag } from 'antd';
import type { CheckMethod, CorrectionStatus, ShiftHours } from '../api/attendance-api';

export const methodLabel = (method: string) => CHECK_METHOD_LABELS[method as CheckMethod] ?? method;

export { CORRECTION_STATUS_LABELS };

const STATUS_COLORS: Record<string, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export function CorrectionStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="correction-status">
      {CORRECTION_STATUS_LABELS[status as CorrectionStatus] ?? status}
    </Tag>
  );
}

/** "08:00–12:00, 13:30–17:30". */
export const shiftText = (s: ShiftHours) => `${s.morning_start}–${s.morning_end}, ${s.afternoon_start}–${s.afternoon_end}`;

/** "1 giờ 05 phút", "12 phút". */
export function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} phút`;
  const m = minutes % 60;
  return `${Math.floor(minutes / 60)} giờ${m ? ` ${String(m).padStart(2, '0')} phút` : ''}`;
}
