import { Alert, Empty, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/page-states';
import { useSampleLabels } from '../api/samples-api';
import { SampleLabelSheet } from '../components/sample-label-sheet';

/** "In nhãn": a trip's labels (`?trip_id=`) or chosen samples' (`?ids=1,2`), as an A4 sheet to print. */
export default function SampleLabelsPage() {
  const [params] = useSearchParams();
  const tripId = Number(params.get('trip_id')) || undefined;
  const ids = params.get('ids') ?? undefined;
  const query = tripId ? { trip_id: tripId } : ids ? { ids } : {};
  const labels = useSampleLabels(query);

  if (!tripId && !ids)
    return (
      <SampleLabelSheet title="In nhãn mẫu" labels={[]}>
        <Alert type="info" showIcon title="Chưa chọn mẫu cần in nhãn" description="Mở một chuyến lấy mẫu rồi bấm “In nhãn”." />
      </SampleLabelSheet>
    );
  if (labels.isError) return <LoadError error={labels.error} onRetry={() => labels.refetch()} />;
  const list = labels.data ?? [];
  return (
    <SampleLabelSheet title={`In nhãn mẫu (${list.length})`} labels={list}>
      {labels.isPending && <Skeleton active />}
      {!labels.isPending && list.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chuyến chưa có mẫu nào để in nhãn" />
      )}
    </SampleLabelSheet>
  );
}
