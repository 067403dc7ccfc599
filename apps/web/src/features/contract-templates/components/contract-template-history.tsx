import type { HistoryView } from '@/components/history-timeline';

/** How a template's "Lịch sử" reads: `<RecordHistory entity="contract_templates" id={…} {...CONTRACT_TEMPLATE_HISTORY} />`. */
export const CONTRACT_TEMPLATE_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã',
    name: 'Tên mẫu',
    description: 'Mô tả',
    active: 'Đang sử dụng',
    file: 'Tệp mẫu',
    placeholders: 'Số trường trộn',
  },
};
