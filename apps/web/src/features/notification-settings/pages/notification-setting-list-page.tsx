import { EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import {
  DYNAMIC_RECIPIENT_LABELS,
  EVENT_CATALOGUE,
  EVENT_GROUP_LABELS,
  type EventGroup,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationSetting,
} from '@qlcv/common/schemas/notification-settings';
import { Badge, Button, Card, Empty, Select, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ChannelTags } from '@/components/channel-tags';
import { ServerTable, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { CreateButton, ListFilters } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { DeliveryLog } from '@/features/deliveries';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useNotificationSettings } from '../api/notification-settings-api';
import { DeleteNotificationSettingButton } from '../components/delete-notification-setting-button';

const FILTERS = ['event', 'active'] as const;

/** Notification settings: one per event (tab "Cấu hình") and the delivery log (tab "Nhật ký gửi"). */
export default function NotificationSettingListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'deliveries' ? 'deliveries' : 'settings';
  const canCreate = useCan(['setting_notifications.create']);

  return (
    <>
      <PageHeader
        title="Cấu hình thông báo"
        subtitle="Sự kiện nào gửi thông báo, qua kênh nào (ứng dụng, e-mail, SMS, Zalo, thông báo đẩy), tới ai; và nhật ký các tin đã gửi."
        extra={
          canCreate && tab === 'settings' && <CreateButton label="Thêm cấu hình" to={urlFor('setting_notifications.create')} />
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          // Each tab has its own filters: switching starts from a clean address.
          onChange={(key) => setSearchParams(key === 'deliveries' ? { tab: key } : {}, { replace: true })}
          items={[
            { key: 'settings', label: 'Cấu hình theo sự kiện', children: tab === 'settings' && <SettingsTable /> },
            { key: 'deliveries', label: 'Nhật ký gửi', children: tab === 'deliveries' && <DeliveryLog /> },
          ]}
        />
      </Card>
    </>
  );
}

function SettingsTable() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'event', filters: FILTERS, perPage: 50 });
  const { params, update, filtered, clear } = list;
  const settings = useNotificationSettings(toQuery(params));
  const canShow = useCan(['setting_notifications.show', 'setting_notifications.edit']);
  const canEdit = useCan(['setting_notifications.edit']);
  const f = params.filters;

  const columns: TableColumnsType<NotificationSetting> = [
    {
      key: 'event',
      title: 'Sự kiện',
      dataIndex: 'event_label',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'event'),
      render: (label: string, s) => {
        const group = EVENT_CATALOGUE[s.event as NotificationEvent]?.group as EventGroup | undefined;
        return (
          <Space orientation="vertical" size={0}>
            {canShow ? <Link to={urlFor('setting_notifications.show', { id: s.id })}>{label}</Link> : label}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {group ? EVENT_GROUP_LABELS[group] : ''} · <code>{s.event}</code>
            </Typography.Text>
          </Space>
        );
      },
    },
    {
      key: 'active',
      title: 'Trạng thái',
      dataIndex: 'active',
      width: 120,
      render: (active: boolean) => <Badge status={active ? 'success' : 'default'} text={active ? 'Đang bật' : 'Đã tắt'} />,
    },
    {
      key: 'channels',
      title: 'Kênh gửi',
      dataIndex: 'channels',
      width: 220,
      render: (c: string[]) => <ChannelTags channels={c} />,
    },
    {
      key: 'recipients',
      title: 'Người nhận',
      responsive: ['lg'],
      render: (_, s) => recipientsText(s) || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'title', title: 'Tiêu đề', dataIndex: 'title_template', responsive: ['xl'], ellipsis: true },
    {
      key: 'updated_at',
      title: 'Cập nhật',
      dataIndex: 'updated_at',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'updated_at'),
      responsive: ['md'],
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 160,
      render: (_, s) =>
        canEdit && (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(urlFor('setting_notifications.edit', { id: s.id }))}
              aria-label={`Sửa cấu hình ${s.event_label}`}
            >
              Sửa
            </Button>
            <DeleteNotificationSettingButton setting={s} size="small" />
          </Space>
        ),
    },
  ];

  const empty = filtered ? (
    <Empty description="Không có cấu hình nào khớp bộ lọc">
      <Button onClick={clear}>Xóa bộ lọc</Button>
    </Empty>
  ) : (
    <Empty description="Chưa có cấu hình thông báo nào" />
  );

  return (
    <>
      <ListFilters list={list} search={{ placeholder: 'Tìm theo sự kiện, nội dung' }}>
        <Select
          aria-label="Lọc theo sự kiện"
          placeholder="Sự kiện"
          allowClear
          style={{ width: 240 }}
          value={f.event}
          onChange={(v?: string) => update({ event: v ?? null })}
          options={NOTIFICATION_EVENTS.map((e) => ({ value: e, label: EVENT_CATALOGUE[e].label }))}
        />
        <Select
          aria-label="Lọc theo trạng thái"
          placeholder="Trạng thái"
          allowClear
          style={{ width: 160 }}
          value={f.active}
          onChange={(v?: string) => update({ active: v ?? null })}
          options={[
            { value: 'true', label: 'Đang bật' },
            { value: 'false', label: 'Đã tắt' },
          ]}
        />
      </ListFilters>
      <ServerTable<NotificationSetting>
        query={settings}
        columns={columns}
        params={params}
        update={update}
        noun="cấu hình"
        empty={empty}
        scrollX={900}
      />
    </>
  );
}

/** "Người thực hiện, Trưởng phòng phụ trách · Vai trò: Kế toán · 2 người dùng" */
export function recipientsText(s: NotificationSetting): string {
  const parts = [s.recipients.dynamic.map((d) => DYNAMIC_RECIPIENT_LABELS[d]).join(', ')];
  if (s.recipient_names.roles.length) parts.push(`Vai trò: ${s.recipient_names.roles.map((r) => r.name).join(', ')}`);
  if (s.recipient_names.departments.length)
    parts.push(`Phòng ban: ${s.recipient_names.departments.map((d) => d.name).join(', ')}`);
  if (s.recipient_names.users.length) parts.push(`Người dùng: ${s.recipient_names.users.map((u) => u.name).join(', ')}`);
  return parts.filter(Boolean).join(' · ');
}
