import { CheckOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { formatNumber } from '@qlcv/common/format/number';
import { Button, Card, Empty, Pagination, Skeleton, Tabs, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import {
  type NotificationItem,
  type NotificationListQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications-api';
import { NotificationRow } from '../components/notification-row';

const PER_PAGE = 20;

/** notifications.index: the signed-in user's notifications, unread first; all or unread only; mark read. */
export default function NotificationListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('status') === 'unread' ? 'unread' : 'all';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query: NotificationListQuery = { page, per_page: PER_PAGE, ...(tab === 'unread' ? { status: 'unread' } : {}) };
  const list = useNotifications(query);
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = unread.data?.count ?? 0;

  const go = (next: { status?: string; page?: number }) => {
    const params = new URLSearchParams(search);
    if (next.status !== undefined) {
      if (next.status === 'unread') params.set('status', 'unread');
      else params.delete('status');
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearch(params);
  };

  const open = (item: NotificationItem) => {
    if (item.read_at === null) markRead.mutate(item.id);
    if (item.link) navigate(item.link);
  };

  let content: ReactNode;
  if (list.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError) content = <LoadError error={list.error} onRetry={() => list.refetch()} plain />;
  else if (list.data.data.length === 0) {
    content = <Empty description={tab === 'unread' ? 'Không còn thông báo chưa đọc' : 'Chưa có thông báo'} />;
  } else {
    const { data, meta } = list.data;
    content = (
      <>
        <ul aria-label="Danh sách thông báo" className="qlcv-notification-ul">
          {data.map((item) => (
            <li key={item.id} className="qlcv-notification-list-item">
              <NotificationRow item={item} onOpen={open} />
              <div className="qlcv-notification-actions">
                <Tooltip title={formatDateTime(item.created_at)}>
                  <span className="qlcv-notification-date">{formatDateTime(item.created_at)}</span>
                </Tooltip>
                {item.read_at === null && (
                  <Button
                    size="small"
                    type="link"
                    icon={<CheckOutlined />}
                    onClick={() => markRead.mutate(item.id)}
                    aria-label={`Đánh dấu đã đọc: ${item.title}`}
                  >
                    Đã đọc
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {meta.last_page > 1 && (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={meta.current_page}
            pageSize={meta.per_page}
            total={meta.total}
            showSizeChanger={false}
            showTotal={(total) => `Tổng ${formatNumber(total)} thông báo`}
            onChange={(p) => go({ page: p })}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Thông báo"
        subtitle="Thông báo gửi tới bạn; thông báo mới hiện ngay, không cần tải lại trang."
        extra={
          <Button
            icon={<CheckOutlined />}
            disabled={unreadCount === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Đánh dấu tất cả đã đọc
          </Button>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => go({ status: key })}
          items={[
            { key: 'all', label: 'Tất cả' },
            { key: 'unread', label: unreadCount > 0 ? `Chưa đọc (${formatNumber(unreadCount)})` : 'Chưa đọc' },
          ]}
        />
        {content}
      </Card>
    </>
  );
}
