import { type HistoryView, historyValue } from '@/components/history-timeline';

interface Shift {
  morning_start?: string;
  morning_end?: string;
  afternoon_start?: string;
  afternoon_end?: string;
}

const shiftText = (s: Shift) => `sáng ${s.morning_start}–${s.morning_end}, chiều ${s.afternoon_start}–${s.afternoon_end}`;

/** How an attendance site's "Lịch sử" reads. */
export const SITE_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã địa điểm',
    name: 'Tên địa điểm',
    description: 'Mô tả',
    latitude: 'Vĩ độ',
    longitude: 'Kinh độ',
    radius_m: 'Bán kính cho phép (m)',
    all_staff: 'Tất cả nhân viên được chấm công',
    users: 'Nhân viên được chấm công',
    active: 'Đang sử dụng',
  },
};

/** How the attendance rules' "Lịch sử" reads: working hours as text, department hours as a count. */
export const SETTINGS_HISTORY: HistoryView = {
  fieldLabels: {
    required: 'Bắt buộc chấm công',
    accuracy_limit_m: 'Độ chính xác GPS tối đa (m)',
    grace_minutes: 'Số phút cho phép (đi muộn, về sớm)',
    office_ip_ranges: 'Mạng văn phòng (địa chỉ IP)',
    shift: 'Giờ làm việc',
    department_shifts: 'Giờ làm việc riêng của phòng ban',
  },
  formatValue: (field, value) => {
    if (field === 'shift' && typeof value === 'object' && value) return shiftText(value as Shift);
    if (field === 'department_shifts' && Array.isArray(value))
      return value.length === 0 ? '(không có)' : `${value.length} phòng ban có giờ riêng`;
    return historyValue(value);
  },
};
