import { AUDIT_ACTION_LABELS } from '@qlcv/common/labels';
import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { USER_EVALUATION_STATUS_LABELS } from '@qlcv/common/schemas/user-evaluations';
import { historyValue } from '@/components/history-timeline';

/**
 * A save records each score by its words ("<KPI> – tự đánh giá", "… – quản lý chấm", "… – thực tế", "… – ghi chú"):
 * every field is shown under the name the server gave it.
 */
const FIELD_LABELS: Record<string, string> = new Proxy({} as Record<string, string>, {
  has: (_target, field) => typeof field === 'string',
  get: (_target, field) => (field === 'status' ? 'Trạng thái' : String(field)),
});

const ACTIONS: Record<string, string> = {
  ...AUDIT_ACTION_LABELS,
  'submit-self': 'Gửi tự đánh giá',
  submit_self: 'Gửi tự đánh giá',
  review: 'Hoàn thành đánh giá',
  approve: 'Phê duyệt',
  return: 'Trả lại',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'status')
    return USER_EVALUATION_STATUS_LABELS[value as keyof typeof USER_EVALUATION_STATUS_LABELS] ?? historyValue(value);
  if (typeof value === 'number') return String(value).replace('.', ',');
  return historyValue(value);
};

/** A step reads as one line with its note. */
function describe(log: AuditLog): AuditLog {
  if (log.action === 'update' || log.action === 'create') return log;
  const label = ACTIONS[log.action] ?? log.action;
  const p = log.changes?.note ?? log.changes?.return_note;
  const note = Array.isArray(p) ? p[1] : p;
  return { ...log, action: note ? `${label} — ${String(note)}` : label, changes: null };
}

/** How a user evaluation's "Lịch sử" reads. */
export const USER_EVALUATION_HISTORY = { fieldLabels: FIELD_LABELS, formatValue, describe };
