import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '@/components/brand-logo';
import { PageAlert } from '@/lib/notify/page-alert';
import { urlFor } from '../routes';
import { APP_TITLE } from './root-layout';

/** The public request pages: a simple header with the company name. */
export function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="qlcv-header" style={{ padding: '0 20px', background: '#fff' }}>
        <Link to={urlFor('public.requests.index')} className="qlcv-logo" style={{ color: '#0b7a75' }}>
          <BrandMark size={32} />
          <span>{APP_TITLE}</span>
        </Link>
        <span style={{ flex: 1 }} />
        <Link to={urlFor('public.requests.index')}>Gửi yêu cầu</Link>
        <Link to={urlFor('public.requests.result')}>Xem kết quả</Link>
      </Layout.Header>
      <Layout.Content className="qlcv-content" style={{ maxWidth: 960 }}>
        <PageAlert />
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
