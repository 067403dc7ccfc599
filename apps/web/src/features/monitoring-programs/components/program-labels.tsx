import { formatDate } from '@qlcv/common/format/date';
import { ROUND_STATUS_LABELS, type Round } from '@qlcv/common/schemas/monitoring-programs';
import { Progress, Tag, Typography } from 'antd';

/** A round's state: done green, cancelled grey, late red (with its due date), planned blue. */
export function RoundStatusTag({ round }: { round: Pick<Round, 'status' | 'late'> }) {
  if (round.status === 'planned' && round.late)
    return (
      <Tag color="red" style={{ marginInlineEnd: 0 }}>
        Trễ hạn
      </Tag>
    );
  const color = round.status === 'done' ? 'green' : round.status === 'cancelled' ? 'default' : 'blue';
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {ROUND_STATUS_LABELS[round.status]}
    </Tag>
  );
}

/** "3/4 đợt" with a bar, and the late rounds in red. */
export function ProgramProgress({ progress }: { progress: { rounds: number; done: number; late: number } }) {
  const percent = progress.rounds === 0 ? 0 : Math.round((progress.done / progress.rounds) * 100);
  return (
    <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35, minWidth: 110 }} data-testid="program-progress">
      <span>
        {progress.done}/{progress.rounds} đợt
        {progress.late > 0 && <Typography.Text type="danger">{` · ${progress.late} trễ hạn`}</Typography.Text>}
      </span>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={progress.late > 0 ? 'exception' : 'normal'}
        aria-label={`Đã thực hiện ${progress.done}/${progress.rounds} đợt`}
      />
    </span>
  );
}

/** "Quý II/2027 — hạn 30/06/2027". */
export const nextRoundText = (next: { name: string; due_date: string } | null) =>
  next ? `${next.name} — hạn ${formatDate(next.due_date)}` : 'Đã hoàn tất';
