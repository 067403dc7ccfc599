import { formatDate } from '@qlcv/common/format/date';
import {
  EVALUATION_PERIOD_TYPE_LABELS,
  EVALUATION_STATUS_LABELS,
  EVALUATION_STATUSES,
  type Evaluation,
} from '@qlcv/common/schemas/evaluations';
import { Select, type TableColumnsType, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { EvaluationStatusTag } from '@/components/kpi-tags';
import { CsvSelect, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { NamedProgress } from '@/components/named-progress';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useEvaluations } from '../api/evaluations-api';
import { type PeriodType, periodLabel } from '../components/period';

const FILTERS = ['status', 'period_type', 'year'] as const;

/** The years offered by the year filter: from five years back to next year. */
const YEARS = (() => {
  const now = new Date().getFullYear();
  return Array.from({ length: 7 }, (_, i) => now + 1 - i);
})();

/** Evaluation periods: status, period type and year filters, search; progress of the user evaluations. */
export default function EvaluationListPage() {
  const list = useListParams({ sort: '-period_start', filters: FILTERS });
  const { params, update } = list;
  const evaluations = useEvaluations(toQuery(params));
  const canCreate = useCan(['evaluations.create']);
  const f = params.filters;

  const columns: TableColumnsType<Evaluation> = [
    {
      key: 'name',
      title: 'Kỳ đánh giá',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, e) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <Link to={urlFor('evaluations.show', { id: e.id })}>{e.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.departments.map((d) => d.name).join(', ') || '—'}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'period_start',
      title: 'Kỳ',
      width: 220,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'period_start'),
      render: (_, e) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{periodLabel(e.period_type, e.period_start, e.period_end)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(e.period_start)} – {formatDate(e.period_end)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'self_deadline',
      title: 'Hạn tự đánh giá / quản lý',
      width: 200,
      responsive: ['lg'],
      render: (_, e) => `${formatDate(e.self_deadline)} / ${formatDate(e.review_deadline)}`,
    },
    {
      key: 'progress',
      title: 'Tiến độ phê duyệt',
      width: 190,
      render: (_, e) =>
        e.counts.total === 0 ? (
          <Typography.Text type="secondary">Chưa có phiếu</Typography.Text>
        ) : (
          <Tooltip
            title={`Nháp ${e.counts.draft} · Đã tự đánh giá ${e.counts.self_assessed} · Đã đánh giá ${e.counts.reviewed} · Đã duyệt ${e.counts.approved}`}
          >
            <NamedProgress
              label={`Tiến độ phê duyệt ${e.name}`}
              percent={Math.round((e.counts.approved / e.counts.total) * 100)}
              size="small"
              format={() => `${e.counts.approved}/${e.counts.total}`}
            />
          </Tooltip>
        ),
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 130,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, e) => <EvaluationStatusTag status={e.status} />,
    },
  ];

  return (
    <ListPage<Evaluation>
      title="Kỳ đánh giá"
      subtitle="Kỳ đánh giá KPI theo tháng, quý, năm: tiêu chí, phòng ban áp dụng, hạn đánh giá và kết quả."
      list={list}
      query={evaluations}
      columns={columns}
      noun="kỳ đánh giá"
      scrollX={900}
      create={canCreate && { label: 'Tạo kỳ đánh giá', to: urlFor('evaluations.create') }}
      search={{ placeholder: 'Tìm theo tên kỳ đánh giá' }}
      filters={
        <>
          <CsvSelect
            placeholder="Trạng thái"
            width={200}
            options={EVALUATION_STATUSES.map((s) => ({ value: s, label: EVALUATION_STATUS_LABELS[s] }))}
            value={f.status}
            onChange={(v) => update({ status: v })}
          />
          <Select
            aria-label="Lọc theo loại kỳ"
            placeholder="Loại kỳ"
            allowClear
            style={{ width: 140 }}
            value={f.period_type}
            options={(Object.keys(EVALUATION_PERIOD_TYPE_LABELS) as PeriodType[]).map((t) => ({
              value: t,
              label: EVALUATION_PERIOD_TYPE_LABELS[t],
            }))}
            onChange={(v: string | undefined) => update({ period_type: v ?? null })}
          />
          <Select
            aria-label="Lọc theo năm"
            placeholder="Năm"
            allowClear
            style={{ width: 120 }}
            value={f.year}
            options={YEARS.map((y) => ({ value: String(y), label: `Năm ${y}` }))}
            onChange={(v: string | undefined) => update({ year: v ?? null })}
          />
        </>
      }
      emptyText="Chưa có kỳ đánh giá nào"
    />
  );
}
