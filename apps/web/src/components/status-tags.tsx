import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { Tag, Tooltip, Typography } from 'antd';

// Tags shown alike on requests and works pages.

const PRIORITY_COLORS: Record<string, string> = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' };

const WORK_STATUS_COLORS: Record<string, string> = {
  todo: 'default',
  in_progress: 'processing',
  on_hold: 'warning',
  done: 'success',
  cancelled: 'error',
};

export function PriorityTag({ priority }: { priority: string }) {
  return <Tag color={PRIORITY_COLORS[priority] ?? 'default'}>{PRIORITY_LABELS[priority] ?? priority}</Tag>;
}

export function WorkStatusTag({ status }: { status: string }) {
  return (
    <Tag color={WORK_STATUS_COLORS[status] ?? 'default'} data-testid="work-status">
      {WORK_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

/** A due time, red with "Quá hạn" when overdue; "—" when there is none (yet). */
export function Deadline({
  value,
  overdue,
  overdueTitle = 'Đã quá hạn hoàn thành',
}: {
  value: string | null;
  overdue: boolean;
  overdueTitle?: string;
}) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography.Text type={overdue ? 'danger' : undefined}>
        <ClockCircleOutlined style={{ marginInlineEnd: 4 }} />
        {formatDateTime(value)}
      </Typography.Text>
      {overdue && (
        <Tooltip title={overdueTitle}>
          <Tag color="red" icon={<WarningOutlined />} style={{ marginInlineEnd: 0 }} data-testid="overdue">
            Quá hạn
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}
