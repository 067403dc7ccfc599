import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import type { AnalysisDetail, AnalysisEvent } from '@qlcv/common/schemas/analyses';
import { SAMPLE_QC_LABELS } from '@qlcv/common/schemas/samples';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useAnalysis } from '../api/analyses-api';
import { AnalysisActions } from '../components/analysis-actions';
import { AnalysisStateTag, DueOnText, HoldingPassedTag, LateTag, ResultText } from '../components/analysis-tags';
import { AnalysisVerdict } from '../components/analysis-verdict';
import { AnalysisTrendCard } from '../components/trend-chart';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const SAMPLE_READERS = ['sampling.index', 'sampling.department', 'sampling.all', 'lab.index', 'lab.receive'];
const whoAt = (who: { name: string } | null, at: string | null) =>
  who ? `${who.name}${at ? ` · ${formatDateTime(at)}` : ''}` : dash;

/** An analysis: its sample and parameter, the result, who did what, the actions its state allows and its history. */
export default function AnalysisShowPage() {
  const id = Number(useParams().id);
  const analysis = useAnalysis(id);
  const navigate = useNavigate();
  const canSample = useCan(SAMPLE_READERS);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (analysis.isPending) return <LoadingCard rows={10} />;
  if (analysis.isError)
    return (
      <LoadError
        error={analysis.error}
        onRetry={() => analysis.refetch()}
        notFoundTitle="Không tìm thấy phép phân tích"
        back={<Button onClick={() => navigate(urlFor('monitoring.analyses.index'))}>Về danh sách phân tích</Button>}
      />
    );
  const a = analysis.data;
  const open = a.state !== 'released' && a.value === null;

  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>
              {a.sample.code} · {a.parameter.code}
            </span>
            <AnalysisStateTag state={a.state} />
            <LateTag analysis={a} />
          </Space>
        }
        subtitle={`${a.parameter.name} — ${a.site.name}, điểm ${a.point.code} ${a.point.name}`}
        extra={<AnalysisActions analysis={a} onStale={() => analysis.refetch()} onRefused={setRefusal} />}
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          closable
          onClose={() => setRefusal(null)}
          data-testid="analysis-refusal"
          title="Không thực hiện được"
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      )}
      {a.state === 'returned' && a.return_reason && (
        <Alert
          type="warning"
          showIcon
          data-testid="analysis-returned"
          title="Kết quả bị trả lại"
          description={a.return_reason}
          style={{ marginBottom: 16 }}
        />
      )}
      {a.late_for_holding && (
        <Alert
          type="error"
          showIcon
          title="Phân tích sau thời hạn lưu mẫu"
          description={`Mẫu được phân tích sau hạn lưu mẫu của chỉ tiêu${a.hold_until ? ` (${formatDateTime(a.hold_until)})` : ''}. Kết quả vẫn được ghi nhận, kèm dấu quá hạn.`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Kết quả">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'result',
                    label: 'Kết quả',
                    children: (
                      <Typography.Text strong style={{ fontSize: 16 }}>
                        <ResultText analysis={a} />
                      </Typography.Text>
                    ),
                  },
                  {
                    key: 'uncertainty',
                    label: 'Độ không đảm bảo đo',
                    children: a.uncertainty ? `± ${formatDecVi(a.uncertainty)} ${a.unit}`.trim() : dash,
                  },
                  { key: 'method', label: 'Phương pháp', children: a.method || dash },
                  {
                    key: 'equipment',
                    label: 'Thiết bị phân tích',
                    children: a.equipment ? `${a.equipment.code} — ${a.equipment.name}` : dash,
                  },
                  { key: 'analysed_on', label: 'Ngày phân tích', children: a.analysed_on ? formatDate(a.analysed_on) : dash },
                  {
                    key: 'lod',
                    label: 'Giới hạn phát hiện / định lượng',
                    children:
                      a.parameter.lod || a.parameter.loq
                        ? `LOD ${a.parameter.lod ? formatDecVi(a.parameter.lod) : '—'} · LOQ ${a.parameter.loq ? formatDecVi(a.parameter.loq) : '—'} ${a.parameter.unit}`
                        : dash,
                  },
                  {
                    key: 'notes',
                    label: 'Ghi chú',
                    span: 'filled',
                    children: a.notes ? <span style={{ whiteSpace: 'pre-line' }}>{a.notes}</span> : dash,
                  },
                ]}
              />
            </Card>
            <AnalysisVerdict analysis={a} />
            <AnalysisTrendCard pointId={a.point.id} parameterId={a.parameter.id} />
            <Card title="Mẫu và chỉ tiêu">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'sample',
                    label: 'Mẫu',
                    children: canSample ? (
                      <Link to={urlFor('monitoring.samples.show', { id: a.sample.id })}>{a.sample.code}</Link>
                    ) : (
                      a.sample.code
                    ),
                  },
                  { key: 'qc', label: 'Loại mẫu', children: SAMPLE_QC_LABELS[a.sample.qc_kind] },
                  { key: 'site', label: 'Cơ sở', children: a.site.name },
                  { key: 'point', label: 'Điểm lấy mẫu', children: `${a.point.code} — ${a.point.name}` },
                  { key: 'trip', label: 'Chuyến lấy mẫu', children: a.trip.code },
                  { key: 'taken', label: 'Thời điểm lấy mẫu', children: formatDateTime(a.sample.taken_at) },
                  { key: 'parameter', label: 'Chỉ tiêu', children: `${a.parameter.name} (${a.parameter.code})` },
                  { key: 'due', label: 'Hạn trả kết quả', children: <DueOnText analysis={a} /> },
                  {
                    key: 'hold',
                    label: 'Hạn lưu mẫu',
                    children: a.hold_until ? (
                      <Space size={6} wrap>
                        {formatDateTime(a.hold_until)}
                        {open && <HoldingPassedTag holdUntil={a.hold_until} />}
                      </Space>
                    ) : (
                      'Không giới hạn'
                    ),
                  },
                ]}
              />
            </Card>
            <Card title="Người thực hiện">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'analyst', label: 'Kiểm nghiệm viên', children: a.analyst?.name ?? 'Chưa phân công' },
                  { key: 'entered', label: 'Nhập kết quả', children: whoAt(a.entered_by, a.entered_at) },
                  { key: 'verified', label: 'Soát xét', children: whoAt(a.verified_by, a.verified_at) },
                  { key: 'released', label: 'Phát hành', children: whoAt(a.released_by, a.released_at) },
                ]}
              />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <AnalysisHistory events={a.history} />
        </Col>
      </Row>
    </>
  );
}

const EVENT_LABEL: Record<AnalysisEvent['state'], string> = {
  pending: 'Tạo khi nhận mẫu',
  assigned: 'Phân công',
  entered: 'Nhập kết quả',
  verified: 'Soát xét',
  released: 'Phát hành',
  returned: 'Trả lại',
};

/** The analysis's own history: each state change with who, when, to whom, the result as it stood and the reason. */
function AnalysisHistory({ events }: { events: AnalysisDetail['history'] }) {
  return (
    <Card title="Lịch sử phân tích" size="small">
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có bước nào" />
      ) : (
        <Timeline
          style={{ marginTop: 8 }}
          items={events.map((e) => ({
            key: e.id,
            color: e.state === 'returned' ? 'red' : e.state === 'released' ? 'green' : 'blue',
            content: (
              <div data-testid="analysis-event" data-state={e.state}>
                <Typography.Text strong>{EVENT_LABEL[e.state]}</Typography.Text>
                <div style={{ fontSize: 12, color: '#595959' }}>
                  {formatDateTime(e.at)}
                  {e.by ? ` · ${e.by.name}` : ''}
                  {e.to ? ` → ${e.to.name}` : ''}
                </div>
                {e.result && <div>Kết quả: {e.result.replace(/(\d)\.(\d)/, '$1,$2')}</div>}
                {e.reason && (
                  <div style={{ whiteSpace: 'pre-line' }}>
                    Lý do: <Typography.Text type="danger">{e.reason}</Typography.Text>
                  </div>
                )}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
