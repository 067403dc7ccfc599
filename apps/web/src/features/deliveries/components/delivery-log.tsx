import { RedoOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { DELIVERY_CHANNELS, DELIVERY_STATUS_LABELS, DELIVERY_STATUSES, type Delivery } from '@qlcv/common/schemas/deliveries';
import { EVENT_CATALOGUE, NOTIFICATION_EVENTS } from '@qlcv/common/schemas/notification-settings';
import { App, Button, Empty, Select, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { ChannelTags, channelLabel } from '@/components/channel-tags';
import { CsvSelect, ServerTable, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListFilters } from '@/components/list-page';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { useDeliveries, useResendDelivery } from '../api/deliveries-api';

const STATUS_COLORS: Record<string, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'warning',
  dead: 'error',
};

const FILTERS = ['channel', 'status', 'event'] as const;

/** "Nhật ký gửi": each e-mail, SMS and Zalo message of the outbox, its tries and the provider's answer; "Gửi lại". */
export function DeliveryLog() {
  const list = useListParams({ sort: '-created_at', filters: FILTERS, views: ['tab'] });
  const { params, update, filtered, clear } = list;
  const { tab: _tab, ...query } = toQuery(params);
  const deliveries = useDeliveries(query);
  const resend = useResendDelivery();
  const canResend = useCan(['setting_notifications.edit']);
  const { modal } = App.useApp();
  const f = params.filters;

  const confirmResend = (d: Delivery) =>
    modal.confirm({
      title: `Gửi lại tới ${recipientText(d)}?`,
      content: `Tin ${channelLabel(d.channel)} “${d.subject ?? d.body.slice(0, 80)}” sẽ được gửi lại như một lượt gửi mới; lượt cũ vẫn giữ trong nhật ký.`,
      okText: 'Gửi lại',
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await resend.mutateAsync(d.id);
          notifySuccess('Đã xếp tin vào hàng đợi để gửi lại.');
        } catch {
          // The server's refusal is already a toast.
        }
      },
    });

  const columns: TableColumnsType<Delivery> = [
    {
      key: 'created_at',
      title: 'Thời gian',
      dataIndex: 'created_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'created_at'),
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'event',
      title: 'Sự kiện',
      dataIndex: 'event_label',
      width: 200,
      render: (label: string, d) => (
        <Space orientation="vertical" size={0}>
          <span>{label}</span>
          {d.fallback_of && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Thay cho lượt #{d.fallback_of}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'channel', title: 'Kênh', dataIndex: 'channel', width: 110, render: (c: string) => <ChannelTags channels={[c]} /> },
    {
      key: 'recipient',
      title: 'Người nhận',
      width: 220,
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: d.recipient }}>{recipientText(d)}</Typography.Text>
          {d.user && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.user.name}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'status',
      title: 'Trạng thái',
      dataIndex: 'status',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (s: Delivery['status'], d) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[s]}>{DELIVERY_STATUS_LABELS[s] ?? s}</Tag>
          {s === 'failed' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Thử lại lúc {formatDateTime(d.next_attempt_at)}
            </Typography.Text>
          )}
          {s === 'sent' && d.sent_at && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(d.sent_at)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'attempts',
      title: 'Số lần thử',
      dataIndex: 'attempts',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'attempts'),
      render: (n: number, d) => `${n}/${d.max_attempts}`,
    },
    {
      key: 'answer',
      title: 'Phản hồi của nhà cung cấp',
      render: (_, d) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 360 }}>
          {d.last_error && <Typography.Text type="danger">{d.last_error}</Typography.Text>}
          {d.provider_response ? (
            <Typography.Text code ellipsis={{ tooltip: d.provider_response }} style={{ maxWidth: 340, fontSize: 12 }}>
              {d.provider_response}
            </Typography.Text>
          ) : (
            !d.last_error && <Typography.Text type="secondary">—</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 110,
      fixed: 'right',
      render: (_, d) =>
        canResend && ['sent', 'failed', 'dead'].includes(d.status) ? (
          <Tooltip title="Gửi lại tin này như một lượt gửi mới">
            <Button
              type="link"
              size="small"
              icon={<RedoOutlined />}
              onClick={() => confirmResend(d)}
              aria-label={`Gửi lại lượt #${d.id}`}
            >
              Gửi lại
            </Button>
          </Tooltip>
        ) : null,
    },
  ];

  const empty = filtered ? (
    <Empty description="Không có lượt gửi nào khớp bộ lọc">
      <Button onClick={clear}>Xóa bộ lọc</Button>
    </Empty>
  ) : (
    <Empty description="Chưa có tin nào được gửi qua e-mail, SMS hay Zalo" />
  );

  return (
    <>
      <ListFilters list={list} search={{ placeholder: 'Tìm theo người nhận' }}>
        <CsvSelect
          placeholder="Kênh"
          width={180}
          options={DELIVERY_CHANNELS.map((c) => ({ value: c, label: channelLabel(c) }))}
          value={f.channel}
          onChange={(v) => update({ channel: v })}
        />
        <CsvSelect
          placeholder="Trạng thái"
          width={220}
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s] }))}
          value={f.status}
          onChange={(v) => update({ status: v })}
        />
        <Select
          aria-label="Lọc theo sự kiện"
          placeholder="Sự kiện"
          allowClear
          style={{ width: 240 }}
          value={f.event}
          onChange={(v?: string) => update({ event: v ?? null })}
          options={NOTIFICATION_EVENTS.map((e) => ({ value: e, label: EVENT_CATALOGUE[e].label }))}
        />
      </ListFilters>
      <ServerTable<Delivery>
        query={deliveries}
        columns={columns}
        params={params}
        update={update}
        noun="lượt gửi"
        empty={empty}
        scrollX={1300}
      />
    </>
  );
}

/** The address as people read it: a push delivery's recipient is the id of the device (push subscription). */
const recipientText = (d: Delivery) => (d.channel === 'push' ? `Thiết bị #${d.recipient}` : d.recipient);
