import { AUDIT_ACTION_LABELS } from '@qlcv/common/labels';
import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { EVALUATION_PERIOD_TYPE_LABELS, EVALUATION_STATUS_LABELS } from '@qlcv/common/schemas/evaluations';
import { historyValue } from '@/components/history-timeline';

const FIELD_LABELS = {
  name: 'Tên kỳ đánh giá',
  period_type: 'Loại kỳ',
  period_start: 'Từ ngày',
  period_end: 'Đến ngày',
  departments: 'Phòng ban áp dụng',
  department_ids: 'Phòng ban áp dụng',
  criteria: 'Tiêu chí',
  self_deadline: 'Hạn tự đánh giá',
  review_deadline: 'Hạn quản lý đánh giá',
  status: 'Trạng thái',
};

const ACTIONS: Record<string, string> = {
  ...AUDIT_ACTION_LABELS,
  open: 'Mở kỳ đánh giá',
  close: 'Đóng kỳ đánh giá',
  add_employee: 'Thêm nhân viên',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'status') return EVALUATION_STATUS_LABELS[value as keyof typeof EVALUATION_STATUS_LABELS] ?? historyValue(value);
  if (field === 'period_type')
    return EVALUATION_PERIOD_TYPE_LABELS[value as keyof typeof EVALUATION_PERIOD_TYPE_LABELS] ?? historyValue(value);
  if (field === 'criteria' && Array.isArray(value))
    return value
      .map(
        (c: { kpi_type?: { name?: string }; name?: string; weight?: number }) =>
          `${c.kpi_type?.name ?? c.name ?? '?'} ${c.weight ?? ''}%`,
      )
      .join(', ');
  return historyValue(value);
};

/** Open / close read as one line. */
function describe(log: AuditLog): AuditLog {
  if (log.action === 'update' || log.action === 'create' || log.action === 'delete') return log;
  if (log.action === 'add_employee')
    return { ...log, action: `${ACTIONS.add_employee} — ${historyValue(log.changes?.employee)}`, changes: null };
  const opened = log.changes?.user_evaluations;
  const label = ACTIONS[log.action] ?? log.action;
  return { ...log, action: opened !== undefined ? `${label} — tạo ${String(opened)} phiếu` : label, changes: null };
}

/** How an evaluation's "Lịch sử" reads: `<RecordHistory entity="evaluations" id={…} {...EVALUATION_HISTORY} />`. */
export const EVALUATION_HISTORY = { fieldLabels: FIELD_LABELS, formatValue, describe };
