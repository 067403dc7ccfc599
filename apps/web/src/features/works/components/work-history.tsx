import { AUDIT_ACTION_LABELS, PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { historyValue } from '@/components/history-timeline';

const FIELD_LABELS = {
  title: 'Tiêu đề',
  description: 'Mô tả',
  department_id: 'Phòng ban',
  department: 'Phòng ban',
  assignee_id: 'Người thực hiện',
  assignee: 'Người thực hiện',
  priority: 'Mức ưu tiên',
  start_date: 'Ngày bắt đầu',
  deadline: 'Hạn hoàn thành',
  participants: 'Người theo dõi',
  status: 'Trạng thái',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'status') return WORK_STATUS_LABELS[String(value)] ?? String(value);
  if (field === 'priority') return PRIORITY_LABELS[String(value)] ?? String(value);
  return historyValue(value);
};

const pair = (log: AuditLog, field: string): [unknown, unknown] => {
  const p = log.changes?.[field];
  return Array.isArray(p) ? [p[0], p[1]] : [undefined, p];
};

/** Status changes, progress and files read as one line after the action's name. */
function describe(log: AuditLog): AuditLog {
  if (log.action === 'update' || log.action === 'create') return log;
  const label = AUDIT_ACTION_LABELS[log.action] ?? log.action;
  const parts: string[] = [];
  const [p0, p1] = pair(log, 'progress');
  if (log.action === 'progress' && p1 != null) parts.push(`${historyValue(p0)}% → ${historyValue(p1)}%`);
  const reason = pair(log, 'status_reason')[1] ?? pair(log, 'reason')[1];
  if (reason) parts.push(`lý do: ${String(reason)}`);
  const note = pair(log, 'result_note')[1];
  if (log.action === 'complete' && note) parts.push(`kết quả: ${String(note)}`);
  if (log.action === 'attach') parts.push(historyValue(pair(log, 'attachments')[1]));
  if (log.action === 'detach') parts.push(historyValue(pair(log, 'attachments')[0]));
  return { ...log, action: parts.length > 0 ? `${label} — ${parts.join('; ')}` : label, changes: null };
}

/** How a work's "Lịch sử" reads: `<RecordHistory entity="works" id={…} {...WORK_HISTORY} />`. */
export const WORK_HISTORY = { fieldLabels: FIELD_LABELS, formatValue, describe };
