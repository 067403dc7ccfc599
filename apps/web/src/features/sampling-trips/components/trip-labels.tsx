import { formatDate } from '@qlcv/common/format/date';
import { TRIP_STATUS_LABELS, type TripStatus } from '@qlcv/common/schemas/sampling-trips';
import { Tag } from 'antd';

const COLORS: Record<TripStatus, string> = { planned: 'blue', in_progress: 'orange', done: 'green', cancelled: 'default' };

export function TripStatusTag({ status }: { status: TripStatus }) {
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid="trip-status">
      {TRIP_STATUS_LABELS[status]}
    </Tag>
  );
}

/** "12/03/2027" or "12/03/2027 – 13/03/2027". */
export const tripDates = (t: { start_date: string; end_date: string }) =>
  t.start_date === t.end_date ? formatDate(t.start_date) : `${formatDate(t.start_date)} – ${formatDate(t.end_date)}`;
