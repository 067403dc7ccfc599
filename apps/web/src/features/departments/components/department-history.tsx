import { HistoryTimeline } from '@/components/history-timeline';
import { useDepartmentHistory } from '../api/get-department-history';

const FIELD_LABELS = { code: 'Mã', name: 'Tên phòng ban', parent: 'Trực thuộc', head: 'Trưởng phòng', description: 'Mô tả' };

/** The department's "Lịch sử". */
export function DepartmentHistory({ departmentId }: { departmentId: number }) {
  const history = useDepartmentHistory(departmentId);
  return (
    <HistoryTimeline
      logs={history.data?.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => history.refetch()}
      fieldLabels={FIELD_LABELS}
    />
  );
}
