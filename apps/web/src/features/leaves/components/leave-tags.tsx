import { formatDate } from '@qlcv/common/format/date';
import { LEAVE_STATUS_LABELS } from '@qlcv/common/schemas/leaves';
import { Tag, Tooltip } from 'antd';

const STATUS_COLORS: Record<string, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

const HALF_SHORT: Record<string, string> = { morning: 'sáng', afternoon: 'chiều' };

export function LeaveStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="leave-status">
      {LEAVE_STATUS_LABELS[status as keyof typeof LEAVE_STATUS_LABELS] ?? status}
    </Tag>
  );
}

/** The type with its timekeeping symbol: `P Nghỉ phép năm`. */
export function LeaveTypeTag({ type }: { type: { name: string; symbol: string } | null | undefined }) {
  if (!type) return <span>—</span>;
  return (
    <Tooltip title={`Ký hiệu chấm công: ${type.symbol}`}>
      <Tag color="geekblue">
        <b>{type.symbol}</b> {type.name}
      </Tag>
    </Tooltip>
  );
}

/** DD/MM/YYYY, with "(sáng)" or "(chiều)" for a half day. */
export const leaveDay = (date: string, half: string) => `${formatDate(date)}${HALF_SHORT[half] ? ` (${HALF_SHORT[half]})` : ''}`;

/** One day, or "from – to". */
export function leaveDates(l: { start_date: string; start_half: string; end_date: string; end_half: string }): string {
  if (l.start_date === l.end_date) return leaveDay(l.start_date, l.start_half);
  return `${leaveDay(l.start_date, l.start_half)} – ${leaveDay(l.end_date, l.end_half)}`;
}

/** 1,5 ngày. */
export const formatDays = (days: number) => `${String(days).replace('.', ',')} ngày`;
