import {
  CHANNEL_LABELS,
  EVENT_GROUP_LABELS,
  type EventGroup,
  NOTIFICATION_CHANNELS,
} from '@qlcv/common/schemas/notification-settings';
import type { NotificationPreferences } from '@qlcv/common/schemas/notifications';
import { Card, Empty, Flex, Grid, Skeleton, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/page-states';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/profile-api';

type Row = NotificationPreferences['events'][number];

/** "Thông báo của tôi": one switch per event and channel the event sends through; a change is saved at once. */
export function NotificationPreferencesCard() {
  const prefs = useNotificationPreferences();
  // A phone shows one block per event with its switches below: five channel columns do not fit 390 px.
  const narrow = !Grid.useBreakpoint().md;
  const save = useUpdateNotificationPreferences();
  // The switch being saved, so only it spins.
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (event: string, channel: Row['channels'][number]['channel'], enabled: boolean) => {
    setSaving(`${event}:${channel}`);
    try {
      await save.mutateAsync({ preferences: [{ event, channel, enabled }] });
    } catch {
      // The server's message is already a toast; the switch keeps its saved state.
    } finally {
      setSaving(null);
    }
  };

  const used = NOTIFICATION_CHANNELS.filter((c) => prefs.data?.events.some((e) => e.channels.some((x) => x.channel === c)));
  const columns: TableColumnsType<Row> = [
    {
      key: 'event',
      title: 'Sự kiện',
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column' }}>
          <span>{r.event_label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {EVENT_GROUP_LABELS[r.group as EventGroup] ?? r.group}
          </Typography.Text>
        </span>
      ),
    },
    ...used.map((channel) => ({
      key: channel,
      title: CHANNEL_LABELS[channel],
      width: 120,
      align: 'center' as const,
      render: (_: unknown, r: Row) => {
        const cell = r.channels.find((c) => c.channel === channel);
        if (!cell) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Switch
            size="small"
            checked={cell.enabled}
            loading={saving === `${r.event}:${channel}`}
            onChange={(on) => toggle(r.event, channel, on)}
            aria-label={`${r.event_label} — ${CHANNEL_LABELS[channel]}`}
          />
        );
      },
    })),
  ];

  return (
    <Card title="Thông báo của tôi" data-testid="notification-preferences">
      <Typography.Paragraph type="secondary">
        Tắt những kênh bạn không muốn nhận cho từng sự kiện. Kênh nào được dùng do quản trị viên cấu hình.
      </Typography.Paragraph>
      {prefs.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : prefs.isError ? (
        <LoadError plain error={prefs.error} onRetry={() => prefs.refetch()} />
      ) : prefs.data.events.length === 0 ? (
        <Empty description="Chưa có sự kiện nào gửi thông báo" />
      ) : narrow ? (
        <ul aria-label="Thông báo của tôi" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {prefs.data.events.map((r) => (
            <li key={r.event} style={{ padding: '10px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Typography.Text strong>{r.event_label}</Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {EVENT_GROUP_LABELS[r.group as EventGroup] ?? r.group}
              </Typography.Text>
              <Flex wrap gap="8px 16px" style={{ marginTop: 6 }}>
                {r.channels.map((c) => (
                  <span key={c.channel} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 32 }}>
                    <Switch
                      size="small"
                      checked={c.enabled}
                      loading={saving === `${r.event}:${c.channel}`}
                      onChange={(on) => toggle(r.event, c.channel, on)}
                      aria-label={`${r.event_label} — ${CHANNEL_LABELS[c.channel]}`}
                    />
                    <span>{CHANNEL_LABELS[c.channel]}</span>
                  </span>
                ))}
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Table<Row>
          rowKey="event"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={prefs.data.events}
          scroll={{ x: 480 }}
        />
      )}
    </Card>
  );
}
