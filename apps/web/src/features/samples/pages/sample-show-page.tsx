import { formatDateTime } from '@qlcv/common/format/date';
import { SAMPLE_QC_LABELS, SAMPLE_STEP_MOVES, type SampleDetail, type SampleEvent } from '@qlcv/common/schemas/samples';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Image,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { usePhoneTable } from '@/components/phone-cards';
import { MediumTag } from '@/features/sites';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useSample } from '../api/samples-api';
import { AuthedImage } from '../components/authed-image';
import { CustodyActions } from '../components/custody-actions';
import { describeSampleLog, SAMPLE_HISTORY } from '../components/sample-history';
import { OverdueTag, QcKindTag, SampleStatusTag } from '../components/sample-tags';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const TRIP_KEYS = ['sampling.index', 'sampling.department', 'sampling.all'] as const;

/** A sample: where and when it was taken, what was measured on site, its photos and its chain of custody. */
export default function SampleShowPage() {
  const id = Number(useParams().id);
  const sample = useSample(id);
  const navigate = useNavigate();
  const canTrip = useCan([...TRIP_KEYS]);

  if (sample.isPending) return <LoadingCard rows={10} />;
  if (sample.isError)
    return (
      <LoadError
        error={sample.error}
        onRetry={() => sample.refetch()}
        notFoundTitle="Không tìm thấy mẫu"
        back={<Button onClick={() => navigate(-1)}>Quay lại</Button>}
      />
    );
  const s = sample.data;

  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Mẫu {s.code}</span>
            <SampleStatusTag status={s.status} />
            <QcKindTag kind={s.qc_kind} />
          </Space>
        }
        subtitle={`${s.site.name} — ${s.point.code} ${s.point.name}`}
        extra={<CustodyActions sample={s} onStale={() => sample.refetch()} />}
      />
      {s.overdue && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="sample-overdue"
          title="Quá hạn lưu mẫu"
          description={`Mẫu chưa được phân tích trong thời gian lưu mẫu cho phép${s.hold_until ? ` (hạn ${formatDateTime(s.hold_until)})` : ''}.`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin mẫu">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'trip',
                    label: 'Chuyến lấy mẫu',
                    children: canTrip ? (
                      <Link to={urlFor('monitoring.trips.show', { id: s.trip.id })}>{s.trip.code}</Link>
                    ) : (
                      s.trip.code
                    ),
                  },
                  { key: 'round', label: 'Đợt quan trắc', children: `${s.round.name} (${s.round.program_code})` },
                  { key: 'site', label: 'Cơ sở', children: s.site.name },
                  { key: 'point', label: 'Điểm lấy mẫu', children: `${s.point.code} — ${s.point.name}` },
                  { key: 'medium', label: 'Thành phần môi trường', children: <MediumTag medium={s.medium} /> },
                  { key: 'qc', label: 'Loại mẫu', children: SAMPLE_QC_LABELS[s.qc_kind] },
                  { key: 'taken', label: 'Thời điểm lấy mẫu', children: formatDateTime(s.taken_at) },
                  { key: 'by', label: 'Người lấy mẫu', children: s.taken_by.name },
                  { key: 'container', label: 'Dụng cụ chứa mẫu', children: s.container ?? dash },
                  { key: 'preservation', label: 'Cách bảo quản', children: s.preservation ?? dash },
                  {
                    key: 'hold',
                    label: 'Hạn lưu mẫu',
                    children: s.hold_until ? (
                      <Space size={6} wrap>
                        {formatDateTime(s.hold_until)}
                        <OverdueTag sample={s} />
                      </Space>
                    ) : (
                      'Không giới hạn'
                    ),
                  },
                  {
                    key: 'notes',
                    label: 'Ghi chú',
                    span: 'filled',
                    children: s.notes ? <span style={{ whiteSpace: 'pre-line' }}>{s.notes}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Place sample={s} />
            <Measurements sample={s} />
            <LabParameters sample={s} />
            <Photos sample={s} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Custody events={s.events} />
            <RecordHistory entity="samples" id={s.id} describe={describeSampleLog} {...SAMPLE_HISTORY} />
          </Space>
        </Col>
      </Row>
    </>
  );
}

function Place({ sample: s }: { sample: SampleDetail }) {
  return (
    <Card title="Vị trí lấy mẫu">
      {s.latitude == null || s.longitude == null ? (
        <Typography.Text type="secondary">Không ghi vị trí GPS khi lấy mẫu.</Typography.Text>
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <span data-testid="sample-place">
            {s.latitude.toFixed(6)}, {s.longitude.toFixed(6)}
            {s.accuracy_m != null ? ` ± ${s.accuracy_m} m` : ''}
            {s.distance_m != null ? ` · cách điểm quan trắc ${s.distance_m.toLocaleString('vi-VN')} m` : ''}
          </span>
          {s.far_from_point && (
            <Alert
              type="warning"
              showIcon
              title="Vị trí lấy mẫu xa điểm quan trắc"
              description={`Mẫu được lấy cách tọa độ của điểm ${s.point.code} khoảng ${s.distance_m?.toLocaleString('vi-VN')} m. Hãy kiểm tra lại điểm lấy mẫu hoặc tọa độ của điểm.`}
            />
          )}
        </Space>
      )}
    </Card>
  );
}

type MeasurementRow = SampleDetail['measurements'][number] & { id: number };

function Measurements({ sample }: { sample: SampleDetail }) {
  const rows: MeasurementRow[] = sample.measurements.map((m) => ({ ...m, id: m.parameter.id }));
  const columns: TableColumnsType<MeasurementRow> = [
    { key: 'parameter', title: 'Chỉ tiêu', render: (_, m) => `${m.parameter.name} (${m.parameter.code})` },
    { key: 'value', title: 'Kết quả', width: 140, render: (_, m) => `${m.value.replace('.', ',')} ${m.parameter.unit}`.trim() },
    {
      key: 'equipment',
      title: 'Thiết bị đo',
      width: 240,
      render: (_, m) => (m.equipment ? `${m.equipment.code} — ${m.equipment.name}` : dash),
    },
  ];
  const table = usePhoneTable(columns);
  return (
    <Card title={`Kết quả đo hiện trường (${rows.length})`}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Không có kết quả đo tại hiện trường" />
      ) : (
        <Table<MeasurementRow>
          rowKey="id"
          dataSource={rows}
          pagination={false}
          size="small"
          {...table}
          data-testid="sample-measurements"
        />
      )}
    </Card>
  );
}

function LabParameters({ sample }: { sample: SampleDetail }) {
  // Made when the laboratory receives the sample: its analyses, for whoever reads the laboratory's.
  const readsAnalyses = useCan(['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive']);
  const received = !['taken', 'handed_over'].includes(sample.status);
  return (
    <Card
      title={`Chỉ tiêu phân tích tại phòng thí nghiệm (${sample.lab_parameters.length})`}
      extra={
        readsAnalyses &&
        received &&
        sample.lab_parameters.length > 0 && (
          <Link to={`${urlFor('monitoring.analyses.index')}?sample_id=${sample.id}`}>Xem phép phân tích</Link>
        )
      }
    >
      {sample.lab_parameters.length === 0 ? (
        <Typography.Text type="secondary">Điểm này không có chỉ tiêu phân tích tại phòng thí nghiệm trong đợt.</Typography.Text>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {sample.lab_parameters.map((p) => (
            <Tag key={p.id} title={p.name} style={{ marginInlineEnd: 0 }}>
              {p.code}
              {p.holding_hours != null ? ` · lưu ${p.holding_hours} giờ` : ''}
            </Tag>
          ))}
        </div>
      )}
    </Card>
  );
}

function Photos({ sample }: { sample: SampleDetail }) {
  return (
    <Card title={`Ảnh (${sample.photos.length})`}>
      {sample.photos.length === 0 ? (
        <Typography.Text type="secondary">Không có ảnh.</Typography.Text>
      ) : (
        <Image.PreviewGroup>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="sample-photos">
            {sample.photos.map((p, i) => (
              <AuthedImage key={p.id} src={p.url} size={104} alt={`Ảnh mẫu ${sample.code} số ${i + 1}`} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}

const STEP_LABEL: Record<SampleEvent['status'], string> = {
  taken: 'Lấy mẫu',
  handed_over: SAMPLE_STEP_MOVES['hand-over'].label,
  received: 'Nhận mẫu tại phòng thí nghiệm',
  in_analysis: SAMPLE_STEP_MOVES.analyse.label,
  stored: SAMPLE_STEP_MOVES.store.label,
  disposed: SAMPLE_STEP_MOVES.dispose.label,
};

/** The chain of custody: every step with its time, person and what was checked. */
function Custody({ events }: { events: SampleEvent[] }) {
  return (
    <Card title="Chuỗi bàn giao mẫu" size="small">
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có bước nào" />
      ) : (
        <Timeline
          style={{ marginTop: 8 }}
          items={events.map((e) => ({
            key: e.id,
            color: e.intact === false || e.within_holding === false ? 'red' : 'green',
            content: (
              <div data-testid="custody-event">
                <Typography.Text strong>{STEP_LABEL[e.status]}</Typography.Text>
                <div style={{ fontSize: 12, color: '#595959' }}>
                  {formatDateTime(e.at)} · {e.by.name}
                  {e.to ? ` → ${e.to.name}` : ''}
                </div>
                {(e.temperature != null || e.intact != null || e.within_holding != null) && (
                  <Space size={4} wrap style={{ marginTop: 4 }}>
                    {e.temperature != null && <Tag style={{ marginInlineEnd: 0 }}>{e.temperature.replace('.', ',')} °C</Tag>}
                    {e.intact != null && (
                      <Tag color={e.intact ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
                        {e.intact ? 'Nguyên vẹn' : 'Không nguyên vẹn'}
                      </Tag>
                    )}
                    {e.within_holding != null && (
                      <Tag color={e.within_holding ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
                        {e.within_holding ? 'Trong thời hạn lưu mẫu' : 'Quá hạn lưu mẫu'}
                      </Tag>
                    )}
                  </Space>
                )}
                {e.notes && <div style={{ whiteSpace: 'pre-line', marginTop: 4 }}>{e.notes}</div>}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
