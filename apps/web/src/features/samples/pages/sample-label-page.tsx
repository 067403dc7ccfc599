import { Skeleton } from 'antd';
import { useParams } from 'react-router';
import { LoadError } from '@/components/page-states';
import { useSampleLabels } from '../api/samples-api';
import { SampleLabelSheet } from '../components/sample-label-sheet';

/** One sample's label, to print again (a label smudged or torn off). */
export default function SampleLabelPage() {
  const id = Number(useParams().id);
  const labels = useSampleLabels({ ids: String(id) });
  if (labels.isError)
    return <LoadError error={labels.error} onRetry={() => labels.refetch()} notFoundTitle="Không tìm thấy mẫu" />;
  const list = labels.data ?? [];
  return (
    <SampleLabelSheet title={list[0] ? `Nhãn mẫu ${list[0].code}` : 'Nhãn mẫu'} labels={list}>
      {labels.isPending && <Skeleton active />}
    </SampleLabelSheet>
  );
}
