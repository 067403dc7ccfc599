import { formatTime, formatWeekdayDate } from '@qlcv/common/format/date';
import { Card, Descriptions, Tag, Typography } from 'antd';
import type { AttendanceDay, AttendanceToday } from '../api/attendance-api';
import { methodLabel, minutesText, shiftText } from './attendance-labels';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Today at a glance: the shift that applies, when I came in and left, late or early, where I may check in. */
export function TodayCard({ today, day }: { today: AttendanceToday; day: AttendanceDay | undefined }) {
  const ins = today.checks.filter((c) => c.kind === 'in');
  const outs = today.checks.filter((c) => c.kind === 'out');
  const firstIn = ins[0];
  const lastOut = outs[outs.length - 1];
  return (
    <Card title={`Hôm nay · ${formatWeekdayDate(today.date)}`} size="small">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'shift', label: 'Ca làm', children: today.shift ? shiftText(today.shift) : 'Hôm nay không phải ngày làm việc' },
          {
            key: 'in',
            label: 'Giờ vào',
            children: firstIn ? (
              <span data-testid="today-in">
                {formatTime(firstIn.at)}
                <Typography.Text type="secondary"> · {methodLabel(firstIn.method)}</Typography.Text>
                {day && day.late_minutes > 0 && (
                  <Tag color="orange" style={{ marginInlineStart: 8 }}>
                    Muộn {minutesText(day.late_minutes)}
                  </Tag>
                )}
              </span>
            ) : (
              <Typography.Text type="secondary">Chưa chấm công vào</Typography.Text>
            ),
          },
          {
            key: 'out',
            label: 'Giờ ra',
            children: lastOut ? (
              <span data-testid="today-out">
                {formatTime(lastOut.at)}
                <Typography.Text type="secondary"> · {methodLabel(lastOut.method)}</Typography.Text>
                {day && day.early_minutes > 0 && (
                  <Tag color="orange" style={{ marginInlineStart: 8 }}>
                    Về sớm {minutesText(day.early_minutes)}
                  </Tag>
                )}
              </span>
            ) : (
              dash
            ),
          },
          {
            key: 'sites',
            label: 'Nơi được chấm',
            children:
              today.sites.length > 0
                ? today.sites.map((s) => `${s.name} (bán kính ${s.radius_m} m)`).join('; ')
                : today.office_ip
                  ? 'Mạng văn phòng'
                  : 'Chưa có địa điểm nào cho bạn — hãy báo bộ phận nhân sự.',
          },
        ]}
      />
    </Card>
  );
}
