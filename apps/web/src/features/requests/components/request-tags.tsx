import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { PRIORITY_LABELS, REQUEST_STATUS_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { Tag, Tooltip, Typography } from 'antd';

export const REQUEST_STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  received: 'cyan',
  in_progress: 'processing',
  on_hold: 'warning',
  completed: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export const PRIORITY_COLORS: Record<string, string> = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' };

const WORK_STATUS_COLORS: Record<string, string> = {
  todo: 'default',
  in_progress: 'processing',
  on_hold: 'warning',
  done: 'success',
  cancelled: 'default',
};

export function RequestStatusTag({ status }: { status: string }) {
  return (
    <Tag color={REQUEST_STATUS_COLORS[status] ?? 'default'} data-testid="request-status">
      {REQUEST_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: string }) {
  return <Tag color={PRIORITY_COLORS[priority] ?? 'default'}>{PRIORITY_LABELS[priority] ?? priority}</Tag>;
}

export function WorkStatusTag({ status }: { status: string }) {
  return <Tag color={WORK_STATUS_COLORS[status] ?? 'default'}>{WORK_STATUS_LABELS[status] ?? status}</Tag>;
}

/** A due time, marked red with "Quá hạn" when overdue; "—" when there is none yet. */
export function DueDate({ value, overdue }: { value: string | null; overdue: boolean }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography.Text type={overdue ? 'danger' : undefined}>
        <ClockCircleOutlined style={{ marginInlineEnd: 4 }} />
        {formatDateTime(value)}
      </Typography.Text>
      {overdue && (
        <Tooltip title="Đã quá hạn xử lý">
          <Tag color="red" icon={<WarningOutlined />} style={{ marginInlineEnd: 0 }} data-testid="overdue">
            Quá hạn
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}
