import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { CUSTOMER_SOURCE_LABELS, CUSTOMER_TYPE_LABELS } from '@qlcv/common/schemas/customers';
import { type HistoryView, historyValue } from '@/components/history-timeline';

const FIELD_LABELS: HistoryView['fieldLabels'] = {
  type: 'Loại khách hàng',
  name: 'Tên khách hàng',
  tax_code: 'Mã số thuế',
  representative: 'Người đại diện',
  representative_title: 'Chức vụ người đại diện',
  phone: 'Điện thoại',
  email: 'Email',
  street: 'Số nhà, đường',
  ward: 'Phường/xã',
  province: 'Tỉnh/thành phố',
  contacts: 'Người liên hệ',
  source: 'Nguồn',
  notes: 'Ghi chú',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'type') return CUSTOMER_TYPE_LABELS[value as keyof typeof CUSTOMER_TYPE_LABELS] ?? String(value);
  if (field === 'source') return CUSTOMER_SOURCE_LABELS[value as keyof typeof CUSTOMER_SOURCE_LABELS] ?? String(value);
  return historyValue(value);
};

const names = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : v ? String(v) : '');

/**
 * Attaching and removing files are recorded as `attach` / `detach`, which the shared timeline has no words for:
 * they read as one line naming the files.
 */
function describe(log: AuditLog): AuditLog {
  const pair = log.changes?.attachments;
  const [before, after] = Array.isArray(pair) ? pair : [null, null];
  if (log.action === 'attach') return { ...log, action: `Đính kèm tệp: ${names(after)}`, changes: null };
  if (log.action === 'detach') return { ...log, action: `Gỡ tệp đính kèm: ${names(before)}`, changes: null };
  return log;
}

/** How a customer's "Lịch sử" reads: `<RecordHistory entity="customers" id={…} {...CUSTOMER_HISTORY} />`. */
export const CUSTOMER_HISTORY = { fieldLabels: FIELD_LABELS, formatValue, describe };
