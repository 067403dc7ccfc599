import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { Tag, Tooltip, Typography } from 'antd';

export const WORK_STATUS_COLORS: Record<string, string> = {
  todo: 'default',
  in_progress: 'processing',
  on_hold: 'warning',
  done: 'success',
  cancelled: 'error',
};

const PRIORITY_COLORS: Record<string, string> = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' };

export function WorkStatusTag({ status }: { status: string }) {
  return (
    <Tag color={WORK_STATUS_COLORS[status] ?? 'default'} data-testid="work-status">
      {WORK_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: string }) {
  return <Tag color={PRIORITY_COLORS[priority] ?? 'default'}>{PRIORITY_LABELS[priority] ?? priority}</Tag>;
}

/** A deadline, red with "Quá hạn" when overdue; "—" when there is none. */
export function Deadline({ value, overdue }: { value: string | null; overdue: boolean }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography.Text type={overdue ? 'danger' : undefined}>
        <ClockCircleOutlined style={{ marginInlineEnd: 4 }} />
        {formatDateTime(value)}
      </Typography.Text>
      {overdue && (
        <Tooltip title="Đã quá hạn hoàn thành">
          <Tag color="red" icon={<WarningOutlined />} style={{ marginInlineEnd: 0 }} data-testid="overdue">
            Quá hạn
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}
