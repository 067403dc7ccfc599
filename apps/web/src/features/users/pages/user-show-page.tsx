import { EditOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { timeAgo } from '@qlcv/common/format/relative-time';
import { GENDER_LABELS, USER_STATUS_LABELS } from '@qlcv/common/labels';
import { Button, Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { type HistoryView, historyValue, RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { UserAvatar } from '@/components/user-avatar';
import { useCan } from '@/lib/permissions/can';
import { MOBILE_LABEL } from '@/lib/phone-fields';
import { urlFor } from '@/lib/routes';
import { useUser } from '../api/users-api';
import { DeleteUserButton } from '../components/delete-user-button';
import { LockToggleButton } from '../components/lock-toggle-button';
import { UserStatusTag } from '../components/user-status-tag';

/** How the user's "Lịch sử" reads. */
const USER_HISTORY: HistoryView = {
  fieldLabels: {
    name: 'Họ tên',
    username: 'Tên đăng nhập',
    email: 'Email',
    mobile: MOBILE_LABEL,
    role: 'Vai trò',
    department: 'Phòng ban',
    position: 'Chức danh',
    gender: 'Giới tính',
    birthday: 'Ngày sinh',
    joined_at: 'Ngày vào làm',
    address: 'Địa chỉ',
    avatar: 'Ảnh đại diện',
    status: 'Trạng thái',
    leave_balance: 'Số ngày phép',
  },
  formatValue: (field, value) => {
    if (field === 'gender') return GENDER_LABELS[String(value)] ?? String(value);
    if (field === 'status') return USER_STATUS_LABELS[String(value)] ?? String(value);
    return historyValue(value);
  },
};

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export default function UserShowPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  const navigate = useNavigate();
  const canEdit = useCan(['users.edit']);

  if (user.isPending) return <LoadingCard rows={10} />;
  if (user.isError)
    return (
      <LoadError
        error={user.error}
        onRetry={() => user.refetch()}
        notFoundTitle="Không tìm thấy người dùng"
        back={<Button onClick={() => navigate(urlFor('users.index'))}>Về danh sách người dùng</Button>}
      />
    );
  const u = user.data;

  return (
    <>
      <PageHeader
        title={u.name}
        subtitle={`Mã nhân viên ${u.code}`}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('users.edit', { id: u.id }))}>
                Sửa
              </Button>
              <LockToggleButton user={u} type="default" />
              <DeleteUserButton user={u} onDeleted={() => navigate(urlFor('users.index'), { replace: true })} />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card data-testid="profile-card">
              <div style={{ display: 'flex', gap: 20, alignItems: 'center', flexWrap: 'wrap' }}>
                <UserAvatar name={u.name} src={u.avatar} size={72} />
                <div style={{ flex: 1, minWidth: 220 }}>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {u.name}
                  </Typography.Title>
                  <Typography.Text type="secondary">
                    {[u.position, u.department?.name].filter(Boolean).join(' · ') || 'Chưa có chức danh, phòng ban'}
                  </Typography.Text>
                  <div style={{ marginTop: 8 }}>
                    <Space wrap size={[8, 8]}>
                      <Tag color="cyan">{u.role.name}</Tag>
                      <UserStatusTag status={u.status} />
                    </Space>
                  </div>
                </div>
                <Space orientation="vertical" size={4}>
                  {u.mobile && (
                    <a href={`tel:${u.mobile}`}>
                      <PhoneOutlined /> {u.mobile}
                    </a>
                  )}
                  {u.email && (
                    <a href={`mailto:${u.email}`}>
                      <MailOutlined /> {u.email}
                    </a>
                  )}
                </Space>
              </div>
            </Card>
            <Card title="Thông tin chi tiết">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã nhân viên', children: u.code },
                  { key: 'username', label: 'Tên đăng nhập', children: u.username },
                  { key: 'email', label: 'Email', children: u.email ?? dash },
                  { key: 'mobile', label: MOBILE_LABEL, children: u.mobile ?? dash },
                  { key: 'role', label: 'Vai trò', children: u.role.name },
                  { key: 'department', label: 'Phòng ban', children: u.department?.name ?? dash },
                  { key: 'position', label: 'Chức danh', children: u.position ?? dash },
                  { key: 'gender', label: 'Giới tính', children: u.gender ? (GENDER_LABELS[u.gender] ?? u.gender) : dash },
                  { key: 'birthday', label: 'Ngày sinh', children: u.birthday ? formatDate(u.birthday) : dash },
                  { key: 'joined_at', label: 'Ngày vào làm', children: u.joined_at ? formatDate(u.joined_at) : dash },
                  {
                    key: 'last_login',
                    label: 'Đăng nhập gần nhất',
                    children: u.last_login_at
                      ? `${formatDateTime(u.last_login_at)} (${timeAgo(u.last_login_at)})`
                      : 'Chưa đăng nhập',
                  },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(u.created_at) },
                  { key: 'address', label: 'Địa chỉ', span: 'filled', children: u.address ?? dash },
                ]}
              />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="users" id={u.id} {...USER_HISTORY} />
        </Col>
      </Row>
    </>
  );
}
