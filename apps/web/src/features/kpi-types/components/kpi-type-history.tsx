import { KPI_DIRECTION_LABELS, KPI_MEASURES, type KpiDirection, type KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import { type HistoryView, historyValue } from '@/components/history-timeline';

/** How a KPI type's "Lịch sử" reads: `<RecordHistory entity="kpi_types" id={…} {...KPI_TYPE_HISTORY} />`. */
export const KPI_TYPE_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã',
    name: 'Tên loại KPI',
    description: 'Mô tả',
    unit: 'Đơn vị',
    direction: 'Chiều đánh giá',
    measure: 'Cách đo',
    default_weight: 'Trọng số mặc định',
    default_target: 'Chỉ tiêu mặc định',
    active: 'Đang sử dụng',
  },
  formatValue: (field, value) => {
    if (field === 'measure' && typeof value === 'string' && value in KPI_MEASURES) return KPI_MEASURES[value as KpiMeasure].label;
    if (field === 'direction' && typeof value === 'string' && value in KPI_DIRECTION_LABELS)
      return KPI_DIRECTION_LABELS[value as KpiDirection];
    return historyValue(value);
  },
};
