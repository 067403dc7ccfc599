import { Alert, Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useTrips } from '../api/sampling-trips-api';
import { TripStatusTag, tripDates } from './trip-labels';

/**
 * "Chuyến lấy mẫu của tôi" on my works page: the trips I lead or am on that are planned or under way, soonest first.
 * Nothing shows to who has none.
 */
export function MyTrips() {
  const canRead = useCan(['sampling.index', 'sampling.department', 'sampling.all']);
  const planned = useTrips({ mine: 'true', status: 'planned', per_page: 10, sort: 'start_date' }, canRead);
  const running = useTrips({ mine: 'true', status: 'in_progress', per_page: 10, sort: 'start_date' }, canRead);
  if (!canRead) return null;
  if (planned.isError || running.isError)
    return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Không tải được chuyến lấy mẫu của bạn." />;
  const trips = [...(running.data?.data ?? []), ...(planned.data?.data ?? [])];
  if (trips.length === 0) return null;
  return (
    <Card title={`Chuyến lấy mẫu của tôi (${trips.length})`} size="small" style={{ marginBottom: 16 }} data-testid="my-trips">
      <List
        size="small"
        dataSource={trips}
        renderItem={(t) => (
          <List.Item key={t.id} extra={<TripStatusTag status={t.status} />}>
            <List.Item.Meta
              title={<Link to={urlFor('monitoring.trips.show', { id: t.id })}>{t.name}</Link>}
              description={
                <Typography.Text type="secondary">
                  {tripDates(t)} · trưởng đoàn {t.leader.name}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
