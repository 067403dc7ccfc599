import { WarningOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { timeAgo } from '@qlcv/common/format/relative-time';
import { truncateWords } from '@qlcv/common/format/text';
import {
  type Dashboard,
  type DashboardDeadline,
  DEADLINE_KIND_LABELS,
  type DeadlineKind,
  DASHBOARD_LIST_LABELS as LABELS,
} from '@qlcv/common/schemas/dashboard';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Empty, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useMarkNotificationRead } from '@/features/notifications/api/notifications-api';
import { queryKeys } from '@/lib/query-keys';
import { urlFor } from '@/lib/routes';

const ROUTE_OF: Record<DeadlineKind, string> = {
  work: 'works.show',
  request: 'requests.show',
  evaluation: 'user_evaluations.show',
};

/** A date-only deadline reads DD/MM/YYYY; an instant DD/MM/YYYY HH:mm. */
const deadlineText = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : formatDateTime(value));

/** "Hạn sắp tới của tôi": my soonest open deadlines, overdue ones in red. */
export function NextDeadlines({ items }: { items: DashboardDeadline[] }) {
  return (
    <Card size="small" title={<h2 className="qlcv-dash-h2">{LABELS.next_deadlines}</h2>} data-testid="dashboard-deadlines">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Không có hạn nào sắp tới" />
      ) : (
        <ul className="qlcv-dash-list">
          {items.map((d) => (
            <li key={`${d.kind}-${d.id}`} style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Tag style={{ marginInlineEnd: 0 }}>{DEADLINE_KIND_LABELS[d.kind]}</Tag>
              <span style={{ flex: 1, minWidth: 160 }}>
                <Link to={urlFor(ROUTE_OF[d.kind], { id: d.id })}>
                  {d.code ? `${d.code} · ` : ''}
                  {d.title}
                </Link>
              </span>
              <Typography.Text type={d.overdue ? 'danger' : 'secondary'} style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
                {d.overdue && <WarningOutlined style={{ marginInlineEnd: 4 }} />}
                {d.overdue ? 'Quá hạn · ' : 'Hạn '}
                {deadlineText(d.deadline)}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** "Thông báo mới nhất": my latest notifications, unread ones in bold with a dot; opening one marks it read. */
export function LatestNotifications({ items }: { items: Dashboard['lists']['notifications'] }) {
  const markRead = useMarkNotificationRead();
  const queryClient = useQueryClient();
  const open = (id: number) =>
    markRead.mutate(id, { onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }) });
  return (
    <Card
      size="small"
      title={<h2 className="qlcv-dash-h2">{LABELS.notifications}</h2>}
      extra={<Link to={urlFor('notifications.index')}>Xem tất cả</Link>}
      data-testid="dashboard-notifications"
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có thông báo" />
      ) : (
        <ul className="qlcv-dash-list">
          {items.map((n) => {
            const unread = n.read_at === null;
            const title = (
              <Typography.Text strong={unread}>
                {unread && <span className="qlcv-sr-only">Chưa đọc: </span>}
                {n.title}
              </Typography.Text>
            );
            return (
              <li key={n.id} style={{ display: 'flex', gap: 8 }}>
                <Badge status={unread ? 'processing' : 'default'} aria-hidden="true" />
                <span style={{ flex: 1, minWidth: 0 }}>
                  {n.link ? (
                    <Link to={n.link} onClick={() => unread && open(n.id)}>
                      {title}
                    </Link>
                  ) : (
                    title
                  )}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {truncateWords(n.body)} · <time dateTime={n.created_at}>{timeAgo(n.created_at)}</time>
                  </Typography.Text>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
