import { MEDIUM_LABELS, type Medium, PARAMETER_PLACE_LABELS, type ParameterPlace } from '@qlcv/common/schemas/parameters';
import { type HistoryView, historyValue } from '@/components/history-timeline';
import { holdingText, limitText } from './parameter-labels';

/** How a parameter's "Lịch sử" reads: `<RecordHistory entity="parameters" id={…} {...PARAMETER_HISTORY} />`. */
export const PARAMETER_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã',
    name: 'Tên chỉ tiêu',
    medium: 'Thành phần môi trường',
    unit: 'Đơn vị',
    method: 'Phương pháp',
    place: 'Nơi đo',
    lod: 'LOD',
    loq: 'LOQ',
    holding_hours: 'Thời gian lưu mẫu',
    turnaround_days: 'Thời hạn trả kết quả (ngày)',
    preservation: 'Bảo quản',
    analyte: 'Mã chất',
    vimcerts: 'VIMCERTS',
    vilas: 'VILAS',
    service: 'Dịch vụ tính giá',
    description: 'Ghi chú',
    active: 'Đang sử dụng',
  },
  formatValue: (field, value) => {
    if (field === 'medium' && typeof value === 'string') return MEDIUM_LABELS[value as Medium] ?? value;
    if (field === 'place' && typeof value === 'string') return PARAMETER_PLACE_LABELS[value as ParameterPlace] ?? value;
    if ((field === 'lod' || field === 'loq') && typeof value === 'string') return limitText(value);
    if (field === 'holding_hours' && typeof value === 'number') return holdingText(value);
    return historyValue(value);
  },
};
