import { CHANNEL_LABELS, type NotificationChannel } from '@qlcv/common/schemas/notification-settings';
import { Space, Tag } from 'antd';

const COLORS: Record<NotificationChannel, string> = {
  in_app: 'blue',
  email: 'geekblue',
  sms: 'green',
  zalo: 'cyan',
  push: 'purple',
};

export const channelLabel = (channel: string) => CHANNEL_LABELS[channel as NotificationChannel] ?? channel;

/** The channels of a setting or a delivery, as tags. */
export function ChannelTags({ channels }: { channels: readonly string[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {channels.map((c) => (
        <Tag key={c} color={COLORS[c as NotificationChannel]} style={{ marginInlineEnd: 0 }}>
          {channelLabel(c)}
        </Tag>
      ))}
    </Space>
  );
}
