import { CarOutlined, ExperimentOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { Button, Card, Col, Descriptions, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { TripSamples } from '@/features/samples';
import { MediumTag } from '@/features/sites';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useTrip } from '../api/sampling-trips-api';
import { TripActions } from '../components/trip-actions';
import { describeTripLog, TRIP_HISTORY } from '../components/trip-history';
import { TripStatusTag, tripDates } from '../components/trip-labels';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** A trip as its team reads it on the road: when, who, what to take, where to go and what to sample at each point. */
export default function TripShowPage() {
  const id = Number(useParams().id);
  const trip = useTrip(id);
  const navigate = useNavigate();

  if (trip.isPending) return <LoadingCard rows={10} />;
  if (trip.isError)
    return (
      <LoadError
        error={trip.error}
        onRetry={() => trip.refetch()}
        notFoundTitle="Không tìm thấy chuyến lấy mẫu"
        back={<Button onClick={() => navigate(urlFor('monitoring.trips.index'))}>Về danh sách chuyến</Button>}
      />
    );
  const t = trip.data;

  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Chuyến {t.code}</span>
            <TripStatusTag status={t.status} />
          </Space>
        }
        subtitle={t.name}
        extra={<TripActions trip={t} onStale={() => trip.refetch()} />}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin chuyến">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'dates', label: 'Ngày đi', children: tripDates(t) },
                  { key: 'leader', label: 'Trưởng đoàn', children: t.leader.name },
                  {
                    key: 'members',
                    label: 'Thành viên',
                    children: t.members.length ? t.members.map((m) => m.name).join(', ') : dash,
                  },
                  {
                    key: 'vehicle',
                    label: 'Phương tiện',
                    children: t.vehicle ? (
                      <span>
                        <CarOutlined /> {t.vehicle.name} {t.vehicle.identifier ? `(${t.vehicle.identifier})` : ''}
                      </span>
                    ) : (
                      'Không dùng xe công ty'
                    ),
                  },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(t.updated_at) },
                  { key: 'by', label: 'Người lập', children: t.created_by?.name ?? dash },
                  {
                    key: 'notes',
                    label: 'Ghi chú',
                    span: 'filled',
                    children: t.notes ? <span style={{ whiteSpace: 'pre-line' }}>{t.notes}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Rounds trip={t} />
            <TripSamples trip={t} />
            <Checklist trip={t} />
            <Kit trip={t} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="sampling_trips" id={t.id} describe={describeTripLog} {...TRIP_HISTORY} />
        </Col>
      </Row>
    </>
  );
}

function Rounds({ trip }: { trip: TripDetail }) {
  const canProgram = useCan(['monitoring.show', 'monitoring.edit']);
  return (
    <Card title={`Đợt quan trắc (${trip.rounds.length})`} styles={{ body: { paddingBlock: 4 } }}>
      <List
        dataSource={trip.rounds}
        renderItem={(r) => (
          <List.Item key={r.id} data-testid="trip-round">
            <List.Item.Meta
              title={
                <span>
                  {r.site.name} — {r.name}
                </span>
              }
              description={
                <span>
                  Hạn {formatDate(r.due_date)} ·{' '}
                  {canProgram ? (
                    // Underlined: a link inside a line of text must not rely on colour alone (WCAG 1.4.1).
                    <Link to={urlFor('monitoring.programs.show', { id: r.program.id })} style={{ textDecoration: 'underline' }}>
                      {r.program.code}
                    </Link>
                  ) : (
                    r.program.code
                  )}
                  {r.late && (
                    <Tag color="red" style={{ marginInlineStart: 8 }}>
                      Trễ hạn
                    </Tag>
                  )}
                  {r.status === 'done' && (
                    <Tag color="green" style={{ marginInlineStart: 8 }}>
                      Đã thực hiện
                    </Tag>
                  )}
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** What to sample, site by site and point by point; field parameters first (measured on site). */
function Checklist({ trip }: { trip: TripDetail }) {
  const count = trip.checklist.reduce((n, c) => n + c.parameters.length, 0);
  return (
    <Card title={`Danh mục lấy mẫu (${trip.checklist.length} điểm, ${count} chỉ tiêu)`}>
      {trip.checklist.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Các đợt của chuyến chưa có chỉ tiêu nào đến hạn" />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {trip.checklist.map((c) => (
            <div key={`${c.round_id}-${c.point.id}`} data-testid="checklist-point">
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                <strong>{c.point.code}</strong>
                <MediumTag medium={c.point.medium} />
                <Typography.Text type="secondary">
                  {c.point.name} · {c.site.name}
                </Typography.Text>
              </div>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginTop: 4 }}>
                {c.parameters.map((p) => (
                  <Tag key={p.id} color={p.place === 'field' ? 'gold' : undefined} title={p.name} style={{ marginInlineEnd: 0 }}>
                    {p.code}
                    {p.place === 'field' ? ' · hiện trường' : ''}
                  </Tag>
                ))}
              </div>
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}

function Kit({ trip }: { trip: TripDetail }) {
  const instruments = trip.equipment.filter((e) => e.kind === 'instrument');
  return (
    <Card title={`Thiết bị mang theo (${instruments.length})`} styles={{ body: { paddingBlock: 4 } }}>
      {instruments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa chọn thiết bị nào" />
      ) : (
        <List
          dataSource={instruments}
          renderItem={(e) => (
            <List.Item key={e.id}>
              <List.Item.Meta
                avatar={<ExperimentOutlined />}
                title={`${e.code} — ${e.name}`}
                description={e.calibration_due ? `Hạn hiệu chuẩn ${formatDate(e.calibration_due)}` : 'Không cần hiệu chuẩn'}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
