import { ApartmentOutlined, IdcardOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { MENU_ICONS } from '@/app/layout/menu-icons';
import { buildMenu } from '@/app/menu';
import { urlFor } from '@/app/routes';
import { UserAvatar } from '@/components/user-avatar';
import { useAuthUser, usePermissions } from '@/lib/auth/auth-store';
import { dayjs } from '@/lib/dayjs';

function greeting(hour: number): string {
  if (hour < 11) return 'Chào buổi sáng';
  if (hour < 14) return 'Chào buổi trưa';
  if (hour < 18) return 'Chào buổi chiều';
  return 'Chào buổi tối';
}

/** The dashboard: greets the user with their role and department and links to every section they may open. */
export default function DashboardPage() {
  const user = useAuthUser();
  const permissions = usePermissions();
  const sections = useMemo(
    () =>
      buildMenu(permissions)
        .map((s) => ({ ...s, routes: s.routes.filter((r) => r.name !== 'dashboard.index') }))
        .filter((s) => s.routes.length > 0),
    [permissions],
  );
  const now = dayjs();
  const today = now.format('dddd, DD/MM/YYYY');

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Card>
        <div style={{ display: 'flex', gap: 20, alignItems: 'center', flexWrap: 'wrap' }}>
          <UserAvatar name={user?.name} src={user?.avatar} size={64} />
          <div style={{ flex: 1, minWidth: 240 }}>
            <Typography.Text type="secondary">{today.charAt(0).toUpperCase() + today.slice(1)}</Typography.Text>
            <Typography.Title level={3} style={{ margin: '4px 0 8px' }}>
              {greeting(now.hour())}, {user?.name}!
            </Typography.Title>
            <Space wrap size={[8, 8]}>
              <Tag icon={<IdcardOutlined />} color="cyan" data-testid="user-role">
                Vai trò: {user?.role?.name ?? '—'}
              </Tag>
              <Tag icon={<ApartmentOutlined />} data-testid="user-department">
                Phòng ban: {user?.department?.name ?? 'Chưa thuộc phòng ban'}
              </Tag>
            </Space>
          </div>
        </div>
      </Card>

      <section aria-labelledby="sections-title">
        <Typography.Title level={4} id="sections-title" style={{ marginTop: 0 }}>
          Chức năng của bạn
        </Typography.Title>
        {sections.length === 0 ? (
          <Card>
            <Empty description="Tài khoản của bạn chưa được cấp quyền dùng chức năng nào. Hãy liên hệ quản trị viên." />
          </Card>
        ) : (
          <Space orientation="vertical" size={20} style={{ width: '100%' }}>
            {sections.map(({ group, routes }) => (
              <div key={group.key}>
                <Typography.Text strong type="secondary" style={{ display: 'block', marginBottom: 10 }}>
                  {group.label}
                </Typography.Text>
                <Row gutter={[16, 16]}>
                  {routes.map((r) => (
                    <Col key={r.name} xs={24} sm={12} lg={8} xxl={6}>
                      <Link to={urlFor(r.name)} aria-label={r.label} style={{ display: 'block', height: '100%' }}>
                        <Card className="qlcv-section-card" size="small">
                          <div style={{ display: 'flex', gap: 12 }}>
                            <span style={{ fontSize: 22, color: '#0b7a75', lineHeight: 1 }}>{MENU_ICONS[group.icon]}</span>
                            <div>
                              <Typography.Text strong>{r.label}</Typography.Text>
                              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 13 }}>
                                {r.description}
                              </Typography.Paragraph>
                            </div>
                          </div>
                        </Card>
                      </Link>
                    </Col>
                  ))}
                </Row>
              </div>
            ))}
          </Space>
        )}
      </section>
    </Space>
  );
}
