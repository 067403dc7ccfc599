import { BellOutlined, CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Skeleton, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { urlFor } from '@/lib/routes';
import {
  type NotificationItem,
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadCount,
} from '../api/notifications-api';
import { NotificationRow } from './notification-row';

/** The header's bell: the unread badge (kept live by the stream) and a drop-down of the latest 8. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const latest = useLatestNotifications(open);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const count = unread.data?.count ?? 0;

  const openItem = (item: NotificationItem) => {
    setOpen(false);
    if (item.read_at === null) markRead.mutate(item.id);
    if (item.link) navigate(item.link);
  };

  let body: ReactNode;
  if (latest.isPending) body = <Skeleton active paragraph={{ rows: 3 }} style={{ padding: 12 }} />;
  else if (latest.isError) {
    body = (
      <div className="qlcv-notification-empty">
        <Typography.Text type="secondary">Không tải được thông báo.</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => latest.refetch()}>
          Thử lại
        </Button>
      </div>
    );
  } else if (latest.data.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có thông báo" />;
  } else {
    body = (
      <ul aria-label="Thông báo mới nhất" className="qlcv-notification-ul">
        {latest.data.data.map((item) => (
          <li key={item.id}>
            <NotificationRow item={item} onOpen={openItem} />
          </li>
        ))}
      </ul>
    );
  }

  const panel = (
    <div className="qlcv-notification-panel" data-testid="notification-panel">
      <div className="qlcv-notification-panel-head">
        <Typography.Text strong>Thông báo</Typography.Text>
        <Button
          type="link"
          size="small"
          icon={<CheckOutlined />}
          disabled={count === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Đánh dấu tất cả đã đọc
        </Button>
      </div>
      <div className="qlcv-notification-panel-body">{body}</div>
      <div className="qlcv-notification-panel-foot">
        <Button
          type="link"
          block
          onClick={() => {
            setOpen(false);
            navigate(urlFor('notifications.index'));
          }}
        >
          Xem tất cả
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      // phone.css: on a phone the panel spans the screen under the header.
      rootClassName="qlcv-notification-popover"
      styles={{ container: { padding: 0 } }}
      // Inside the sticky header, like the user menu: it stays with it.
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
    >
      <Tooltip title={open ? undefined : 'Thông báo'}>
        <Button
          type="text"
          shape="circle"
          data-testid="notification-bell"
          aria-label={count > 0 ? `Thông báo, ${count} chưa đọc` : 'Thông báo'}
          icon={
            <Badge count={count} overflowCount={99} size="small" data-testid="notification-badge">
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Tooltip>
    </Popover>
  );
}
