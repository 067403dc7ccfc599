import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { Tag } from 'antd';
import { Deadline } from '@/components/status-tags';

const REQUEST_STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  received: 'cyan',
  in_progress: 'processing',
  on_hold: 'warning',
  completed: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export function RequestStatusTag({ status }: { status: string }) {
  return (
    <Tag color={REQUEST_STATUS_COLORS[status] ?? 'default'} data-testid="request-status">
      {REQUEST_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

/** A request's due time (its works' deadlines use `Deadline` as such). */
export function DueDate({ value, overdue }: { value: string | null; overdue: boolean }) {
  return <Deadline value={value} overdue={overdue} overdueTitle="Đã quá hạn xử lý" />;
}
