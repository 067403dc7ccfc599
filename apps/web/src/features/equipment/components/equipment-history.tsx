import { EQUIPMENT_KIND_LABELS, type EquipmentKind } from '@qlcv/common/schemas/equipment';
import { type HistoryView, historyValue } from '@/components/history-timeline';

/** How a piece of equipment's "Lịch sử" reads: `<RecordHistory entity="equipment" id={…} {...EQUIPMENT_HISTORY} />`. */
export const EQUIPMENT_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã',
    name: 'Tên',
    kind: 'Loại',
    model: 'Hãng, model',
    identifier: 'Số sê-ri / biển số',
    department: 'Bộ phận quản lý',
    measures: 'Chỉ tiêu đo được',
    calibration_due: 'Hạn hiệu chuẩn / đăng kiểm',
    calibration_certificate: 'Số giấy chứng nhận',
    last_calibrated_on: 'Lần hiệu chuẩn / đăng kiểm gần nhất',
    description: 'Ghi chú',
    active: 'Đang sử dụng',
  },
  formatValue: (field, value) => {
    if (field === 'kind' && typeof value === 'string') return EQUIPMENT_KIND_LABELS[value as EquipmentKind] ?? value;
    return historyValue(value);
  },
};
