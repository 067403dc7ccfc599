import { WarningOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { Tag, Tooltip, Typography } from 'antd';
import { dayjs } from '@/lib/dayjs';

/** Whether a deadline (YYYY-MM-DD, end of that day) has passed. */
export const isPast = (date: string | null | undefined) => !!date && dayjs().format('YYYY-MM-DD') > date;

/** The step's deadline; red with "Trễ hạn" when it passed before the step was done. */
export function DeadlineText({
  date,
  late,
  label,
  plain,
}: {
  date: string | null | undefined;
  late: boolean;
  label: string;
  /** Beside its own label: the date alone, at the normal size. */
  plain?: boolean;
}) {
  if (!date) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type={late ? 'danger' : plain ? undefined : 'secondary'} style={plain ? undefined : { fontSize: 12 }}>
        {plain ? formatDate(date) : `${label}: ${formatDate(date)}`}
      </Typography.Text>
      {late && (
        <Tooltip title={`Đã quá hạn (${label.toLowerCase()})`}>
          <Tag color="red" icon={<WarningOutlined />} style={{ marginInlineStart: 6, marginInlineEnd: 0 }} data-testid="late">
            Trễ hạn
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** Both deadlines of a user evaluation; the one its status still waits for shows late once past. */
export function Deadlines({
  status,
  self,
  review,
  closed,
}: {
  status: string;
  self: string | null | undefined;
  review: string | null | undefined;
  closed?: boolean;
}) {
  return (
    <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.5 }}>
      <DeadlineText date={self} label="Tự đánh giá" late={!closed && status === 'draft' && isPast(self)} />
      <DeadlineText date={review} label="Quản lý" late={!closed && status === 'self_assessed' && isPast(review)} />
    </span>
  );
}
