import type { Paginated } from '@qlcv/common/schemas/common';
import type { Evaluation } from '@qlcv/common/schemas/evaluations';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { api } from '@/lib/api/requester';
import { useCan } from '@/lib/permissions/can';
import { queryKeys } from '@/lib/query-keys';

const QUERY = { per_page: 100, sort: '-period_start' };

/** The evaluation filter: the latest hundred periods, for those who may list them. */
export function EvaluationSelect({ value, onChange }: { value: string | undefined; onChange: (v: string | null) => void }) {
  const canList = useCan(['evaluations.index']);
  const list = useQuery({
    queryKey: queryKeys.evaluations.list(QUERY),
    queryFn: () => api.get<Paginated<Evaluation>>('/api/evaluations', { params: QUERY, display: 'ignore' }),
    enabled: canList,
    staleTime: 60_000,
  });
  if (!canList) return null;
  return (
    <Select
      aria-label="Lọc theo kỳ đánh giá"
      placeholder="Kỳ đánh giá"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 240 }}
      loading={list.isPending}
      value={value}
      options={(list.data?.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
      onChange={(v: string | undefined) => onChange(v ?? null)}
      notFoundContent={list.isError ? 'Không tải được danh sách kỳ đánh giá' : 'Không có kỳ đánh giá'}
    />
  );
}
