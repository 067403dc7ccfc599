import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { SAMPLE_QC_LABELS, SAMPLE_STEP_MOVES, type SampleQcKind, type SampleStep } from '@qlcv/common/schemas/samples';
import { type HistoryView, historyValue } from '@/components/history-timeline';

/** How a sample's "Lịch sử" reads: `<RecordHistory entity="samples" id={…} {...SAMPLE_HISTORY} />`. */
export const SAMPLE_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã mẫu',
    point: 'Điểm lấy mẫu',
    qc_kind: 'Loại mẫu',
    taken_at: 'Thời điểm lấy mẫu',
    container: 'Dụng cụ chứa mẫu',
    preservation: 'Cách bảo quản',
    latitude: 'Vĩ độ',
    longitude: 'Kinh độ',
    measurements: 'Kết quả đo hiện trường',
    photos: 'Ảnh',
    notes: 'Ghi chú',
  },
  formatValue: (field, value) =>
    field === 'qc_kind' ? (SAMPLE_QC_LABELS[value as SampleQcKind] ?? String(value)) : historyValue(value),
};

/** A custody step (audited as `hand_over`, `receive`…) reads as the step ("Bàn giao mẫu"), not as a generic update. */
export function describeSampleLog(log: AuditLog): AuditLog {
  const move = SAMPLE_STEP_MOVES[log.action.replace('_', '-') as SampleStep];
  return move ? { ...log, action: move.label, changes: null } : log;
}
