import { formatDate } from '@qlcv/common/format/date';
import type { Evaluation } from '@qlcv/common/schemas/evaluations';
import { KPI_MEASURES, type KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import { USER_EVALUATION_STATUS_LABELS } from '@qlcv/common/schemas/user-evaluations';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { DirectionIcon, EvaluationStatusTag } from '@/components/kpi-tags';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useEvaluation } from '../api/evaluations-api';
import { EvaluationActions } from '../components/evaluation-actions';
import { EVALUATION_HISTORY } from '../components/evaluation-history';
import { periodLabel } from '../components/period';
import { ResultsCard } from '../components/results-card';

export default function EvaluationShowPage() {
  const id = Number(useParams().id);
  const evaluation = useEvaluation(id);
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string | null>(null);

  if (evaluation.isPending) return <LoadingCard rows={10} />;
  if (evaluation.isError)
    return (
      <LoadError
        error={evaluation.error}
        onRetry={() => evaluation.refetch()}
        notFoundTitle="Không tìm thấy kỳ đánh giá"
        back={<Button onClick={() => navigate(urlFor('evaluations.index'))}>Về danh sách kỳ đánh giá</Button>}
      />
    );
  const e = evaluation.data;
  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>{e.name}</span>
            <EvaluationStatusTag status={e.status} />
          </Space>
        }
        subtitle={`${periodLabel(e.period_type, e.period_start, e.period_end)} · ${formatDate(e.period_start)} – ${formatDate(e.period_end)}`}
        extra={<EvaluationActions evaluation={e} onConflict={setConflict} />}
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={evaluation.isFetching}
          onReload={async () => {
            await evaluation.refetch();
            setConflict(null);
          }}
        />
      )}
      {e.status === 'closed' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Kỳ đánh giá đã đóng: điểm và kết quả đã được khóa." />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={17}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {e.status !== 'draft' && <Counts evaluation={e} />}
            <Card title="Thông tin kỳ đánh giá">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'period', label: 'Kỳ', children: periodLabel(e.period_type, e.period_start, e.period_end) },
                  { key: 'dates', label: 'Thời gian', children: `${formatDate(e.period_start)} – ${formatDate(e.period_end)}` },
                  { key: 'self', label: 'Hạn tự đánh giá', children: formatDate(e.self_deadline) },
                  { key: 'review', label: 'Hạn quản lý đánh giá', children: formatDate(e.review_deadline) },
                  {
                    key: 'departments',
                    label: 'Phòng ban áp dụng',
                    span: 'filled',
                    children: `${e.departments.map((d) => d.name).join(', ') || '—'} (kể cả phòng ban trực thuộc)`,
                  },
                ]}
              />
            </Card>
            <Card title={`Tiêu chí (${e.criteria.length})`}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={e.criteria}
                scroll={{ x: 620 }}
                columns={[
                  {
                    key: 'kpi',
                    title: 'Loại KPI',
                    render: (_, c) => (
                      <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.4 }}>
                        <span>
                          <DirectionIcon direction={c.kpi_type.direction} /> {c.kpi_type.name}
                        </span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {c.kpi_type.code}
                        </Typography.Text>
                      </span>
                    ),
                  },
                  {
                    key: 'measure',
                    title: 'Cách đo',
                    width: 220,
                    render: (_, c) => KPI_MEASURES[c.kpi_type.measure as KpiMeasure]?.label ?? c.kpi_type.measure,
                  },
                  { key: 'weight', title: 'Trọng số', align: 'right', width: 90, render: (_, c) => `${c.weight}%` },
                  {
                    key: 'target',
                    title: 'Mục tiêu',
                    align: 'right',
                    width: 120,
                    render: (_, c) => `${String(c.target).replace('.', ',')}${c.kpi_type.unit ? ` ${c.kpi_type.unit}` : ''}`,
                  },
                ]}
              />
            </Card>
            {e.status !== 'draft' && <ResultsCard evaluationId={e.id} name={e.name} />}
          </Space>
        </Col>
        <Col xs={24} xxl={7}>
          <RecordHistory entity="evaluations" id={e.id} {...EVALUATION_HISTORY} />
        </Col>
      </Row>
    </>
  );
}

/** How many user evaluations stand at each status, each linking to the list filtered so. */
function Counts({ evaluation: e }: { evaluation: Evaluation }) {
  const canList = useCan(['user_evaluations.index']);
  const link = (status?: string) =>
    `${urlFor('user_evaluations.index')}?tab=all&evaluation_id=${e.id}${status ? `&status=${status}` : ''}`;
  const items = [
    { key: 'total', label: 'Tổng số phiếu', value: e.counts.total },
    ...(['draft', 'self_assessed', 'reviewed', 'approved'] as const).map((s) => ({
      key: s,
      label: USER_EVALUATION_STATUS_LABELS[s],
      value: e.counts[s],
    })),
  ];
  return (
    <Card>
      <Row gutter={[16, 16]} data-testid="evaluation-counts">
        {items.map((i) => (
          <Col key={i.key} flex="1 1 150px">
            <Statistic
              title={canList ? <Link to={link(i.key === 'total' ? undefined : i.key)}>{i.label}</Link> : i.label}
              value={i.value}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
