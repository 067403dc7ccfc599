import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Breadcrumb, Button, Dropdown, Layout, Menu, type MenuProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-logo';
import { UserAvatar } from '@/components/user-avatar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { appState } from '@/lib/app-state';
import { signOut, useAuthUser, usePermissions } from '@/lib/auth/auth-store';
import { PageAlert } from '@/lib/notify/page-alert';
import { useNotificationStream } from '@/lib/realtime/use-notification-stream';
import { MENU_ROUTES, urlFor } from '@/lib/routes';
import { buildMenu, menuRouteFor } from '../menu';
import { MENU_ICONS } from './menu-icons';
import { useCurrentRoute } from './use-current-route';
import './phone.css';

const HEADER_STYLE = { padding: '0 20px', background: '#fff' } as const;

/** The admin area: sidebar menu, header with the user, breadcrumbs, the page. */
export function AdminLayout() {
  const user = useAuthUser();
  const permissions = usePermissions();
  const breadcrumbs = appState.use((s) => s.breadcrumbs);
  const navigate = useNavigate();
  const { route } = useCurrentRoute();
  const [collapsed, setCollapsed] = useState(false);
  // Live notifications while signed in: the bell's badge and the lists follow without a reload.
  useNotificationStream();
  const [narrow, setNarrow] = useState(false);

  const sections = useMemo(() => buildMenu(permissions, user), [permissions, user]);
  const selected = route ? menuRouteFor(route.name) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selected?.group ? [selected.group] : []));

  const items: MenuProps['items'] = sections.map(({ group, routes }) => {
    const icon = MENU_ICONS[group.icon];
    // A group that holds one screen by design (overview, notifications) is a plain item.
    if (MENU_ROUTES.filter((r) => r.group === group.key).length === 1 && routes[0]) {
      const r = routes[0];
      return { key: r.name, icon, label: <Link to={urlFor(r.name)}>{r.label}</Link> };
    }
    return {
      key: group.key,
      icon,
      label: group.label,
      children: routes.map((r) => ({ key: r.name, label: <Link to={urlFor(r.name)}>{r.label}</Link> })),
    };
  });

  const onUserMenu: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') navigate(urlFor('personal.profile'));
    if (key === 'logout') {
      await signOut();
      navigate(urlFor('auth.login'), { replace: true });
    }
  };

  // <App> here, not in the shell: its modal (App.useApp().modal) serves admin pages only.
  return (
    <App component={false}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider
          className="qlcv-sider"
          style={{ position: 'sticky', top: 0 }}
          theme="light"
          width={256}
          breakpoint="lg"
          collapsedWidth={narrow ? 0 : 72}
          collapsible
          trigger={null}
          collapsed={collapsed}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setCollapsed(broken);
          }}
        >
          <Link to={urlFor('dashboard.index')} className="qlcv-sider-logo" aria-label="Về trang tổng quan">
            <BrandMark size={32} />
            {!collapsed && <span>Quan trắc & Kỹ thuật</span>}
          </Link>
          <nav aria-label="Menu chính">
            <Menu
              mode="inline"
              items={items}
              selectedKeys={selected ? [selected.name] : []}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={setOpenKeys}
              onClick={() => narrow && setCollapsed(true)}
              style={{ borderInlineEnd: 0, paddingBlock: 8 }}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header className="qlcv-header" style={HEADER_STYLE}>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={collapsed ? 'Mở menu' : 'Thu gọn menu'}
            />
            <span style={{ flex: 1 }} />
            <NotificationBell />
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              // Inside the sticky header: the menu stays with it and opening it never scrolls the page.
              getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
              menu={{
                onClick: onUserMenu,
                items: [
                  { key: 'profile', icon: <UserOutlined />, label: 'Trang cá nhân' },
                  { type: 'divider' },
                  { key: 'logout', icon: <LogoutOutlined />, label: 'Đăng xuất', danger: true },
                ],
              }}
            >
              <button type="button" className="qlcv-user-button" data-testid="user-menu" aria-label="Tài khoản">
                <UserAvatar name={user?.name} src={user?.avatar} />
                <span className="qlcv-user-meta">
                  <Typography.Text strong>{user?.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {user?.role?.name}
                  </Typography.Text>
                </span>
              </button>
            </Dropdown>
          </Layout.Header>
          <Layout.Content className="qlcv-content">
            {breadcrumbs.length > 0 && (
              <Breadcrumb
                style={{ marginBottom: 16 }}
                items={breadcrumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.label}</Link> : c.label }))}
              />
            )}
            <PageAlert />
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  );
}
