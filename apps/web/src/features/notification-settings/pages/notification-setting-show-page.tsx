import { EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import {
  DYNAMIC_RECIPIENT_LABELS,
  EVENT_CATALOGUE,
  EVENT_GROUP_LABELS,
  type NotificationEvent,
  PLACEHOLDERS,
} from '@qlcv/common/schemas/notification-settings';
import { Badge, Button, Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ChannelTags } from '@/components/channel-tags';
import { type HistoryView, historyValue, RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useNotificationPreview, useNotificationSetting } from '../api/notification-settings-api';
import { DeleteNotificationSettingButton } from '../components/delete-notification-setting-button';

const SETTING_HISTORY: HistoryView = {
  fieldLabels: {
    event: 'Sự kiện',
    active: 'Trạng thái',
    channels: 'Kênh gửi',
    recipients: 'Người nhận',
    title_template: 'Mẫu tiêu đề',
    body_template: 'Mẫu nội dung',
  },
  formatValue: (field, value) => {
    if (field === 'active') return value ? 'Đang bật' : 'Đã tắt';
    if (field === 'recipients' && value && typeof value === 'object') {
      const r = value as { dynamic?: string[]; roles?: number[]; departments?: number[]; users?: number[] };
      const parts = (r.dynamic ?? []).map((d) => DYNAMIC_RECIPIENT_LABELS[d as keyof typeof DYNAMIC_RECIPIENT_LABELS] ?? d);
      if (r.roles?.length) parts.push(`${r.roles.length} vai trò`);
      if (r.departments?.length) parts.push(`${r.departments.length} phòng ban`);
      if (r.users?.length) parts.push(`${r.users.length} người dùng`);
      return parts.join(', ') || '—';
    }
    return historyValue(value);
  },
};

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const names = (list: { id: number; name: string }[]) => (list.length ? list.map((x) => x.name).join(', ') : dash);

export default function NotificationSettingShowPage() {
  const id = Number(useParams().id);
  const setting = useNotificationSetting(id);
  const navigate = useNavigate();
  const canEdit = useCan(['setting_notifications.edit']);
  const s = setting.data;
  const preview = useNotificationPreview(
    s ? { event: s.event as NotificationEvent, title_template: s.title_template, body_template: s.body_template } : null,
  );

  if (setting.isPending) return <LoadingCard rows={10} />;
  if (setting.isError || !s)
    return (
      <LoadError
        error={setting.error}
        onRetry={() => setting.refetch()}
        notFoundTitle="Không tìm thấy cấu hình thông báo"
        back={<Button onClick={() => navigate(urlFor('setting_notifications.index'))}>Về danh sách cấu hình</Button>}
      />
    );
  const def = EVENT_CATALOGUE[s.event as NotificationEvent];

  return (
    <>
      <PageHeader
        title={
          <Space size={8} wrap>
            {s.event_label}
            <Badge status={s.active ? 'success' : 'default'} text={s.active ? 'Đang bật' : 'Đã tắt'} />
          </Space>
        }
        subtitle={def ? `${EVENT_GROUP_LABELS[def.group]} · ${s.event}` : s.event}
        extra={
          canEdit && (
            <>
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(urlFor('setting_notifications.edit', { id: s.id }))}
              >
                Sửa
              </Button>
              <DeleteNotificationSettingButton
                setting={s}
                type="default"
                onDeleted={() => navigate(urlFor('setting_notifications.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Kênh gửi và người nhận">
              <Descriptions
                column={1}
                items={[
                  { key: 'channels', label: 'Kênh gửi', children: <ChannelTags channels={s.channels} /> },
                  {
                    key: 'dynamic',
                    label: 'Theo hồ sơ',
                    children: s.recipients.dynamic.length
                      ? s.recipients.dynamic.map((d) => <Tag key={d}>{DYNAMIC_RECIPIENT_LABELS[d]}</Tag>)
                      : dash,
                  },
                  { key: 'roles', label: 'Vai trò', children: names(s.recipient_names.roles) },
                  { key: 'departments', label: 'Phòng ban', children: names(s.recipient_names.departments) },
                  { key: 'users', label: 'Người dùng', children: names(s.recipient_names.users) },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(s.updated_at) },
                ]}
              />
            </Card>
            <Card title="Mẫu nội dung">
              <Descriptions
                column={1}
                items={[
                  { key: 'title', label: 'Tiêu đề', children: <Typography.Text code>{s.title_template}</Typography.Text> },
                  {
                    key: 'body',
                    label: 'Nội dung',
                    children: (
                      <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                        {s.body_template}
                      </Typography.Paragraph>
                    ),
                  },
                ]}
              />
              {def && (
                <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
                  Biến dùng được: {def.placeholders.map((p) => `{{${p}}} (${PLACEHOLDERS[p].label})`).join(', ')}
                </Typography.Paragraph>
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={10}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Xem trước với dữ liệu mẫu" data-testid="notification-preview">
              <Typography.Text strong data-testid="preview-title">
                {preview.data?.title ?? '…'}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }} data-testid="preview-body">
                {preview.data?.body ?? ''}
              </Typography.Paragraph>
            </Card>
            <Card>
              <Link to={`${urlFor('setting_notifications.index')}?tab=deliveries&event=${s.event}`}>
                Xem nhật ký gửi của sự kiện này
              </Link>
            </Card>
            <RecordHistory entity="notification_settings" id={s.id} {...SETTING_HISTORY} />
          </Space>
        </Col>
      </Row>
    </>
  );
}
