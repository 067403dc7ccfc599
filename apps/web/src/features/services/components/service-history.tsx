import { formatVnd } from '@qlcv/common/format/number';
import type { VatRate } from '@qlcv/common/schemas/services';
import { type HistoryView, historyValue } from '@/components/history-timeline';
import { vatLabel } from './service-labels';

/** How a service's "Lịch sử" reads: `<RecordHistory entity="services" id={…} {...SERVICE_HISTORY} />`. */
export const SERVICE_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã',
    name: 'Tên dịch vụ',
    group: 'Nhóm',
    unit: 'Đơn vị tính',
    unit_price: 'Đơn giá',
    vat_rate: 'Thuế suất VAT',
    vat_reducible: 'Giảm thuế theo quy định',
    description: 'Mô tả',
    active: 'Đang sử dụng',
  },
  formatValue: (field, value) => {
    if (field === 'unit_price' && typeof value === 'number') return formatVnd(value);
    if (field === 'vat_rate' && typeof value === 'string') return vatLabel(value as VatRate, false);
    return historyValue(value);
  },
};
