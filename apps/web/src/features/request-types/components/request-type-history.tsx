import { HistoryTimeline, historyValue } from '@/components/history-timeline';
import { useRequestTypeHistory } from '../api/get-request-type-history';
import { ACTIVE_LABELS, PUBLIC_LABELS } from './request-type-tags';

const FIELD_LABELS = {
  code: 'Mã',
  name: 'Tên loại yêu cầu',
  description: 'Mô tả',
  process: 'Quy trình xử lý',
  is_public: 'Công khai',
  service_group: 'Nhóm dịch vụ',
  active: 'Trạng thái',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'active') return ACTIVE_LABELS[value ? 'true' : 'false'];
  if (field === 'is_public') return PUBLIC_LABELS[value ? 'true' : 'false'];
  return historyValue(value);
};

/** The request type's "Lịch sử". */
export function RequestTypeHistory({ requestTypeId }: { requestTypeId: number }) {
  const history = useRequestTypeHistory(requestTypeId);
  return (
    <HistoryTimeline
      logs={history.data?.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => history.refetch()}
      fieldLabels={FIELD_LABELS}
      formatValue={formatValue}
    />
  );
}
