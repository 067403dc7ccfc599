import type { HistoryView } from '@/components/history-timeline';

/** How a unit's "Lịch sử" reads: `<RecordHistory entity="units" id={…} {...UNIT_HISTORY} />`. */
export const UNIT_HISTORY: HistoryView = {
  fieldLabels: { code: 'Mã', name: 'Tên đơn vị tính', description: 'Mô tả', active: 'Đang sử dụng' },
};
