import { timeAgo } from '@qlcv/common/format/relative-time';
import { truncateWords } from '@qlcv/common/format/text';
import { Typography } from 'antd';
import type { NotificationItem } from '../api/notifications-api';

/** One notification: an unread dot, its title (bold while unread), the body cut at 20 words, "5 phút trước". */
export function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const unread = item.read_at === null;
  return (
    <button
      type="button"
      className={`qlcv-notification-row${unread ? ' is-unread' : ''}`}
      onClick={() => onOpen(item)}
      data-testid="notification-row"
      aria-label={`${unread ? 'Chưa đọc: ' : ''}${item.title}`}
    >
      <span className="qlcv-notification-dot" aria-hidden="true" />
      <span className="qlcv-notification-text">
        <Typography.Text strong={unread} className="qlcv-notification-title">
          {item.title}
        </Typography.Text>
        <Typography.Text type="secondary" className="qlcv-notification-body">
          {truncateWords(item.body)}
        </Typography.Text>
        <Typography.Text type="secondary" className="qlcv-notification-time">
          <time dateTime={item.created_at}>{timeAgo(item.created_at)}</time>
        </Typography.Text>
      </span>
    </button>
  );
}
