import { AUDIT_ACTION_LABELS } from '@qlcv/common/labels';
import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { LEAVE_HALF_LABELS, LEAVE_STATUS_LABELS } from '@qlcv/common/schemas/leaves';
import { historyValue } from '@/components/history-timeline';

const FIELD_LABELS = {
  leave_type_id: 'Loại nghỉ',
  type: 'Loại nghỉ',
  start_date: 'Từ ngày',
  start_half: 'Buổi bắt đầu',
  end_date: 'Đến ngày',
  end_half: 'Buổi kết thúc',
  days: 'Số ngày',
  reason: 'Lý do',
  status: 'Trạng thái',
  approver_id: 'Người duyệt',
  approver: 'Người duyệt',
  decision_note: 'Ghi chú quyết định',
};

const ACTIONS: Record<string, string> = {
  ...AUDIT_ACTION_LABELS,
  approve: 'Duyệt',
  recount: 'Tính lại số ngày',
  // The applicant became the approver's substitute: the leave went to the approver's own approver.
  reroute: 'Chuyển người duyệt (người nộp đơn đang duyệt thay người duyệt)',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'status') return LEAVE_STATUS_LABELS[value as keyof typeof LEAVE_STATUS_LABELS] ?? historyValue(value);
  if (field.endsWith('_half')) return LEAVE_HALF_LABELS[value as keyof typeof LEAVE_HALF_LABELS] ?? historyValue(value);
  return historyValue(value);
};

/** Approve / reject / cancel read as one line with their note. */
function describe(log: AuditLog): AuditLog {
  if (log.action === 'update' || log.action === 'create') return log;
  if (log.action === 'reroute') return { ...log, action: ACTIONS.reroute as string };
  const label = ACTIONS[log.action] ?? log.action;
  const p = log.changes?.decision_note ?? log.changes?.note;
  const note = Array.isArray(p) ? p[1] : p;
  return { ...log, action: note ? `${label} — ${String(note)}` : label, changes: null };
}

/** How a leave's "Lịch sử" reads: `<RecordHistory entity="leaves" id={…} {...LEAVE_HISTORY} />`. */
export const LEAVE_HISTORY = { fieldLabels: FIELD_LABELS, formatValue, describe };
