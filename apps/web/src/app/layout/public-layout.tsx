import { FormOutlined, SearchOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandMark } from '@/components/brand-logo';
import { PageAlert } from '@/lib/notify/page-alert';
import { urlFor } from '@/lib/routes';
import { APP_TITLE } from './root-layout';

/**
 * The public request pages: the company mark and name, and the two pages as compact links. One line from 360 px up:
 * on a phone the name gives way to the mark alone (it stays the link's name for screen readers).
 */
export function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="qlcv-header qlcv-public-header">
        <Link to={urlFor('public.requests.index')} className="qlcv-logo" aria-label={APP_TITLE}>
          <BrandMark size={32} />
          <span className="qlcv-public-title">{APP_TITLE}</span>
        </Link>
        <nav className="qlcv-public-nav" aria-label="Trang khách hàng">
          <NavLink to={urlFor('public.requests.index')} end className="qlcv-public-link">
            <FormOutlined aria-hidden />
            <span>Gửi yêu cầu</span>
          </NavLink>
          <NavLink to={urlFor('public.requests.result')} end className="qlcv-public-link">
            <SearchOutlined aria-hidden />
            <span>Xem kết quả</span>
          </NavLink>
        </nav>
      </Layout.Header>
      <Layout.Content className="qlcv-content qlcv-public-content">
        <PageAlert />
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
