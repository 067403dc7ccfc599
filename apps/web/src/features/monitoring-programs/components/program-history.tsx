import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { FREQUENCY_LABELS, type Frequency } from '@qlcv/common/schemas/sites';
import { type HistoryView, historyValue } from '@/components/history-timeline';

interface RecordedLine {
  point?: unknown;
  parameter?: unknown;
  frequency?: unknown;
}

/** How a programme's "Lịch sử" reads; a round's move reads "Quý I/2027: Chưa thực hiện → Đã thực hiện". */
export const PROGRAM_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã chương trình',
    name: 'Tên chương trình',
    site: 'Cơ sở quan trắc',
    contract: 'Hợp đồng',
    start_date: 'Từ ngày',
    end_date: 'Đến ngày',
    description: 'Ghi chú',
    lines: 'Chỉ tiêu',
  },
  formatValue: (field, value) => {
    if (field === 'lines' && Array.isArray(value))
      return value.length === 0
        ? '(trống)'
        : (value as RecordedLine[])
            .map(
              (l) =>
                `${String(l.point)} ${String(l.parameter)} (${FREQUENCY_LABELS[l.frequency as Frequency] ?? String(l.frequency)})`,
            )
            .join(', ');
    return historyValue(value);
  },
};

const ROUND_ACTIONS: Record<string, (round: string) => string> = {
  round_done: (r) => `Ghi nhận đợt ${r} đã thực hiện`,
  round_cancelled: (r) => `Hủy đợt ${r}`,
  round_planned: (r) => `Mở lại đợt ${r}`,
};

/** A round's move as one line naming the round (its changes hold the round's name). */
export function describeProgramLog(log: AuditLog): AuditLog {
  const sentence = ROUND_ACTIONS[log.action];
  if (!sentence) return log;
  const pair = log.changes?.round;
  const round = Array.isArray(pair) ? pair[1] : pair;
  return { ...log, action: sentence(String(round ?? '')), changes: null };
}
