import { formatDecVi } from '@qlcv/common/lab-decimal';
import { MEDIUM_LABELS, type Medium } from '@qlcv/common/schemas/parameters';
import { FREQUENCY_LABELS, type Frequency } from '@qlcv/common/schemas/sites';
import { type HistoryView, historyValue } from '@/components/history-timeline';

const FIELD_LABELS: HistoryView['fieldLabels'] = {
  code: 'Mã cơ sở',
  name: 'Tên cơ sở',
  customer: 'Khách hàng',
  customer_id: 'Khách hàng',
  address: 'Địa chỉ',
  province: 'Tỉnh/thành phố',
  latitude: 'Vĩ độ',
  longitude: 'Kinh độ',
  permit_number: 'Số giấy phép môi trường',
  permit_date: 'Ngày cấp giấy phép',
  description: 'Ghi chú',
  active: 'Đang theo dõi',
  points: 'Điểm quan trắc',
};

interface RecordedPoint {
  code?: unknown;
  name?: unknown;
  medium?: unknown;
  regulation?: unknown;
  regulation_column?: unknown;
  regulation_factors?: { code?: unknown; value?: unknown }[];
  plan?: { parameter?: { code?: unknown }; parameter_code?: unknown; parameter_id?: unknown; frequency?: unknown }[];
}

/** "QCVN 40:2011/BTNMT cột B, Kq = 0,9, Kf = 1,1": a change of a factor reads in the history. */
function regulationText(p: RecordedPoint): string {
  if (!p.regulation) return '';
  const column = p.regulation_column ? ` cột ${String(p.regulation_column)}` : '';
  const factors = Array.isArray(p.regulation_factors)
    ? p.regulation_factors.map((f) => `, ${String(f.code ?? '')} = ${formatDecVi(String(f.value ?? ''))}`).join('')
    : '';
  return ` — ${String(p.regulation)}${column}${factors}`;
}

/**
 * "NT1 (Nước thải) — QCVN 40:2011/BTNMT cột B, Kq = 0,9: COD — Hằng quý, pH — Hằng tháng"; whatever the server
 * recorded of a point, read as best it can.
 */
function pointText(p: RecordedPoint): string {
  const medium = MEDIUM_LABELS[p.medium as Medium];
  const head = `${String(p.code ?? '')}${medium ? ` (${medium})` : ''}${regulationText(p)}`;
  if (!Array.isArray(p.plan) || p.plan.length === 0) return head;
  const lines = p.plan.map((l) => {
    const parameter = l.parameter?.code ?? l.parameter_code ?? (l.parameter_id ? `#${String(l.parameter_id)}` : '?');
    const frequency = FREQUENCY_LABELS[l.frequency as Frequency] ?? String(l.frequency ?? '');
    return `${String(parameter)} — ${frequency}`;
  });
  return `${head}: ${lines.join(', ')}`;
}

const formatValue = (field: string, value: unknown) => {
  if (field === 'points' && Array.isArray(value)) {
    if (value.length === 0) return '(trống)';
    return value
      .map((p) => (p && typeof p === 'object' && 'code' in p ? pointText(p as RecordedPoint) : historyValue(p)))
      .join('; ');
  }
  return historyValue(value);
};

/** How a site's "Lịch sử" reads: `<RecordHistory entity="sites" id={…} {...SITE_HISTORY} />`. */
export const SITE_HISTORY = { fieldLabels: FIELD_LABELS, formatValue };
