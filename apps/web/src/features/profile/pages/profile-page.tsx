import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { GENDER_LABELS } from '@qlcv/common/labels';
import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import { PageHeader } from '@/components/page-header';
import { LoadingCard } from '@/components/page-states';
import { UserAvatar } from '@/components/user-avatar';
import { useAuthUser } from '@/lib/auth/auth-store';
import { MOBILE_LABEL, MOBILE_PLACEHOLDER } from '@/lib/phone-fields';
import { ChangePasswordForm } from '../components/change-password-form';
import { EditableField, ReadOnlyField } from '../components/editable-field';
import { NotificationPreferencesCard } from '../components/notification-preferences-card';
import { PushDevicesCard } from '../components/push-devices-card';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The signed-in user's own page: details edited one field at a time, and the password. */
export default function ProfilePage() {
  const user = useAuthUser();
  if (!user) return <LoadingCard />;

  return (
    <>
      <PageHeader title="Trang cá nhân" subtitle="Xem và cập nhật thông tin của bạn, đổi mật khẩu." />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card>
            <div style={{ textAlign: 'center' }}>
              <UserAvatar name={user.name} src={user.avatar} size={96} />
              <Typography.Title level={4} style={{ margin: '12px 0 4px' }} data-testid="profile-summary-name">
                {user.name}
              </Typography.Title>
              <Typography.Text type="secondary">
                {[user.position, user.department?.name].filter(Boolean).join(' · ') || 'Chưa có chức danh, phòng ban'}
              </Typography.Text>
              <div style={{ marginTop: 12 }}>
                <Space wrap style={{ justifyContent: 'center' }}>
                  <Tag color="cyan">{user.role.name}</Tag>
                  <Tag>{user.code}</Tag>
                </Space>
              </div>
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin cá nhân">
              <EditableField column="name" label="Họ tên" value={user.name} />
              <EditableField column="email" label="Email" value={user.email} editor="email" placeholder="ten@congty.vn" />
              <EditableField
                column="mobile"
                label={MOBILE_LABEL}
                value={user.mobile}
                editor="tel"
                placeholder={MOBILE_PLACEHOLDER}
              />
              <EditableField
                column="birthday"
                label="Ngày sinh"
                value={user.birthday}
                display={formatDate(user.birthday)}
                editor="date"
              />
              <EditableField
                column="gender"
                label="Giới tính"
                value={user.gender}
                display={user.gender ? GENDER_LABELS[user.gender] : undefined}
                editor="gender"
              />
              <EditableField column="address" label="Địa chỉ" value={user.address} editor="textarea" />
            </Card>
            <Card
              title="Thông tin công việc"
              extra={<Typography.Text type="secondary">Do quản trị viên cập nhật</Typography.Text>}
            >
              <ReadOnlyField label="Mã nhân viên">{user.code}</ReadOnlyField>
              <ReadOnlyField label="Tên đăng nhập">{user.username}</ReadOnlyField>
              <ReadOnlyField label="Vai trò">{user.role.name}</ReadOnlyField>
              <ReadOnlyField label="Phòng ban">{user.department?.name ?? dash}</ReadOnlyField>
              <ReadOnlyField label="Chức danh">{user.position ?? dash}</ReadOnlyField>
              <ReadOnlyField label="Ngày vào làm">{user.joined_at ? formatDate(user.joined_at) : dash}</ReadOnlyField>
              <ReadOnlyField label="Đăng nhập gần nhất">
                {user.last_login_at ? formatDateTime(user.last_login_at) : dash}
              </ReadOnlyField>
            </Card>
            <ChangePasswordForm />
            <PushDevicesCard />
            <NotificationPreferencesCard />
          </Space>
        </Col>
      </Row>
    </>
  );
}
