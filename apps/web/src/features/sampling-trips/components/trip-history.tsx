import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { type HistoryView, historyValue } from '@/components/history-timeline';

/** How a trip's "Lịch sử" reads: `<RecordHistory entity="sampling_trips" id={…} {...TRIP_HISTORY} />`. */
export const TRIP_HISTORY: HistoryView = {
  fieldLabels: {
    name: 'Tên chuyến',
    start_date: 'Từ ngày',
    end_date: 'Đến ngày',
    leader: 'Trưởng đoàn',
    members: 'Thành viên',
    vehicle: 'Phương tiện',
    equipment: 'Thiết bị',
    rounds: 'Đợt quan trắc',
    notes: 'Ghi chú',
  },
  formatValue: (_field, value) => historyValue(value),
};

const STEPS: Record<string, string> = { start: 'Bắt đầu chuyến', finish: 'Hoàn thành chuyến', cancel: 'Hủy chuyến' };

/** A trip's own steps read as such ("Bắt đầu chuyến", not a work's "Bắt đầu xử lý"). */
export function describeTripLog(log: AuditLog): AuditLog {
  const step = STEPS[log.action];
  return step ? { ...log, action: step, changes: null } : log;
}
