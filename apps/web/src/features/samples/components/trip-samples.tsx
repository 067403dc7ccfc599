import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { Button, Card, Empty, List, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/page-states';
import { useAuthUser } from '@/lib/auth/auth-store';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useSamples } from '../api/samples-api';
import { QueuedSamples } from '../offline/queued-samples';
import { OverdueTag, QcKindTag, SampleStatusTag } from './sample-tags';

/** Up to this many samples a trip lists on its page (a trip takes a few dozen at most). */
const TRIP_SAMPLES = 100;

/**
 * "Mẫu đã lấy" on a trip's page: its samples (code, point, kind, status, time, overdue), "Thêm mẫu" for its team
 * while the trip is not cancelled, "In nhãn" for the whole trip's label sheet.
 */
export function TripSamples({ trip }: { trip: TripDetail }) {
  const navigate = useNavigate();
  const user = useAuthUser();
  const planner = useCan(['sampling.edit']);
  const samples = useSamples({ trip_id: trip.id, per_page: TRIP_SAMPLES, sort: 'taken_at' });
  const onTeam = planner || trip.leader.id === user?.id || trip.members.some((m) => m.id === user?.id);
  const rows = samples.data?.data ?? [];

  return (
    <>
      {onTeam && <QueuedSamples tripId={trip.id} />}
      <Card
        title={`Mẫu đã lấy (${samples.data?.meta.total ?? rows.length})`}
        data-testid="trip-samples"
        extra={
          <Space wrap size={8}>
            {rows.length > 0 && (
              <Button
                icon={<PrinterOutlined />}
                onClick={() => navigate(`${urlFor('monitoring.samples.labels')}?trip_id=${trip.id}`)}
              >
                In nhãn
              </Button>
            )}
            {onTeam && trip.status !== 'cancelled' && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`${urlFor('monitoring.samples.create')}?trip_id=${trip.id}`)}
              >
                Thêm mẫu
              </Button>
            )}
          </Space>
        }
        styles={{ body: { paddingBlock: rows.length ? 4 : undefined } }}
      >
        {samples.isError ? (
          <LoadError plain error={samples.error} onRetry={() => samples.refetch()} />
        ) : rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              samples.isPending ? 'Đang tải…' : 'Chưa có mẫu nào. Đến điểm lấy mẫu, bấm “Thêm mẫu” để ghi mẫu và in nhãn.'
            }
          />
        ) : (
          <List
            dataSource={rows}
            renderItem={(s) => (
              <List.Item key={s.id} data-testid="trip-sample">
                <List.Item.Meta
                  title={
                    <Space wrap size={6}>
                      <Link to={urlFor('monitoring.samples.show', { id: s.id })}>{s.code}</Link>
                      <SampleStatusTag status={s.status} />
                      <QcKindTag kind={s.qc_kind} />
                      <OverdueTag sample={s} />
                    </Space>
                  }
                  description={
                    <Typography.Text type="secondary">
                      {s.point.code} — {s.point.name} · {formatDateTime(s.taken_at)} · {s.taken_by.name}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </>
  );
}
