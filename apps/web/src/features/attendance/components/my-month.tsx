import { formatDate } from '@qlcv/common/format/date';
import { type DayKind, dayKindOf } from '@qlcv/common/work-calendar';
import { Button, Card, DatePicker, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/page-states';
import { useCompanyHolidays, useCompanySettings } from '@/features/company-settings/api/company-settings-api';
import { dayjs } from '@/lib/dayjs';
import { urlFor } from '@/lib/routes';
import { type AttendanceDay, useAttendanceDays } from '../api/attendance-api';
import { minutesText } from './attendance-labels';

const WEEKDAY = ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'];

/** "Nghỉ phép năm – P", "Công tác – CT", "Nghỉ phép năm – X/P": the day's leaves or trip with the grid's symbol. */
const leaveText = (day: AttendanceDay) => `${day.leaves.map((l) => l.name).join(', ')} – ${day.symbol}`;

/**
 * The day's leave or trip: in place of the times (`inline`, full size), or a tag beside the marks; green for a trip,
 * which counts as worked.
 */
export function DayLeave({ day, inline }: { day: AttendanceDay; inline?: boolean }) {
  const trip = day.leaves.every((l) => l.counts_as_worked);
  return inline ? (
    <Typography.Text type={trip ? 'success' : undefined} data-testid="attendance-day-leave">
      {leaveText(day)}
    </Typography.Text>
  ) : (
    <Tag color={trip ? 'green' : 'blue'} data-testid="attendance-day-leave" style={{ marginInlineEnd: 0 }}>
      {leaveText(day)}
    </Tag>
  );
}

/** The marks of one day: its leave or trip (`withLeave`), late, early, forgotten check-out or check-in, its correction. */
export function DayMarks({ day, withLeave }: { day: AttendanceDay; withLeave: boolean }) {
  return (
    <Space size={4} wrap>
      {withLeave && <DayLeave day={day} />}
      {day.late_minutes > 0 && <Tag color="orange">Muộn {minutesText(day.late_minutes)}</Tag>}
      {day.early_minutes > 0 && <Tag color="orange">Về sớm {minutesText(day.early_minutes)}</Tag>}
      {day.forgot_out && <Tag color="red">Quên chấm ra</Tag>}
      {day.forgot_in && <Tag color="red">Quên chấm vào</Tag>}
      {day.corrected && <Tag color="green">Đã giải trình</Tag>}
      {day.correction_status === 'pending' && <Tag color="processing">Giải trình chờ duyệt</Tag>}
      {day.correction_status === 'rejected' && <Tag color="error">Giải trình bị từ chối</Tag>}
    </Space>
  );
}

const clock = (t: string | null) => t ?? '--:--';

/** Each date's kind (work, half, off, holiday) by the company's working week and holiday list; null while loading. */
function useDayKinds(month: string): ((date: string) => { kind: DayKind; holiday?: string }) | null {
  const settings = useCompanySettings();
  const holidays = useCompanyHolidays(Number(month.slice(0, 4)));
  if (!settings.data) return null;
  const byDate = new Map((holidays.data?.days ?? []).map((d) => [d.date, d]));
  const week = settings.data;
  return (date) => {
    const entry = byDate.get(date);
    return {
      kind: dayKindOf(date, week, entry),
      ...(entry && entry.kind !== 'compensatory_work' ? { holiday: entry.name } : {}),
    };
  };
}

/**
 * One person's month, a line a day (newest first), readable at 390 px: in and out, or the leave or trip the timekeeping
 * grid shows for the day, its marks, and "Giải trình" where the server says something is missing or marked. `userId`
 * left out: the signed-in user.
 */
export function AttendanceMonth({
  month,
  onMonth,
  userId,
  allowCorrection,
  title = 'Tháng của tôi',
}: {
  month: string;
  onMonth: (month: string) => void;
  userId?: number;
  allowCorrection: boolean;
  title?: string;
}) {
  const navigate = useNavigate();
  const days = useAttendanceDays({ month, ...(userId ? { user_id: userId } : {}) });
  const kindOf = useDayKinds(month);
  const today = dayjs().format('YYYY-MM-DD');
  const rows = (days.data ?? []).filter((d) => d.date <= today).toReversed();
  return (
    <Card
      title={title}
      size="small"
      extra={
        <DatePicker
          picker="month"
          aria-label="Chọn tháng"
          format="MM/YYYY"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          disabledDate={(d) => d.isAfter(dayjs(), 'month')}
          onChange={(v) => v && onMonth(v.format('YYYY-MM'))}
          style={{ width: 120 }}
        />
      }
    >
      {days.isPending || !kindOf ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : days.isError ? (
        <LoadError plain error={days.error} onRetry={() => days.refetch()} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có ngày nào trong tháng này" />
      ) : (
        <ul
          aria-label={`Chấm công tháng ${month.slice(5)}/${month.slice(0, 4)}`}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {rows.map((d) => {
            const { kind, holiday } = kindOf(d.date);
            const worked = !!(d.first_in || d.last_out);
            const working = kind === 'work' || kind === 'half';
            const onLeave = d.leaves.length > 0;
            // The leave reads in place of the times when the day has neither punches nor a missing half.
            const leaveInline = onLeave && !worked && !d.missing;
            const marks =
              d.late_minutes > 0 ||
              d.early_minutes > 0 ||
              d.forgot_out ||
              d.forgot_in ||
              d.corrected ||
              !!d.correction_status ||
              (onLeave && !leaveInline);
            const canAsk = allowCorrection && d.needs_correction;
            return (
              <li
                key={d.date}
                data-testid="attendance-day"
                data-date={d.date}
                data-symbol={d.symbol}
                style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <div style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32 }}>
                  <span style={{ width: 64, flexShrink: 0 }}>
                    <Typography.Text strong>{WEEKDAY[dayjs(d.date).day()]}</Typography.Text> {formatDate(d.date).slice(0, 5)}
                  </span>
                  <span style={{ flex: 1, minWidth: 0, fontVariantNumeric: 'tabular-nums' }}>
                    {worked ? (
                      `${clock(d.first_in)} – ${clock(d.last_out)}`
                    ) : d.missing ? (
                      <Typography.Text type="danger">Không chấm công</Typography.Text>
                    ) : leaveInline ? (
                      <DayLeave day={d} inline />
                    ) : !working ? (
                      <Typography.Text type="secondary">{holiday ?? 'Nghỉ'}</Typography.Text>
                    ) : d.date === today ? (
                      <Typography.Text type="secondary">Chưa chấm</Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    )}
                  </span>
                  {canAsk && (
                    <Button
                      size="small"
                      aria-label={`Giải trình ngày ${formatDate(d.date)}`}
                      onClick={() => navigate(`${urlFor('attendance.corrections.create')}?date=${d.date}`)}
                    >
                      Giải trình
                    </Button>
                  )}
                </div>
                {marks && (
                  <div style={{ paddingInlineStart: 72 }}>
                    <DayMarks day={d} withLeave={onLeave && !leaveInline} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
