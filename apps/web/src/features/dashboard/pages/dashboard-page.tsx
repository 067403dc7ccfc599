import { ApartmentOutlined, IdcardOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatTime, formatWeekdayDate, hourOf } from '@qlcv/common/format/date';
import { Button, Card, Col, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/page-states';
import { UserAvatar } from '@/components/user-avatar';
import { useAuthUser } from '@/lib/auth/auth-store';
import { useDashboard } from '../api/dashboard-api';
import { DashboardCards } from '../components/dashboard-cards';
import { LatestNotifications, NextDeadlines } from '../components/dashboard-lists';
import '../dashboard.css';

// recharts is fetched with this chunk only, after the figures are on screen.
const DashboardCharts = lazy(() => import('../components/dashboard-charts'));

function greeting(hour: number): string {
  if (hour < 11) return 'Chào buổi sáng';
  if (hour < 14) return 'Chào buổi trưa';
  if (hour < 18) return 'Chào buổi chiều';
  return 'Chào buổi tối';
}

function CardsSkeleton() {
  return (
    <Row gutter={[16, 16]} aria-busy="true" aria-label="Đang tải số liệu">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
        <Col key={k} xs={24} sm={12} lg={8} xxl={6}>
          <Card size="small">
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

const ChartsSkeleton = () => (
  <Card size="small" aria-busy="true" aria-label="Đang tải biểu đồ">
    <Skeleton active title={false} paragraph={{ rows: 8 }} />
  </Card>
);

/** The dashboard: a short greeting, the figures (each opening its filtered list), charts and my deadlines and notifications. */
export default function DashboardPage() {
  const user = useAuthUser();
  const dashboard = useDashboard();
  // Vietnam time, as every record is, whatever the browser's zone.
  const now = Date.now();
  const data = dashboard.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="dashboard">
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <UserAvatar name={user?.name} src={user?.avatar} size={48} />
        <div style={{ flex: 1, minWidth: 220 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {greeting(hourOf(now) ?? 0)}, {user?.name}!
          </Typography.Title>
          <Space wrap size={[8, 4]} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{formatWeekdayDate(now)}</Typography.Text>
            <Tag icon={<IdcardOutlined />} color="cyan" data-testid="user-role">
              Vai trò: {user?.role?.name ?? '—'}
            </Tag>
            <Tag icon={<ApartmentOutlined />} data-testid="user-department">
              Phòng ban: {user?.department?.name ?? 'Chưa thuộc phòng ban'}
            </Tag>
          </Space>
        </div>
        <Space size={8} wrap>
          {data && (
            <Typography.Text type="secondary" data-testid="dashboard-updated-at">
              Cập nhật lúc {formatTime(data.generated_at)}
            </Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={dashboard.isFetching}
            onClick={() => dashboard.refetch()}
            data-testid="dashboard-refresh"
          >
            Làm mới
          </Button>
        </Space>
      </div>

      {dashboard.isPending ? (
        <>
          <CardsSkeleton />
          <ChartsSkeleton />
        </>
      ) : dashboard.isError && !data ? (
        <LoadError error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : data ? (
        <>
          <DashboardCards data={data} />
          <Suspense fallback={<ChartsSkeleton />}>
            <DashboardCharts charts={data.charts} />
          </Suspense>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <NextDeadlines items={data.lists.next_deadlines} />
            </Col>
            <Col xs={24} xl={12}>
              <LatestNotifications items={data.lists.notifications} />
            </Col>
          </Row>
        </>
      ) : null}
    </Space>
  );
}
