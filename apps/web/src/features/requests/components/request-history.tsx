import { AUDIT_ACTION_LABELS, PRIORITY_LABELS, REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { useMemo } from 'react';
import { HistoryTimeline, historyValue } from '@/components/history-timeline';

const FIELD_LABELS = {
  title: 'Tiêu đề',
  content: 'Nội dung',
  priority: 'Mức ưu tiên',
  request_type_id: 'Loại yêu cầu',
  request_type: 'Loại yêu cầu',
  customer_id: 'Khách hàng',
  customer: 'Khách hàng',
  requester_name: 'Người yêu cầu',
  requester_phone: 'Số di động',
  requester_email: 'Email',
  requester_organization: 'Đơn vị',
  requester_address: 'Địa chỉ',
  status: 'Trạng thái',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'status') return REQUEST_STATUS_LABELS[String(value)] ?? String(value);
  if (field === 'priority') return PRIORITY_LABELS[String(value)] ?? String(value);
  return historyValue(value);
};

const after = (log: AuditLog, field: string): unknown => {
  const pair = log.changes?.[field];
  return Array.isArray(pair) ? pair[1] : pair;
};
const before = (log: AuditLog, field: string): unknown => {
  const pair = log.changes?.[field];
  return Array.isArray(pair) ? pair[0] : undefined;
};

/**
 * The transitions carry their details in `changes` (reason, step, work, result), which the shared timeline only
 * lists for updates: here they read as one line after the action's name.
 */
function describe(log: AuditLog): AuditLog {
  if (log.action === 'update' || log.action === 'create') return log;
  const label = AUDIT_ACTION_LABELS[log.action] ?? log.action;
  const parts: string[] = [];
  const reason = after(log, 'reason') ?? after(log, 'status_reason');
  if (log.action === 'attach') parts.push(historyValue(after(log, 'attachments')));
  if (log.action === 'detach') parts.push(historyValue(before(log, 'attachments')));
  const from = before(log, 'current_step');
  const to = after(log, 'current_step');
  if ((log.action === 'step' || log.action === 'send_back') && to != null) parts.push(`bước ${from ?? '—'} → bước ${to}`);
  else if (log.action === 'receive' && to != null) parts.push(`bắt đầu bước ${to}`);
  const work = after(log, 'work');
  if (work) parts.push(`công việc ${String(work)}`);
  if (reason) parts.push(`lý do: ${String(reason)}`);
  const result = after(log, 'result_text');
  if (log.action === 'complete' && result) parts.push(`kết quả: ${String(result)}`);
  const docs = after(log, 'result_documents');
  if (docs) parts.push(`tài liệu kết quả: ${historyValue(docs)}`);
  return { ...log, action: parts.length > 0 ? `${label} — ${parts.join('; ')}` : label, changes: null };
}

/** The request's "Lịch sử" (carried by the request's own detail, oldest first; shown newest first). */
export function RequestHistory({ timeline }: { timeline: AuditLog[] }) {
  const logs = useMemo(() => [...timeline].reverse().map(describe), [timeline]);
  return (
    <HistoryTimeline
      logs={logs}
      loading={false}
      error={null}
      onRetry={() => {}}
      fieldLabels={FIELD_LABELS}
      formatValue={formatValue}
    />
  );
}
