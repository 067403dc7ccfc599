import { WarningOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import {
  CONTRACT_EXPIRING_DAYS,
  CONTRACT_RUNNING_STATUSES,
  CONTRACT_STATUS_LABELS,
  type ContractStatus,
} from '@qlcv/common/schemas/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { dayjs } from '@/lib/dayjs';

// Contract tags shown alike on the contracts pages, a customer's page and a request's page.

const STATUS_COLORS: Record<ContractStatus, string> = {
  draft: 'default',
  pending_approval: 'gold',
  signed: 'blue',
  in_progress: 'processing',
  completed: 'success',
  liquidated: 'purple',
  cancelled: 'error',
};

export function ContractStatusTag({ status }: { status: ContractStatus }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="contract-status">
      {CONTRACT_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

/** Days left before the end date of a running contract within the reminder window, else null. */
export function expiringIn(c: { status: ContractStatus; end_date: string }): number | null {
  if (!CONTRACT_RUNNING_STATUSES.includes(c.status)) return null;
  const days = dayjs(c.end_date).startOf('day').diff(dayjs().startOf('day'), 'day');
  return days >= 0 && days <= CONTRACT_EXPIRING_DAYS ? days : null;
}

/** The end date, with "Sắp hết hạn" while a running contract ends within 30 days (`compact`: an icon saying so). */
export function ContractEndDate({
  contract,
  compact,
}: {
  contract: { status: ContractStatus; end_date: string };
  compact?: boolean;
}) {
  const days = expiringIn(contract);
  const left = days === 0 ? 'hết hạn hôm nay' : `còn ${days} ngày`;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {formatDate(contract.end_date)}
      {days !== null &&
        (compact ? (
          <Tooltip title={`Sắp hết hạn: ${left}`}>
            <WarningOutlined
              style={{ color: '#faad14', marginInlineStart: 6 }}
              aria-label={`Sắp hết hạn, ${left}`}
              data-testid="contract-expiring"
            />
          </Tooltip>
        ) : (
          <Tooltip title={left[0]?.toUpperCase() + left.slice(1)}>
            <Tag color="warning" icon={<WarningOutlined />} style={{ marginInlineStart: 6 }} data-testid="contract-expiring">
              Sắp hết hạn
            </Tag>
          </Tooltip>
        ))}
    </span>
  );
}

/** A date or a grey dash. */
export function DateOrDash({ value }: { value: string | null }) {
  return value ? <span>{formatDate(value)}</span> : <Typography.Text type="secondary">—</Typography.Text>;
}
