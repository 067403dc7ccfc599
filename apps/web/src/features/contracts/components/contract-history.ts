import { formatNumber } from '@qlcv/common/format/number';
import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { CONTRACT_STATUS_LABELS, CONTRACT_TRANSITIONS, CONTRACT_VERBS, type ContractVerb } from '@qlcv/common/schemas/contracts';
import { type HistoryView, historyValue } from '@/components/history-timeline';

const FIELD_LABELS: HistoryView['fieldLabels'] = {
  number: 'Số hợp đồng',
  title: 'Tên hợp đồng',
  customer_id: 'Khách hàng',
  customer: 'Khách hàng',
  template_id: 'Mẫu hợp đồng',
  template: 'Mẫu hợp đồng',
  status: 'Trạng thái',
  signed_date: 'Ngày ký',
  start_date: 'Ngày bắt đầu',
  end_date: 'Ngày kết thúc',
  payment_terms: 'Điều khoản thanh toán',
  notes: 'Ghi chú',
  items: 'Hạng mục dịch vụ',
  subtotal: 'Cộng tiền dịch vụ',
  vat_amount: 'Tiền thuế GTGT',
  total: 'Tổng giá trị',
};

const MONEY = new Set(['subtotal', 'vat_amount', 'total']);

const formatValue = (field: string, value: unknown) => {
  if (field === 'status') return CONTRACT_STATUS_LABELS[value as keyof typeof CONTRACT_STATUS_LABELS] ?? historyValue(value);
  if (MONEY.has(field) && typeof value === 'number') return `${formatNumber(value)} ₫`;
  if (field === 'items' && Array.isArray(value)) return `${value.length} dòng`;
  return historyValue(value);
};

const names = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : v ? String(v) : '');
const last = (p: unknown) => (Array.isArray(p) ? p[1] : p);

/** A status change reads as one line with its note (and the signing date); attached files name the files. */
function describe(log: AuditLog): AuditLog {
  if ((CONTRACT_VERBS as readonly string[]).includes(log.action)) {
    const label = CONTRACT_TRANSITIONS[log.action as ContractVerb].label;
    const note = last(log.changes?.note);
    const signed = log.action === 'sign' ? last(log.changes?.signed_date) : null;
    const parts = [label, signed ? `ngày ký ${historyValue(signed)}` : null, note ? String(note) : null].filter(Boolean);
    return { ...log, action: parts.join(' — '), changes: null };
  }
  const pair = log.changes?.attachments;
  const [before, after] = Array.isArray(pair) ? pair : [null, null];
  if (log.action === 'attach') return { ...log, action: `Đính kèm tệp: ${names(after)}`, changes: null };
  if (log.action === 'detach') return { ...log, action: `Gỡ tệp đính kèm: ${names(before)}`, changes: null };
  return log;
}

/** How a contract's "Lịch sử" reads: `<RecordHistory entity="contracts" id={…} {...CONTRACT_HISTORY} />`. */
export const CONTRACT_HISTORY = { fieldLabels: FIELD_LABELS, formatValue, describe };
